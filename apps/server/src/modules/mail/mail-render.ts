import type { MailLang } from '@lyceum/contract';
import { sanitizeRichText } from '../../platform/sanitize';
import type { OutgoingMail } from './mail-transport';

// What an e-mail says around a message, in English and Simplified Chinese: an HTML part (the
// message's rich text, cleaned again, in a plain wrapper with inline styles, as mail readers want)
// and a plain-text part with the same words.

type Words = Record<MailLang, string>;
const WORDS = {
  intro: { en: 'You have a new message from {{school}}.', zh: '您收到一条来自{{school}}的新消息。' },
  from: { en: 'From', zh: '发件人' },
  sent: { en: 'Sent', zh: '发送时间' },
  needRead: {
    en: 'Please sign in to confirm that you have read it.',
    zh: '请登录系统确认您已阅读此消息。',
  },
  attachments: {
    en: 'It has {{count}} attachment(s): sign in to open them.',
    zh: '此消息有 {{count}} 个附件，请登录系统查看。',
  },
  image: { en: '[image: sign in to see it]', zh: '[图片：请登录系统查看]' },
  footer: {
    en: 'You receive this e-mail because you have an account at {{school}}. To stop these e-mails, turn off “Receive messages by e-mail” in your profile.',
    zh: '您收到此邮件是因为您在{{school}}拥有账户。如不想再收到此类邮件，请在个人信息中关闭“通过邮件接收消息”。',
  },
  testSubject: { en: 'Test e-mail from {{school}}', zh: '来自{{school}}的测试邮件' },
  testBody: {
    en: 'This is a test e-mail sent with the e-mail settings of {{school}}. If you can read it, messages can go out by e-mail.',
    zh: '这是一封使用{{school}}邮件设置发送的测试邮件。如果您能看到它，说明消息可以通过邮件发送。',
  },
} satisfies Record<string, Words>;

function say(key: keyof typeof WORDS, lang: MailLang, params: Record<string, string | number> = {}): string {
  return WORDS[key][lang].replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k] ?? ''));
}

// A header's text on one line (a title may hold line breaks).
const oneLine = (text: string) => text.replace(/\s*[\r\n]+\s*/g, ' ');

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// A date-time as people of that language read it, in the organisation's time zone.
export function mailTime(value: Date | string, lang: MailLang, timeZone: string): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return String(value);
  return new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(d);
}

// Rich text as an e-mail carries it: cleaned by the question bank's rules once more (nothing that
// runs), and our own uploads, which a mail reader cannot fetch without a session, named instead.
export function mailHtml(html: string, lang: MailLang): string {
  return sanitizeRichText(html).replace(/<img\b[^>]*\bsrc="\/[^"]*"[^>]*>/g, escapeHtml(say('image', lang)));
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

// The plain-text part: block ends become line breaks, list items dashes, links "text (address)".
export function htmlToText(html: string): string {
  return html
    .replace(/<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, text: string) =>
      text.replace(/<[^>]*>/g, '').trim() === href ? href : `${text} (${href})`,
    )
    .replace(/<img\b[^>]*\balt="([^"]*)"[^>]*>/gi, '$1')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<(br|hr)\b[^>]*>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|tr|blockquote|pre|table|ul|ol)>/gi, '\n')
    .replace(/<\/t[dh]>/gi, '\t')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, e: string) => {
      if (e[0] === '#') {
        const n = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
        return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : whole;
      }
      return ENTITIES[e.toLowerCase()] ?? whole;
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export interface MessageMailInput {
  to: string;
  lang: MailLang;
  school: string;
  // Already in the recipient's language (a notice is worded for them).
  title: string;
  // Rich text (HTML).
  body: string;
  // The sender's name, or the school for the product's notices.
  sender: string;
  sentAt: Date;
  timeZone: string;
  needRead: boolean;
  attachments: number;
}

const page = (inner: string) =>
  `<!DOCTYPE html><html><head><meta charset="utf-8"></head><body style="margin:0;padding:24px;background:#f5f5f5;font-family:-apple-system,'Segoe UI',Roboto,'PingFang SC','Microsoft YaHei',sans-serif;color:#1f1f1f;line-height:1.6"><div style="max-width:640px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">${inner}</div></body></html>`;
const muted = (text: string) => `<p style="color:#595959;font-size:13px;margin:0 0 12px">${text}</p>`;

export function renderMessageMail(m: MessageMailInput): OutgoingMail {
  const { lang } = m;
  const school = { school: m.school };
  const when = mailTime(m.sentAt, lang, m.timeZone);
  const notes = [
    ...(m.attachments > 0 ? [say('attachments', lang, { count: m.attachments })] : []),
    ...(m.needRead ? [say('needRead', lang)] : []),
  ];
  const html = page(
    [
      muted(escapeHtml(say('intro', lang, school))),
      `<h2 style="font-size:20px;margin:0 0 8px">${escapeHtml(m.title)}</h2>`,
      muted(
        `${escapeHtml(say('from', lang))}: ${escapeHtml(m.sender)} · ${escapeHtml(say('sent', lang))}: ${escapeHtml(when)}`,
      ),
      `<div style="font-size:15px">${mailHtml(m.body, lang)}</div>`,
      ...notes.map((n) => `<p style="margin:16px 0 0"><strong>${escapeHtml(n)}</strong></p>`),
      `<hr style="border:none;border-top:1px solid #e8e8e8;margin:24px 0 12px">`,
      muted(escapeHtml(say('footer', lang, school))),
    ].join(''),
  );
  const text = [
    say('intro', lang, school),
    '',
    m.title,
    `${say('from', lang)}: ${m.sender}`,
    `${say('sent', lang)}: ${when}`,
    '',
    htmlToText(mailHtml(m.body, lang)),
    ...(notes.length ? ['', ...notes] : []),
    '',
    '--',
    say('footer', lang, school),
  ].join('\n');
  return { to: m.to, subject: oneLine(`[${m.school}] ${m.title}`), html, text };
}

export function renderTestMail(to: string, school: string, lang: MailLang): OutgoingMail {
  const subject = oneLine(say('testSubject', lang, { school }));
  const body = say('testBody', lang, { school });
  return {
    to,
    subject,
    html: page(`<h2 style="font-size:20px;margin:0 0 8px">${escapeHtml(subject)}</h2><p>${escapeHtml(body)}</p>`),
    text: `${subject}\n\n${body}`,
  };
}
