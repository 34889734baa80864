import { MailSecurity } from '@lyceum/contract';
import nodemailer, { type Transporter } from 'nodemailer';

// The organisation's SMTP server through nodemailer: one connection per job batch (pooled, so a
// batch's e-mails share it), short timeouts so a dead server fails an attempt quickly, and no file
// or URL access from message content.

export interface SmtpSettings {
  host: string;
  port: number;
  security: MailSecurity;
  userName: string | null;
  password: string | null;
  fromAddress: string;
  fromName: string | null;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export function openTransport(s: SmtpSettings, pooled: boolean): Transporter {
  return nodemailer.createTransport({
    host: s.host,
    port: s.port,
    secure: s.security === MailSecurity.Tls,
    requireTLS: s.security === MailSecurity.StartTls,
    ignoreTLS: s.security === MailSecurity.None,
    ...(s.userName ? { auth: { user: s.userName, pass: s.password ?? '' } } : {}),
    ...(pooled ? { pool: true, maxConnections: 1 } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
}

// Sends one e-mail; answers the server's reply ("250 2.0.0 Ok: queued").
export async function sendMail(transport: Transporter, from: SmtpSettings, mail: OutgoingMail): Promise<string> {
  const info = (await transport.sendMail({
    from: from.fromName ? { name: from.fromName, address: from.fromAddress } : from.fromAddress,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    // Base64 keeps Chinese text intact through any relay.
    textEncoding: 'base64',
  })) as { response?: unknown };
  return typeof info.response === 'string' ? info.response : '';
}

export interface MailFailure {
  // The receiving server refused this address for good (a 5xx answer to RCPT TO): trying again
  // would be refused again.
  permanent: boolean;
  // The server could not be reached or talked to at all (connection, TLS, login): the rest of the
  // batch would fail the same way, so the attempt stops here.
  connection: boolean;
  text: string;
}

const CONNECTION_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'EAUTH', 'ETLS', 'EPROTOCOL']);

export function failureOf(err: unknown): MailFailure {
  const e = (err ?? {}) as { responseCode?: unknown; command?: unknown; code?: unknown; message?: unknown };
  const code = typeof e.responseCode === 'number' ? e.responseCode : null;
  const text = (typeof e.message === 'string' ? e.message : String(err)).replace(/\s+/g, ' ').trim().slice(0, 500);
  return {
    permanent: code !== null && code >= 500 && code < 600 && e.command === 'RCPT TO',
    connection: typeof e.code === 'string' && CONNECTION_CODES.has(e.code),
    text,
  };
}
