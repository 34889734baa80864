import {
  type MailLang,
  MailSecurity,
  type MailSettingsRow,
  type TestMailResult,
  type zMailSettings,
} from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { businessError } from '../../platform/errors';
import { organizations } from '../../platform/organizations.table';
import { renderTestMail } from '../mail/mail-render';
import { openSecret, sealSecret } from '../mail/mail-secret';
import { failureOf, openTransport, type SmtpSettings, sendMail } from '../mail/mail-transport';
import { mailSettings } from './system-config.table';

// The organisation's SMTP settings (issue 29): read and written by those who may change the
// settings, the password sealed (mail-secret.ts) and only ever answered as set or not set.

type Stored = typeof mailSettings.$inferSelect;

const DEFAULTS = { enabled: false, port: 587, security: MailSecurity.StartTls, lang: 'zh', timeZone: 'Asia/Shanghai' };

function rowOf(s: Stored | undefined): MailSettingsRow {
  return {
    enabled: s?.enabled ?? DEFAULTS.enabled,
    host: s?.host ?? null,
    port: s?.port ?? DEFAULTS.port,
    security: (s?.security ?? DEFAULTS.security) as MailSecurity,
    userName: s?.userName ?? null,
    passwordSet: Boolean(s?.password),
    fromAddress: s?.fromAddress ?? null,
    fromName: s?.fromName ?? null,
    lang: (s?.lang ?? DEFAULTS.lang) as MailLang,
    timeZone: s?.timeZone ?? DEFAULTS.timeZone,
    updateTime: s?.updateTime.toISOString() ?? null,
  };
}

async function stored(db: DbOrTx, orgId: number): Promise<Stored | undefined> {
  const [s] = await db.select().from(mailSettings).where(eq(mailSettings.organizationId, orgId));
  return s;
}

export async function getMailSettings(ctx: RequestContext): Promise<MailSettingsRow> {
  return rowOf(await stored(ctx.db, ctx.orgId));
}

export async function saveMailSettings(
  ctx: RequestContext,
  input: z.output<typeof zMailSettings>,
): Promise<MailSettingsRow> {
  const values = {
    enabled: input.enabled,
    host: input.host,
    port: input.port,
    security: input.security,
    userName: input.userName,
    fromAddress: input.fromAddress,
    fromName: input.fromName,
    lang: input.lang,
    timeZone: input.timeZone,
    updateTime: new Date(),
  };
  // An empty password keeps the stored one; forgetting it wins over a new one sent with it.
  const password = input.forgetPassword
    ? { password: null }
    : input.password
      ? { password: sealSecret(input.password) }
      : {};
  const [saved] = await ctx.db
    .insert(mailSettings)
    .values({ organizationId: ctx.orgId, ...values, ...password })
    .onConflictDoUpdate({ target: mailSettings.organizationId, set: { ...values, ...password } })
    .returning();
  return rowOf(saved);
}

// Whether published messages go out by e-mail now (read inside the publishing transaction).
export async function mailIsOn(db: DbOrTx, orgId: number): Promise<boolean> {
  const [s] = await db
    .select({ on: mailSettings.enabled })
    .from(mailSettings)
    .where(eq(mailSettings.organizationId, orgId));
  return Boolean(s?.on);
}

export interface OrgMail extends SmtpSettings {
  // The organisation's name (the e-mails' wrapper), default language and time zone.
  school: string;
  lang: MailLang;
  timeZone: string;
  // The stored password could not be unsealed (LYCEUM_SECRET changed): it must be entered again.
  passwordLost: boolean;
}

// What sending needs, or null while e-mail is off.
export async function orgMail(db: DbOrTx, orgId: number): Promise<OrgMail | null> {
  const [row] = await db
    .select({ s: mailSettings, school: organizations.name })
    .from(mailSettings)
    .innerJoin(organizations, eq(organizations.id, mailSettings.organizationId))
    .where(eq(mailSettings.organizationId, orgId));
  const s = row?.s;
  if (!s?.enabled || !s.host || !s.fromAddress) return null;
  const password = s.password ? openSecret(s.password) : null;
  return {
    host: s.host,
    port: s.port,
    security: s.security as MailSecurity,
    userName: s.userName,
    password,
    fromAddress: s.fromAddress,
    fromName: s.fromName,
    school: row.school,
    lang: s.lang as MailLang,
    timeZone: s.timeZone,
    passwordLost: Boolean(s.password) && password === null,
  };
}

export const PASSWORD_LOST = 'the stored SMTP password cannot be read (LYCEUM_SECRET changed): enter it again';

// A test e-mail through the saved settings while the caller waits: the server's answer, or its
// refusal as the reason.
export async function sendTestMail(ctx: RequestContext, to: string): Promise<TestMailResult> {
  const mail = await orgMail(ctx.db, ctx.orgId);
  if (!mail) throw businessError('mailOff');
  if (mail.passwordLost) throw businessError('mailFailed', { reason: PASSWORD_LOST });
  const transport = openTransport(mail, false);
  try {
    const response = await sendMail(transport, mail, renderTestMail(to, mail.school, mail.lang));
    return { to, response };
  } catch (err) {
    throw businessError('mailFailed', { reason: failureOf(err).text });
  } finally {
    transport.close();
  }
}
