import { PaperStatus, type TaskCounts } from '@lyceum/contract';
import { count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { RequestContext } from '../../platform/context';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { attemptHistory, examAttempts } from '../exam/attempt.table';
import { tasks, taskUsers } from './task.table';

// Reads shared by the task services and the task resource: the tables' aliases, a nullable number,
// the earlier hand-ins of a student, and the status counts of the task list.

// The aliases every task query reads by: the conditions handed to syncTaskUsers, keepSittings and
// handInScoreSql name `t` (tasks), `tu` (task_users) and `a` (the attempt).
export const t = alias(tasks, 't');
export const tu = alias(taskUsers, 'tu');
export const a = alias(examAttempts, 'a');

// The student's attempt at the task's exam, and the task of a status row.
export const onAttempt = sameOrg(a, tu, [eq(a.examId, t.examId), eq(a.userId, tu.userId)]) as SQL;
export const onTask = sameOrg(t, tu, [eq(t.id, tu.taskId)]) as SQL;

// The last moment work is taken: the due time, or the late cutoff when late work is accepted.
// On an alias's name (raw statements), or on a tasks table or alias (read back as a time).
type TaskTimes = { lateAccepted: AnyPgColumn; lateUntil: AnyPgColumn; dueTime: AnyPgColumn };
export const cutoffSql = (task: string | TaskTimes = 't') => {
  const [accepted, until, due] =
    typeof task === 'string'
      ? [sql.raw(`${task}.late_accepted`), sql.raw(`${task}.late_until`), sql.raw(`${task}.due_time`)]
      : [task.lateAccepted, task.lateUntil, task.dueTime];
  return sql<Date>`coalesce(case when ${accepted} then ${until} end, ${due})`.mapWith(tasks.dueTime);
};

export const num = (v: unknown) => (v == null ? null : Number(v));

// The hand-ins kept before the current one of the row's student (`tu`), oldest first, as a JSON array of `item`.
export const earlierSql = <T>(item: SQL) => {
  const k = attemptHistory;
  return sql<T[]>`(select coalesce(json_agg(${item} order by ${k.attemptNo}), '[]'::json) from ${k}
    where ${k.organizationId} = ${tu.organizationId} and ${k.examId} = ${t.examId} and ${k.userId} = ${tu.userId})`;
};

const countWhere = (where: SQL) => sql<number>`count(*) filter (where ${where})::int`;

// Status counts per task (the list's progress column), and hand-ins waiting for a teacher.
export async function taskCounts(ctx: RequestContext, taskIds: number[]): Promise<Map<number, TaskCounts>> {
  const out = new Map<number, TaskCounts>();
  if (!taskIds.length) return out;
  const list = await ctx.db
    .select({
      taskId: tu.taskId,
      students: count(),
      notStarted: countWhere(sql`${tu.status} = 0`),
      inProgress: countWhere(sql`${tu.status} = 1`),
      passed: countWhere(sql`${tu.status} = 2`),
      failed: countWhere(sql`${tu.status} = 3`),
      toMark: sql<number>`count(${a.id}) filter (where ${a.status} <> ${PaperStatus.Answering} and ${a.pendingCount} > 0)::int`,
    })
    .from(tu)
    .innerJoin(t, onTask)
    .leftJoin(a, onAttempt)
    .where(inOrg(tu, ctx.orgId, [inArray(tu.taskId, taskIds)]))
    .groupBy(tu.taskId);
  for (const { taskId, ...counts } of list) out.set(taskId, counts);
  return out;
}
