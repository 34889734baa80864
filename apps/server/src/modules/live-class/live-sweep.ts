import { LiveClassStatus, LiveProviderKind, RecordingMode, RecordingState } from '@lyceum/contract';
import { and, eq, exists, gt, inArray, lt, ne, notExists, or, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import type { JobRunner } from '../../platform/jobs';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { bbbProvider } from './bbb/bbb-client';
import { accountFor } from './live-accounts';
import { liveClasses, liveRecordings } from './live-class.table';
import { liveEnded } from './live-events';
import type { LiveClassRow } from './live-join';
import { syncRecordings } from './live-recordings';

// The live classes' sweep, every five minutes across organisations (one run per period in a
// cluster): classes past their end that nobody ended (the teacher left without "end", the provider's
// report never came) are ended, and recordings that may still come are asked for. Each class is on
// its own: an unreachable server is logged and tried again next time, the others go on.

export const LIVE_SWEEP_JOB = 'live.sweep';
const MINUTE = 60_000;
const EVERY_MS = 5 * MINUTE;
// A class is left this long past its end before the sweep looks (a meeting running over a little).
const END_GRACE_MS = 15 * MINUTE;
// Past this, the provider's own time limit has ended the meeting: a server that cannot be asked does
// not keep the class open for ever.
const GIVE_UP_MS = 12 * 60 * MINUTE;
// Recordings are asked for this long after the end: every sweep at first, then hourly.
const RECORDINGS_FOR_MS = 3 * 24 * 60 * MINUTE;
const RECORDINGS_OFTEN_MS = 2 * 60 * MINUTE;
// A sweep's share of classes (the rest wait for the next one).
const BATCH = 200;

const { Scheduled, Live, Ended } = LiveClassStatus;

export interface SweepResult {
  ended: number;
  synced: number;
  failed: number;
}

// Ends one live class if nothing ended it meanwhile, and tells the "ended" listeners (the join-log
// report of an external link) in the same transaction.
async function endOverdue(db: Db, live: LiveClassRow, endedAt: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const done = await tx
      .update(liveClasses)
      .set({ status: Ended, endedAt, updateTime: clock.date() })
      .where(
        inOrg(liveClasses, live.organizationId, [
          eq(liveClasses.id, live.id),
          inArray(liveClasses.status, [Scheduled, Live]),
        ]),
      )
      .returning({ id: liveClasses.id });
    if (!done.length) return false;
    await liveEnded(tx, live.organizationId, live.id);
    return true;
  });
}

// Whether an overdue class is over: an external link is once its time has passed; a BigBlueButton
// meeting once the server says it is not running (or it never was created, or long ago).
async function isOver(db: Db, live: LiveClassRow, now: Date): Promise<boolean> {
  if (live.providerKind !== LiveProviderKind.BigBlueButton) return true;
  if (live.meetingCreateTime === null) return true;
  if (now.getTime() - live.endsAt.getTime() > GIVE_UP_MS) return true;
  const account = await accountFor(db, live.organizationId, live.providerId);
  return !(await bbbProvider.isMeetingRunning(account, live.meetingId));
}

function recordingsDue(db: Db, now: Date): SQL | undefined {
  const anyRecording = db
    .select({ id: liveRecordings.id })
    .from(liveRecordings)
    .where(sameOrg(liveRecordings, liveClasses, [eq(liveRecordings.liveClassId, liveClasses.id)]));
  const processing = db
    .select({ id: liveRecordings.id })
    .from(liveRecordings)
    .where(
      sameOrg(liveRecordings, liveClasses, [
        eq(liveRecordings.liveClassId, liveClasses.id),
        eq(liveRecordings.state, RecordingState.Processing),
      ]),
    );
  // Hourly after the first two hours: one sweep in twelve.
  const hourly = Math.floor(now.getTime() / EVERY_MS) % 12 === 0;
  const since = new Date(now.getTime() - (hourly ? RECORDINGS_FOR_MS : RECORDINGS_OFTEN_MS));
  return and(
    eq(liveClasses.status, Ended),
    eq(liveClasses.providerKind, LiveProviderKind.BigBlueButton),
    ne(liveClasses.recordingMode, RecordingMode.Off),
    gt(liveClasses.endedAt, since),
    or(notExists(anyRecording), exists(processing)),
  );
}

export async function sweepLive(
  db: Db,
  log: Pick<FastifyBaseLogger, 'warn'>,
  now = clock.date(),
): Promise<SweepResult> {
  const result: SweepResult = { ended: 0, synced: 0, failed: 0 };
  const failed = (err: unknown, live: LiveClassRow, what: string) => {
    result.failed++;
    log.warn({ err, orgId: live.organizationId, liveClassId: live.id }, `live-class sweep: ${what} failed`);
  };
  const overdue = await db
    .select()
    .from(liveClasses)
    .where(
      and(
        inArray(liveClasses.status, [Scheduled, Live]),
        lt(liveClasses.endsAt, new Date(now.getTime() - END_GRACE_MS)),
      ),
    )
    .limit(BATCH);
  for (const live of overdue) {
    try {
      if (!(await isOver(db, live, now))) continue;
      // An external link is taken to have ended on time; a meeting when the sweep found it over.
      const endedAt = live.providerKind === LiveProviderKind.BigBlueButton ? now : live.endsAt;
      if (await endOverdue(db, live, endedAt)) result.ended++;
    } catch (err) {
      failed(err, live, 'ending');
    }
  }
  const pending = await db.select().from(liveClasses).where(recordingsDue(db, now)).limit(BATCH);
  for (const live of pending) {
    try {
      await syncRecordings(db, live);
      result.synced++;
    } catch (err) {
      failed(err, live, 'asking for recordings');
    }
  }
  return result;
}

export function registerLiveJobs(runner: JobRunner, db: Db, log: Pick<FastifyBaseLogger, 'warn'>): void {
  runner.register(LIVE_SWEEP_JOB, { run: async () => ({ ...(await sweepLive(db, log)) }) });
  runner.every(LIVE_SWEEP_JOB, EVERY_MS);
}
