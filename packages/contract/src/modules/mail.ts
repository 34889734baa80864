import { z } from 'zod';
import { MailSecurity, mailSecurityLabels, mailStatusLabels } from '../enums/mail';
import { codedIssue, formatRegex } from '../errors';
import { zDateTime, zEmail, zEnum, zOptionalText, zText } from '../fields';

// E-mail beside the bell (issue 29): the organisation's SMTP settings, a user's choice to receive
// messages by e-mail, and what became of each recipient's e-mail.

// The languages an e-mail is written in: the recipient's choice, else the organisation's default.
export const MAIL_LANGS = ['en', 'zh'] as const;
export const zMailLang = z.enum(MAIL_LANGS);
export type MailLang = z.infer<typeof zMailLang>;

// A host name (letters, digits, inner hyphens, dots) or an IPv4 / IPv6 address.
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[?[0-9A-Fa-f:.]+\]?)$/;
// What goes into a mail header as it is (the sender's name): one line, no control characters.
const ONE_LINE = /^\P{Cc}*$/u;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// An IANA time zone the runtime knows (Intl throws on an unknown one), in the browser and on the server.
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
export const zTimeZone = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine(isTimeZone, codedIssue('invalidFormat', { format: 'timeZone' }));

export const zEmailAddress = zText(254).regex(...formatRegex(EMAIL, 'email'));

const settingsFields = {
  enabled: z.boolean().default(false),
  host: zOptionalText(253, HOST, 'host'),
  port: z.number().int().min(1).max(65_535).default(587),
  security: zEnum(mailSecurityLabels).default(MailSecurity.StartTls),
  userName: zOptionalText(254, ONE_LINE, 'oneLine'),
  fromAddress: zEmail,
  fromName: zOptionalText(100, ONE_LINE, 'oneLine'),
  // The language of e-mails to people who have not chosen one, and the zone their dates are shown in.
  lang: zMailLang.default('zh'),
  timeZone: zTimeZone.default('Asia/Shanghai'),
};

// Saving the settings: an empty password keeps the stored one (the API never sends it back);
// `forgetPassword` removes it.
export const zMailSettings = z
  .object({
    ...settingsFields,
    password: z.union([z.string().max(256), z.null()]).optional(),
    forgetPassword: z.boolean().default(false),
  })
  .superRefine((s, ctx) => {
    if (!s.enabled) return;
    if (!s.host) ctx.addIssue({ code: 'custom', path: ['host'], ...codedIssue('required') });
    if (!s.fromAddress) ctx.addIssue({ code: 'custom', path: ['fromAddress'], ...codedIssue('required') });
  });
export type MailSettings = z.input<typeof zMailSettings>;

export const zMailSettingsRow = z.object({
  enabled: z.boolean(),
  host: z.string().nullable(),
  port: z.number().int(),
  security: zEnum(mailSecurityLabels),
  userName: z.string().nullable(),
  // Whether a password is stored; the password itself never leaves the server.
  passwordSet: z.boolean(),
  fromAddress: z.string().nullable(),
  fromName: z.string().nullable(),
  lang: zMailLang,
  timeZone: z.string(),
  updateTime: zDateTime.nullable(),
});
export type MailSettingsRow = z.infer<typeof zMailSettingsRow>;

// A test e-mail through the saved settings, sent while the caller waits.
export const zTestMailRequest = z.object({ to: zEmailAddress });
export const zTestMailResult = z.object({
  to: z.string(),
  // The SMTP server's answer ("250 2.0.0 Ok: queued as ...").
  response: z.string(),
});
export type TestMailResult = z.infer<typeof zTestMailResult>;

// A user's own choice: receive messages and notices by e-mail, and in which language.
export const zMailPreferences = z.object({
  receive: z.boolean(),
  // null: the organisation's default language.
  lang: zMailLang.nullable().default(null),
});
export type MailPreferences = z.input<typeof zMailPreferences>;
export const zMailPreferencesRow = z.object({
  receive: z.boolean(),
  lang: zMailLang.nullable(),
  // Where the e-mails go (the profile's address), and whether the organisation sends any at all.
  address: z.string().nullable(),
  schoolSends: z.boolean(),
});
export type MailPreferencesRow = z.infer<typeof zMailPreferencesRow>;

// One recipient's e-mail, beside their receipt.
export const zMailDelivery = z.object({
  status: zEnum(mailStatusLabels),
  address: z.string().nullable(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  at: zDateTime,
});
export type MailDelivery = z.infer<typeof zMailDelivery>;
// A message's e-mails counted: sent, failed (failed or refused) and skipped (no address, opted out,
// withdrawn before they went).
export const zMailCounts = z.object({
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
});
export type MailCounts = z.infer<typeof zMailCounts>;
