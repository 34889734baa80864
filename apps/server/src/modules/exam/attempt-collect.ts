import { PaperStatus } from '@lyceum/contract';
import { eq, sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { enqueue, type JobRunner } from '../../platform/jobs';
import { inOrg } from '../../platform/tenant-sql';
import { examAttempts } from './attempt.table';
import { endAttempts } from './attempt-end';
import { examCandidates, exams } from './exam.table';
import { ts } from './exam-time';
import { announceCandidates } from './monitor-push';

const { Answering, AutoCollected } = PaperStatus;
export const COLLECT_JOB = 'exam.collect';
export const COLLECT_SWEEP_JOB = 'exam.collectSweep';

// ---- collection at deadline + grace ----

// A job per attempt at its closing time, and a sweep every minute for anything a job missed; both
// end only attempts still answering whose closing time has passed, so running either twice, in two
// processes, or after a restart collects each attempt once.
export async function scheduleCollection(db: DbOrTx, orgId: number, attemptId: number, closesAt: number) {
  await enqueue(db, {
    kind: COLLECT_JOB,
    orgId,
    payload: { attemptId },
    dedupeKey: `${orgId}:${attemptId}:${closesAt}`,
    runAt: new Date(closesAt),
  });
}

export async function collectDue(db: DbOrTx, now = clock.now(), only?: { orgId: number; attemptId: number }) {
  const which = only
    ? sql`t.organization_id = ${only.orgId} and t.id = ${only.attemptId} and t.closes_at <= ${ts(now)}`
    : sql`t.closes_at <= ${ts(now)}`;
  return endAttempts(db, which, AutoCollected, sql`t.closes_at`, null);
}

export function registerAttemptJobs(runner: JobRunner, db: Db): void {
  runner.register(COLLECT_JOB, {
    run: async (job) => {
      const attemptId = Number(job.payload.attemptId);
      const orgId = Number(job.orgId);
      const collected = await collectDue(db, clock.now(), { orgId, attemptId });
      if (collected.length) return { collected: 1 };
      // Time was added since this job was planned: plan the collection for the new closing time.
      const [open] = await db
        .select({ closesAt: examAttempts.closesAt })
        .from(examAttempts)
        .where(inOrg(examAttempts, orgId, [eq(examAttempts.id, attemptId), eq(examAttempts.status, Answering)]));
      if (open) await scheduleCollection(db, orgId, attemptId, open.closesAt.getTime());
      return { collected: 0 };
    },
  });
  runner.register(COLLECT_SWEEP_JOB, { run: async () => ({ collected: (await collectDue(db)).length }) });
  runner.every(COLLECT_SWEEP_JOB, 60_000);
}

// The exam's window moved later: open attempts' deadlines are computed again from their start
// (an attempt capped by the old end gains the time; one ending on its own duration does not).
// Their collection jobs find the later closing time when they run and plan themselves again. Kept
// raw: one tuned update over every open attempt of the exam.
export async function refreshDeadlines(db: DbOrTx, orgId: number, examId: number, windowEnd: Date) {
  await db.execute(
    sql`update ${examAttempts} t set
        deadline = least(t.started_at + (e.duration_minutes + t.extra_minutes + coalesce(c.added_minutes, 0))
            * interval '1 minute', ${ts(windowEnd.getTime())} + (t.extra_minutes + coalesce(c.added_minutes, 0))
            * interval '1 minute'),
        closes_at = least(t.started_at + (e.duration_minutes + t.extra_minutes + coalesce(c.added_minutes, 0))
            * interval '1 minute', ${ts(windowEnd.getTime())} + (t.extra_minutes + coalesce(c.added_minutes, 0))
            * interval '1 minute') + e.grace_seconds * interval '1 second'
      from ${exams} e, ${examCandidates} c
      where e.organization_id = t.organization_id and e.id = t.exam_id
        and c.organization_id = t.organization_id and c.exam_id = t.exam_id and c.user_id = t.user_id
        and t.organization_id = ${orgId} and t.exam_id = ${examId} and t.status = ${Answering}`,
  );
  // Every open attempt's time left may have moved: the boards read their page again.
  await announceCandidates(db, orgId, examId, null);
}

// The exam was called off while candidates were answering: their attempts end as abnormal.
export async function endForCancelledExam(db: DbOrTx, orgId: number, examId: number) {
  await endAttempts(
    db,
    sql`t.organization_id = ${orgId} and t.exam_id = ${examId}`,
    PaperStatus.Abnormal,
    ts(clock.now()),
    'exam cancelled',
  );
}
