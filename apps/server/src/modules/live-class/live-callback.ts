import { createHash, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import { LiveClassStatus, LiveRole, ParticipationSource } from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { forbidden } from '../../platform/errors';
import { inOrg } from '../../platform/tenant-sql';
import { verifyAnalytics, verifyRecordingReady } from './bbb/bbb-callbacks';
import { accountFor } from './live-accounts';
import { liveCallbacks, liveClasses, liveJoins } from './live-class.table';
import { liveEnded } from './live-events';
import type { LiveClassRow } from './live-join';
import type { MeetingReport } from './live-provider';
import { recordingArrived, syncRecordings } from './live-recordings';
import { type ParticipantInput, writeReport } from './live-report';

// A provider's callback (BigBlueButton: the meeting-end analytics, a recording ready), public and
// trusted only when everything agrees: the meeting id names an organisation and one of its live
// classes, the address carries that class's own token, the body is signed with the secret of that
// class's account, and the signed content is about that meeting. Then it is kept once by its dedupe
// key (the meeting's run, the recording id): of twenty identical posts at once one inserts the row
// and processes it in the same transaction, the others find it there and change nothing.

export interface CallbackInput {
  kind: 'analytics' | 'recording';
  // Our meeting id and the per-meeting token, from the address we gave the provider.
  m: string;
  t: string;
  authorization: string | undefined;
  // The JSON the app parsed (analytics), or the raw request stream (recording-ready's form).
  body: unknown;
  // The body's declared length, when given.
  length: number | undefined;
}

const PROVIDER = 'bbb';
// A recording-ready form holds one signed token: a few hundred bytes.
const MAX_FORM_BYTES = 64 * 1024;
const MEETING_ID = /^lyc-([1-9][0-9]{0,15})-[0-9a-f]{32}$/;

// Every refusal looks the same to the caller; the log says which check failed.
class Refused extends Error {}

type Log = Pick<FastifyBaseLogger, 'warn'>;

export async function providerCallback(db: Db, input: CallbackInput, log: Log): Promise<{ processed: boolean }> {
  try {
    return await verifiedCallback(db, input, log);
  } catch (err) {
    if (!(err instanceof Refused)) throw err;
    log.warn({ kind: input.kind, why: err.message }, 'live-class callback refused');
    throw forbidden('liveCallbackRefused');
  }
}

async function verifiedCallback(db: Db, input: CallbackInput, log: Log): Promise<{ processed: boolean }> {
  const orgId = Number(MEETING_ID.exec(input.m)?.[1]);
  if (!Number.isSafeInteger(orgId)) throw new Refused('not one of our meeting ids');
  const [live] = await db
    .select()
    .from(liveClasses)
    .where(inOrg(liveClasses, orgId, [eq(liveClasses.meetingId, input.m)]));
  if (!live) throw new Refused('no such meeting');
  if (!sameToken(input.t, live.callbackToken)) throw new Refused('wrong meeting token');
  const account = await accountFor(db, orgId, live.providerId).catch(() => {
    throw new Refused('no account to verify with');
  });
  if (input.kind === 'analytics') {
    const verified = await verifyAnalytics(account.secret, input.authorization, input.body).catch((err: unknown) => {
      throw new Refused(`analytics not verified: ${(err as Error).message}`);
    });
    const report = verified.report;
    if (report.meetingId !== input.m) throw new Refused('signed for another meeting');
    const processed = await db.transaction(async (tx) => {
      if (!(await keep(tx, live, 'analytics', report.instanceId, verified.raw))) return false;
      await meetingEnded(tx, live, report);
      return true;
    });
    return { processed };
  }
  if ((input.length ?? 0) > MAX_FORM_BYTES) throw new Refused('form too large');
  const form = await formText(input.body);
  const verified = await verifyRecordingReady(account.secret, form).catch((err: unknown) => {
    throw new Refused(`recording-ready not verified: ${(err as Error).message}`);
  });
  if (verified.meetingId !== input.m) throw new Refused('signed for another meeting');
  const processed = await db.transaction(async (tx) => {
    if (!(await keep(tx, live, 'recording', verified.recordId, verified.raw))) return false;
    await recordingArrived(tx, live, verified.recordId);
    return true;
  });
  // The recording's details from the provider, after the callback is kept: when the provider
  // cannot be asked now, the row stays Processing and the sweep asks again.
  if (processed)
    await syncRecordings(db, live).catch((err: unknown) =>
      log.warn({ err, orgId, liveClassId: live.id }, 'live-class recordings: the provider could not be asked'),
    );
  return { processed };
}

// Compared as digests, so neither the length nor the content leaks through the timing.
function sameToken(given: string, stored: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(stored));
}

// Records the callback once; false when its dedupe key is already there (a retry or a replay).
async function keep(tx: DbOrTx, live: LiveClassRow, kind: string, dedupeKey: string, payload: unknown) {
  const [kept] = await tx
    .insert(liveCallbacks)
    .values({
      organizationId: live.organizationId,
      liveClassId: live.id,
      provider: PROVIDER,
      kind,
      dedupeKey: dedupeKey.slice(0, 200),
      payload: payload ?? {},
    })
    .onConflictDoNothing()
    .returning({ id: liveCallbacks.id });
  return Boolean(kept);
}

// The meeting is over: the live class ends (if nothing ended it before) and its attendance is the
// provider's report. Read again under a lock: a class cancelled meanwhile keeps its state, no marks.
async function meetingEnded(tx: DbOrTx, live: LiveClassRow, report: MeetingReport) {
  const { Scheduled, Live, Ended } = LiveClassStatus;
  const here = inOrg(liveClasses, live.organizationId, [eq(liveClasses.id, live.id)]);
  const [current] = await tx.select({ status: liveClasses.status }).from(liveClasses).where(here).for('update');
  if (!current || !([Scheduled, Live, Ended] as number[]).includes(current.status)) return;
  if (current.status !== Ended) {
    await tx
      .update(liveClasses)
      .set({ status: Ended, endedAt: report.finish ?? clock.date(), updateTime: clock.date() })
      .where(here);
    await liveEnded(tx, live.organizationId, live.id);
  }
  const joined = await tx
    .selectDistinct({ userId: liveJoins.userId })
    .from(liveJoins)
    .where(inOrg(liveJoins, live.organizationId, [eq(liveJoins.liveClassId, live.id)]));
  const rows = participantsOf(report, new Set(joined.map((j) => j.userId)));
  await writeReport(tx, live.organizationId, live.id, rows, ParticipationSource.Provider);
}

// The report's attendees who joined through Lyceum (our user id, and in our join log), one row per
// person: a provider may list someone twice (a second device, a rejoin under a new session). Others
// stay in the stored payload only.
export function participantsOf(report: MeetingReport, joined: ReadonlySet<number>): ParticipantInput[] {
  const byUser = new Map<number, ParticipantInput>();
  for (const p of report.participants) {
    if (p.userId === null || !joined.has(p.userId)) continue;
    const first = earliest(p.joins);
    const last = latest(p.leaves);
    const seen = byUser.get(p.userId);
    if (!seen) {
      byUser.set(p.userId, {
        userId: p.userId,
        role: p.moderator ? LiveRole.Moderator : LiveRole.Viewer,
        firstJoin: first,
        lastLeave: last,
        seconds: Math.max(0, Math.round(p.seconds)),
        joins: p.joins.length,
        engagement: p.engagement ? { ...p.engagement } : null,
      });
      continue;
    }
    if (p.moderator) seen.role = LiveRole.Moderator;
    seen.firstJoin = earliest([seen.firstJoin, first]);
    seen.lastLeave = latest([seen.lastLeave, last]);
    seen.seconds += Math.max(0, Math.round(p.seconds));
    seen.joins += p.joins.length;
    if (p.engagement) {
      const sum = seen.engagement ?? {};
      for (const [k, v] of Object.entries(p.engagement)) sum[k] = (sum[k] ?? 0) + v;
      seen.engagement = sum;
    }
  }
  // Two sessions of one person overlap when both devices were in: never more than they were there.
  for (const row of byUser.values()) {
    if (row.firstJoin && row.lastLeave) {
      const span = Math.max(0, Math.round((row.lastLeave.getTime() - row.firstJoin.getTime()) / 1000));
      row.seconds = Math.min(row.seconds, span);
    }
  }
  return [...byUser.values()];
}

function earliest(dates: (Date | null)[]): Date | null {
  return dates.reduce<Date | null>((a, d) => (d && (!a || d < a) ? d : a), null);
}
function latest(dates: (Date | null)[]): Date | null {
  return dates.reduce<Date | null>((a, d) => (d && (!a || d > a) ? d : a), null);
}

// The recording-ready form as text, read from the raw request up to a small bound; past it the rest
// is read and dropped (not kept), so the refusal is still sent.
async function formText(body: unknown): Promise<string> {
  if (typeof body === 'string') return body;
  if (Buffer.isBuffer(body)) return body.toString('utf8');
  if (!(body instanceof Readable)) throw new Refused('no form body');
  const stream = body;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += bytes.length;
      if (size <= MAX_FORM_BYTES) chunks.push(bytes);
    };
    stream.on('data', onData);
    stream.once('error', reject);
    stream.once('end', () => {
      stream.off('data', onData);
      if (size > MAX_FORM_BYTES) reject(new Refused('form too large'));
      else resolve(Buffer.concat(chunks).toString('utf8'));
    });
  });
}
