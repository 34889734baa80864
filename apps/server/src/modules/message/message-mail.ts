import {
  type MailCounts,
  type MailLang,
  type MailPreferencesRow,
  MailStatus,
  MessageStatus,
  NOTICE_TIME_PARAMS,
  type SystemNotice,
  wordNotice,
  zId,
  type zMailPreferences,
} from '@lyceum/contract';
import { count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { Db, DbOrTx } from '../../platform/db';
import { announceJobs, type JobContext, JobFailed, type JobRunner } from '../../platform/jobs';
import { jobs } from '../../platform/jobs.table';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { escapeHtml, mailTime, renderMessageMail } from '../mail/mail-render';
import { failureOf, openTransport, sendMail } from '../mail/mail-transport';
import { mailIsOn, type OrgMail, orgMail, PASSWORD_LOST } from '../system-config/mail-settings.service';
import { users } from '../user/user.table';
import { mailPreferences, messageMails, messages } from './message.table';

// E-mail beside the bell (issue 29, decision 50). While an organisation sends e-mail, the statement
// that writes a message's receipts also queues one job per batch of its new recipients (one
// transaction: a rolled-back publish queues nothing). The job sends each recipient their e-mail in
// their language and records the outcome per recipient in `message_mails` as it goes: a retry (the
// job runner's backoff) sends only to those not yet accepted, skips nobody twice and loses nobody.

export const MAIL_JOB = 'message.mail';
const BATCH = 50;
// With the runner's backoff (2 s doubling, at most 10 min) the last try comes about 40 minutes
// after the first: an SMTP server down for a while still gets every e-mail.
const MAX_ATTEMPTS = 12;
const { Sent, Failed, Bounced, NoAddress, OptedOut, Withdrawn } = MailStatus;
// Nothing more is tried for these.
const DONE: ReadonlySet<number> = new Set([Sent, Bounced, NoAddress, OptedOut]);

// Writes the receipts (`insertReceipts`, an INSERT … ON CONFLICT DO NOTHING) and, in the same
// statement, the mail jobs: the new recipients in batches, and those whose e-mail a withdrawal
// held back (publishing again sends it). Those are keyed by what was held, so publishing twice
// before the job runs queues them once. Jobs start when the message starts showing.
export async function writeReceiptsWithMail(
  db: DbOrTx,
  orgId: number,
  messageId: number,
  insertReceipts: SQL,
  showsFrom: Date,
): Promise<void> {
  const delay = Math.max(0, Math.round(showsFrom.getTime() - clock.now()));
  // Raw: a data-modifying CTE, receipts and jobs in one round trip.
  await db.execute(sql`with fresh as (${insertReceipts} returning user_id),
    held as (select user_id, at from ${messageMails}
      where organization_id = ${orgId} and message_id = ${messageId} and status = ${Withdrawn}),
    mark as (select count(*) || '-' || coalesce((extract(epoch from max(at)) * 1000)::bigint, 0) as k from held),
    due as (select user_id, false as again from fresh union all select user_id, true from held),
    batched as (select user_id, again, (row_number() over (partition by again order by user_id) - 1) / ${BATCH}::int as b
      from due)
    insert into ${jobs} (organization_id, kind, payload, run_at, max_attempts, dedupe_key)
    select ${orgId}::bigint, ${MAIL_JOB}::text,
      jsonb_build_object('messageId', ${messageId}::bigint, 'userIds', jsonb_agg(user_id order by user_id)),
      now() + ${delay}::float8 * interval '1 millisecond', ${MAX_ATTEMPTS}::int,
      case when again then 'again:' || ${orgId}::bigint || ':' || ${messageId}::bigint || ':' || (select k from mark) || ':' || b end
    from batched group by again, b
    on conflict do nothing`);
  await announceJobs(db, MAIL_JOB);
}

// ---- the job ----

const zPayload = z.object({ messageId: zId, userIds: z.array(zId).max(1000) });

interface Outcome {
  userId: number;
  address: string | null;
  status: MailStatus;
  error?: string | null;
  // Counts as an attempt (something was sent, or tried).
  tried: boolean;
}

// One row per recipient, kept up to date: the latest status, the attempts added up.
async function record(db: DbOrTx, orgId: number, messageId: number, outcomes: Outcome[]) {
  if (!outcomes.length) return;
  await db
    .insert(messageMails)
    .values(
      outcomes.map((o) => ({
        organizationId: orgId,
        messageId,
        userId: o.userId,
        status: o.status,
        address: o.address,
        error: o.error?.slice(0, 500) ?? null,
        attempts: o.tried ? 1 : 0,
      })),
    )
    .onConflictDoUpdate({
      target: [messageMails.organizationId, messageMails.messageId, messageMails.userId],
      set: {
        status: sql`excluded.status`,
        address: sql`excluded.address`,
        error: sql`excluded.error`,
        attempts: sql`${messageMails.attempts} + excluded.attempts`,
        at: sql`now()`,
      },
    });
}

const sender = alias(users, 'sender');

async function messageOf(db: Db, orgId: number, messageId: number) {
  const [m] = await db
    .select({
      status: messages.status,
      title: messages.title,
      body: messages.body,
      notice: messages.notice,
      noticeParams: messages.noticeParams,
      needRead: messages.needRead,
      attachments: messages.attachments,
      publishTime: messages.publishTime,
      openStart: messages.openStart,
      sender: sender.realName,
    })
    .from(messages)
    .leftJoin(sender, sameOrg(sender, messages, [eq(sender.id, messages.senderId)]))
    .where(inOrg(messages, orgId, [eq(messages.id, messageId)]));
  return m;
}
type MessageRow = NonNullable<Awaited<ReturnType<typeof messageOf>>>;

// The batch's people: address, choice and what their e-mail of this message has come to so far.
function peopleOf(db: Db, orgId: number, messageId: number, userIds: number[]) {
  return db
    .select({
      userId: users.id,
      email: users.email,
      receive: mailPreferences.receive,
      lang: mailPreferences.lang,
      status: messageMails.status,
    })
    .from(users)
    .leftJoin(mailPreferences, sameOrg(mailPreferences, users, [eq(mailPreferences.userId, users.id)]))
    .leftJoin(
      messageMails,
      sameOrg(messageMails, users, [eq(messageMails.userId, users.id), eq(messageMails.messageId, messageId)]),
    )
    .where(inOrg(users, orgId, [inArray(users.id, userIds)]));
}

function wordingFor(m: MessageRow, mail: OrgMail, lang: MailLang, to: string) {
  const sentAt =
    m.openStart && m.publishTime && m.openStart > m.publishTime ? m.openStart : (m.publishTime ?? clock.date());
  const common = { to, lang, school: mail.school, sentAt, timeZone: mail.timeZone, needRead: m.needRead };
  const attachments = Array.isArray(m.attachments) ? m.attachments.length : 0;
  if (m.notice) {
    const time: ReadonlySet<string> = new Set(NOTICE_TIME_PARAMS);
    const params = (m.noticeParams as Record<string, string | number> | null) ?? {};
    const words = wordNotice(m.notice as SystemNotice, params, lang, (key, value) =>
      time.has(key) && typeof value === 'string' ? mailTime(value, lang, mail.timeZone) : String(value),
    );
    const body = `<p>${escapeHtml(words.body)}</p>`;
    return renderMessageMail({ ...common, title: words.title, body, sender: mail.school, attachments });
  }
  return renderMessageMail({ ...common, title: m.title, body: m.body, sender: m.sender ?? mail.school, attachments });
}

export async function sendMessageMails(db: Db, job: JobContext) {
  const orgId = job.orgId;
  const parsed = zPayload.safeParse(job.payload);
  if (orgId === null || !parsed.success) throw new JobFailed('not a message e-mail job');
  const { messageId, userIds } = parsed.data;
  // Turned off since it was queued: nothing goes.
  const mail = await orgMail(db, orgId);
  if (!mail) return { off: true };
  const m = await messageOf(db, orgId, messageId);
  if (!m) return { gone: true };
  const open = (await peopleOf(db, orgId, messageId, userIds)).filter((p) => p.status === null || !DONE.has(p.status));
  // Withdrawn before its e-mail went: held back (publishing again queues it).
  if (m.status !== MessageStatus.Published) {
    await record(
      db,
      orgId,
      messageId,
      open.map((p) => ({ userId: p.userId, address: p.email, status: Withdrawn, tried: false })),
    );
    return { withdrawn: open.length };
  }
  const skipped: Outcome[] = [];
  const send: { userId: number; email: string; lang: MailLang }[] = [];
  for (const p of open) {
    if (p.receive === false) skipped.push({ userId: p.userId, address: p.email, status: OptedOut, tried: false });
    else if (!p.email) skipped.push({ userId: p.userId, address: null, status: NoAddress, tried: false });
    else send.push({ userId: p.userId, email: p.email, lang: (p.lang as MailLang | null) ?? mail.lang });
  }
  await record(db, orgId, messageId, skipped);
  const failed = (from: number, error: string): Outcome[] =>
    send.slice(from).map((p) => ({ userId: p.userId, address: p.email, status: Failed, error, tried: true }));
  if (send.length && mail.passwordLost) {
    await record(db, orgId, messageId, failed(0, PASSWORD_LOST));
    throw new Error(PASSWORD_LOST);
  }
  let sent = 0;
  let bounced = 0;
  let notYet = 0;
  let lastError = '';
  const transport = send.length ? openTransport(mail, true) : null;
  try {
    for (let i = 0; i < send.length && transport; i++) {
      // Shutting down or the lease lost: the job is given back and runs again, from here.
      if (job.signal.aborted) throw new Error('stopped');
      const p = send[i]!;
      try {
        await sendMail(transport, mail, wordingFor(m, mail, p.lang, p.email));
        await record(db, orgId, messageId, [{ userId: p.userId, address: p.email, status: Sent, tried: true }]);
        sent++;
      } catch (err) {
        const f = failureOf(err);
        lastError = f.text;
        if (f.connection) {
          // The server cannot be reached or refuses us: the rest of the batch waits for the next try.
          await record(db, orgId, messageId, failed(i, f.text));
          notYet += send.length - i;
          break;
        }
        const status = f.permanent ? Bounced : Failed;
        await record(db, orgId, messageId, [
          { userId: p.userId, address: p.email, status, error: f.text, tried: true },
        ]);
        if (f.permanent) bounced++;
        else notYet++;
      }
    }
  } finally {
    transport?.close();
  }
  // The runner tries the job again later (backoff); those sent are not sent again.
  if (notYet) throw new Error(`${notYet} of ${send.length} e-mails not accepted yet: ${lastError}`);
  return { sent, bounced, skipped: skipped.length };
}

export function registerMessageMailJobs(runner: JobRunner, db: Db): void {
  runner.register(MAIL_JOB, { run: (job) => sendMessageMails(db, job) });
}

// ---- what staff see beside the receipts ----

export async function mailCounts(db: DbOrTx, orgId: number, messageId: number): Promise<MailCounts> {
  const rows = await db
    .select({ status: messageMails.status, n: count() })
    .from(messageMails)
    .where(inOrg(messageMails, orgId, [eq(messageMails.messageId, messageId)]))
    .groupBy(messageMails.status);
  const of = (...statuses: MailStatus[]) =>
    rows.filter((r) => statuses.includes(r.status as MailStatus)).reduce((sum, r) => sum + r.n, 0);
  return { sent: of(Sent), failed: of(Failed, Bounced), skipped: of(NoAddress, OptedOut, Withdrawn) };
}

// ---- a user's own choice ----

export async function mailPreferencesOf(ctx: RequestContext): Promise<MailPreferencesRow> {
  const [u] = await ctx.db
    .select({ email: users.email, receive: mailPreferences.receive, lang: mailPreferences.lang })
    .from(users)
    .leftJoin(mailPreferences, sameOrg(mailPreferences, users, [eq(mailPreferences.userId, users.id)]))
    .where(inOrg(users, ctx.orgId, [eq(users.id, ctx.userId)]));
  return {
    receive: u?.receive ?? true,
    lang: (u?.lang as MailLang | null) ?? null,
    address: u?.email ?? null,
    schoolSends: await mailIsOn(ctx.db, ctx.orgId),
  };
}

export async function saveMailPreferences(
  ctx: RequestContext,
  input: z.output<typeof zMailPreferences>,
): Promise<MailPreferencesRow> {
  const values = { receive: input.receive, lang: input.lang, updateTime: new Date() };
  await ctx.db
    .insert(mailPreferences)
    .values({ organizationId: ctx.orgId, userId: ctx.userId, ...values })
    .onConflictDoUpdate({ target: [mailPreferences.organizationId, mailPreferences.userId], set: values });
  return mailPreferencesOf(ctx);
}
