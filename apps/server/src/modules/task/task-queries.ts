import { PaperStatus, type TaskCounts } from '@lyceum/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { idList, rows } from '../../platform/sql-rows';
import { attemptHistory, examAttempts } from '../exam/attempt.table';
import { tasks, taskUsers } from './task.table';

// Reads shared by the task services and the task resource: a nullable number, the earlier hand-ins
// of a student, and the status counts of the task list.

export const num = (v: unknown) => (v == null ? null : Number(v));

// The hand-ins kept before the current one of the row's student (`tu`), oldest first, as a JSON array of `item`.
export const earlierSql = (item: SQL) =>
  sql`(select coalesce(json_agg(${item} order by k.attempt_no), '[]'::json) from ${attemptHistory} k
    where k.organization_id = tu.organization_id and k.exam_id = t.exam_id and k.user_id = tu.user_id)`;

// Status counts per task (the list's progress column), and hand-ins waiting for a teacher.
export async function taskCounts(ctx: RequestContext, taskIds: number[]): Promise<Map<number, TaskCounts>> {
  const out = new Map<number, TaskCounts>();
  if (!taskIds.length) return out;
  const list = await rows<{
    task_id: number;
    students: number;
    s0: number;
    s1: number;
    s2: number;
    s3: number;
    to_mark: number;
  }>(
    ctx.db,
    sql`select tu.task_id, count(*)::int as students,
        count(*) filter (where tu.status = 0)::int as s0, count(*) filter (where tu.status = 1)::int as s1,
        count(*) filter (where tu.status = 2)::int as s2, count(*) filter (where tu.status = 3)::int as s3,
        count(a.id) filter (where a.status <> ${PaperStatus.Answering} and a.pending_count > 0)::int as to_mark
      from ${taskUsers} tu join ${tasks} t on t.organization_id = tu.organization_id and t.id = tu.task_id
      left join ${examAttempts} a on a.organization_id = tu.organization_id and a.exam_id = t.exam_id
        and a.user_id = tu.user_id
      where tu.organization_id = ${ctx.orgId} and tu.task_id in (${idList(taskIds)})
      group by tu.task_id`,
  );
  for (const r of list) {
    out.set(Number(r.task_id), {
      students: Number(r.students),
      notStarted: Number(r.s0),
      inProgress: Number(r.s1),
      passed: Number(r.s2),
      failed: Number(r.s3),
      toMark: Number(r.to_mark),
    });
  }
  return out;
}
