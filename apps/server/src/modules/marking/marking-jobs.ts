import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import type { JobRunner } from '../../platform/jobs';
import { rows } from '../../platform/sql-rows';
import { markAttempt } from './marking-engine';

// Automatic marking (decision 38): ending an attempt queues a job in the same statement
// (attempt-end.ts endAttempts); the job marks it from the stored answers on any process. A sweep
// every minute marks whatever ended without being marked (a job that failed for good, an attempt
// ended before this version).
export const MARK_JOB = 'exam.mark';
export const MARK_SWEEP_JOB = 'exam.markSweep';

export async function markDue(db: Db, limit = 500): Promise<number> {
  const due = await rows<{ organization_id: number; id: number }>(
    db,
    sql`select t.organization_id, t.id from exam_attempts t
      join exams e on e.organization_id = t.organization_id and e.id = t.exam_id
      where t.marked_at is null and t.status <> 3 and t.ended_at < now() - interval '30 seconds'
        and e.scores_confirmed_at is null
      order by t.ended_at limit ${limit}`,
  );
  for (const d of due) await db.transaction((tx) => markAttempt(tx, Number(d.organization_id), Number(d.id)));
  return due.length;
}

export function registerMarkingJobs(runner: JobRunner, db: Db): void {
  runner.register(MARK_JOB, {
    run: async (job) => db.transaction((tx) => markAttempt(tx, Number(job.orgId), Number(job.payload.attemptId))),
  });
  runner.register(MARK_SWEEP_JOB, { run: async () => ({ marked: await markDue(db) }) });
  runner.every(MARK_SWEEP_JOB, 60_000);
}
