import { PaperStatus } from '@lyceum/contract';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import type { JobRunner } from '../../platform/jobs';
import { sameOrg } from '../../platform/tenant-sql';
import { examAttempts } from '../exam/attempt.table';
import { exams } from '../exam/exam.table';
import { markAttempt } from './marking-engine';

// Automatic marking (decision 38): ending an attempt queues a job in the same statement
// (attempt-end.ts endAttempts); the job marks it from the stored answers on any process. A sweep
// every minute marks whatever ended without being marked (a job that failed for good, an attempt
// ended before this version).
export const MARK_JOB = 'exam.mark';
export const MARK_SWEEP_JOB = 'exam.markSweep';

export async function markDue(db: Db, limit = 500): Promise<number> {
  // Every organisation's: the sweep is the system's. The status as a literal, so the planner matches
  // the partial index exam_attempts_unmarked_ix.
  const due = await db
    .select({ organizationId: examAttempts.organizationId, id: examAttempts.id })
    .from(examAttempts)
    .innerJoin(exams, sameOrg(exams, examAttempts, [eq(exams.id, examAttempts.examId)]))
    .where(
      and(
        isNull(examAttempts.markedAt),
        sql`${examAttempts.status} <> ${sql.raw(String(PaperStatus.Answering))}`,
        lt(examAttempts.endedAt, sql`now() - interval '30 seconds'`),
        isNull(exams.scoresConfirmedAt),
      ),
    )
    .orderBy(asc(examAttempts.endedAt))
    .limit(limit);
  for (const d of due) await db.transaction((tx) => markAttempt(tx, d.organizationId, d.id));
  return due.length;
}

export function registerMarkingJobs(runner: JobRunner, db: Db): void {
  runner.register(MARK_JOB, {
    run: async (job) => db.transaction((tx) => markAttempt(tx, Number(job.orgId), Number(job.payload.attemptId))),
  });
  runner.register(MARK_SWEEP_JOB, { run: async () => ({ marked: await markDue(db) }) });
  runner.every(MARK_SWEEP_JOB, 60_000);
}
