import { ExamLogType, PaperStatus } from '@lyceum/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { announceJobs } from '../../platform/jobs';
import { jobs } from '../../platform/jobs.table';
import { typedRows } from '../../platform/sql-rows';
import { inOrg } from '../../platform/tenant-sql';
import { MARK_JOB } from '../marking/marking-jobs';
import { attemptAnswers, attemptEvents, examAttempts } from './attempt.table';
import { announceCandidates } from './monitor-push';

// Ending attempts, once each (submit, collection, the invigilators; see attempt.service), and what
// counts as answered.

const { Answering, HandedIn, AutoCollected, ForceCollected } = PaperStatus;

// ---- ending an attempt ----

// Ends attempts that are still answering, with one final status each (the update's condition is
// what makes it exactly once), writes the matching timeline entry and tells the exams' boards
// (monitor-push.ts). Returns the ended ids. Kept raw: one tuned statement ends, logs and queues
// marking in a single round trip.
export async function endAttempts(
  db: DbOrTx,
  where: SQL,
  status: PaperStatus,
  endedAt: SQL,
  reason: string | null,
): Promise<number[]> {
  const type =
    status === HandedIn
      ? ExamLogType.ManualSubmit
      : status === AutoCollected
        ? ExamLogType.AutoSubmit
        : status === ForceCollected
          ? ExamLogType.ForcedCollection
          : ExamLogType.AbnormalSubmit;
  const ended = await typedRows(
    db,
    sql`with done as (
        update ${examAttempts} t set status = ${status}, ended_at = ${endedAt}, end_reason = ${reason}
        where t.status = ${Answering} and ${where}
        returning t.organization_id, t.id, t.exam_id, t.user_id, t.ended_at),
      logged as (insert into ${attemptEvents} (organization_id, attempt_id, type, at, received_at, detail)
        select organization_id, id, ${type}, ended_at, ended_at, ${reason ?? ''} from done
        on conflict do nothing),
      -- Marking (decision 38) starts with the end, in the same statement: one job per ending.
      queued as (insert into ${jobs} (organization_id, kind, payload, dedupe_key)
        select organization_id, ${MARK_JOB}, jsonb_build_object('attemptId', id),
          'mark:' || organization_id || ':' || id || ':' || (extract(epoch from ended_at) * 1000)::bigint from done
        on conflict do nothing)
      select organization_id as "orgId", id, exam_id as "examId", user_id as "userId" from done`,
    {
      orgId: examAttempts.organizationId,
      id: examAttempts.id,
      examId: examAttempts.examId,
      userId: examAttempts.userId,
    },
  );
  if (ended.length) await announceJobs(db, MARK_JOB);
  const byExam = new Map<string, { orgId: number; examId: number; userIds: number[] }>();
  for (const r of ended) {
    const key = `${r.orgId}:${r.examId}`;
    const group = byExam.get(key) ?? { orgId: r.orgId, examId: r.examId, userIds: [] };
    byExam.set(key, group);
    group.userIds.push(r.userId);
  }
  for (const g of byExam.values()) await announceCandidates(db, g.orgId, g.examId, g.userIds, status);
  return ended.map((r) => r.id);
}

const answeredSql = sql`(answer is not null and answer::text !~ '^(null|""|\\[[\\[\\]", null]*\\])$')`;

export async function answeredCount(db: DbOrTx, orgId: number, attemptId: number): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(attemptAnswers)
    .where(inOrg(attemptAnswers, orgId, [eq(attemptAnswers.attemptId, attemptId), answeredSql]));
  return r?.n ?? 0;
}

export { answeredSql };
