import { PaperStatus, TaskStatus, TaskType, TaskUserStatus } from '@lyceum/contract';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import type { JobRunner } from '../../platform/jobs';
import { typedRows } from '../../platform/sql-rows';
import { attemptHistory, examAttempts } from '../exam/attempt.table';
import { countedScoreSql } from '../exam/attempt-history';
import { ts } from '../exam/exam-time';
import { tasks, taskUsers } from './task.table';
import { a, cutoffSql, onTask, t, tu } from './task-queries';
import { syncStudyTasks } from './task-study';

// The last moment work is taken (task-queries.ts; exported here too, where the statuses are).
export { cutoffSql };

// One hand-in's score: the marked score less the late penalty when it came after the due time
// (`a` the attempt, `t` the task); null until marked.
export const handInScoreSql = (a = 'a', t = 't') => {
  const [x, y] = [sql.raw(a), sql.raw(t)];
  return sql`case when ${x}.status = ${sql.raw(String(PaperStatus.Marked))} then round((${x}.score * case
    when ${x}.ended_at > ${y}.due_time then (100 - ${y}.late_penalty) / 100.0 else 1 end)::numeric, 2)::float8 end`;
};

// Per-user task status (spec), written from the student's paper in one statement: not started
// until the paper is opened, in progress while answering or waiting for a teacher, then passed or
// failed by the score against the pass score (60 % of the paper when none is set); failed when the
// cutoff passes and the paper was never opened. The score is the task's counting over the hand-ins
// kept (task_attempts) and the current one once marked: the best, the last, or their average.
// Idempotent: run it after anything that moves a paper (start, marking, a return), on reads, and
// from the sweep. `where` narrows on `tu` (task_users), `t` (tasks) or `a` (the attempt, possibly null).
// Homework only: the other types' statuses follow what the student studied (task-study.ts).
export async function syncTaskUsers(db: DbOrTx, orgId: number, where: SQL, now = clock.now()): Promise<number> {
  // Constants as literals: a bound parameter would be text beside a smallint column.
  const lit = (n: number) => sql.raw(String(n));
  const [Marked, Answering] = [lit(PaperStatus.Marked), lit(PaperStatus.Answering)];
  const [NotStarted, InProgress, Passed, Failed] = [0, 1, 2, 3].map(lit) as [SQL, SQL, SQL, SQL];
  // Raw: one UPDATE … FROM over three chained CTEs, with callers' conditions on the aliases. Only
  // the number of changed rows counts.
  const changed = await typedRows(
    db,
    sql`with s as (
        select tu.organization_id, tu.task_id, tu.user_id, a.id as attempt_id, a.status as a_status,
          a.started_at, a.ended_at, a.score as raw, coalesce(a.score_max, a.total_score) as max,
          t.due_time, t.pass_score, t.score_counting, ${cutoffSql()} as cutoff, ${handInScoreSql()} as final,
          h.best as h_best, h.total as h_sum, h.n as h_n
        from ${taskUsers} tu
        join ${tasks} t on t.organization_id = tu.organization_id and t.id = tu.task_id
        left join ${examAttempts} a on a.organization_id = tu.organization_id and a.exam_id = t.exam_id
          and a.user_id = tu.user_id
        left join lateral (select max(k.score) as best, sum(k.score) as total, count(k.score) as n
          from ${attemptHistory} k where k.organization_id = tu.organization_id and k.exam_id = t.exam_id
            and k.user_id = tu.user_id) h on true
        where tu.organization_id = ${orgId} and t.task_type = ${lit(TaskType.Paper)} and ${where}),
      v as (
        select s.*, a_status is not null and a_status <> ${Answering} and ended_at > due_time as is_late,
          ${countedScoreSql(sql`final`, sql`score_counting`, { best: sql`h_best`, total: sql`h_sum`, n: sql`h_n` })} as counted
        from s),
      w as (
        select v.*, case
            when attempt_id is null then case when cutoff <= ${ts(now)} then ${Failed} else ${NotStarted} end
            when a_status = ${Marked} then
              case when counted >= coalesce(pass_score, 0.6 * max) - 0.000001 then ${Passed} else ${Failed} end
            else ${InProgress} end as new_status
        from v)
      update ${taskUsers} tu set status = w.new_status, opened_at = coalesce(tu.opened_at, w.started_at),
        handed_in_at = case when w.a_status <> ${Answering} then w.ended_at end,
        late = coalesce(w.is_late, false), raw_score = case when w.a_status = ${Marked} then w.raw end,
        score = w.counted, update_time = ${ts(now)}
      from w
      where tu.organization_id = w.organization_id and tu.task_id = w.task_id and tu.user_id = w.user_id
        and (tu.status, tu.opened_at, tu.handed_in_at, tu.late, tu.raw_score, tu.score) is distinct from
          (w.new_status, coalesce(tu.opened_at, w.started_at),
           case when w.a_status <> ${Answering} then w.ended_at end, coalesce(w.is_late, false),
           case when w.a_status = ${Marked} then w.raw end, w.counted)
      returning tu.status`,
    { status: taskUsers.status },
  );
  return changed.length;
}

// After marking changed these attempts: the task rows of the homework among them.
export function syncForAttempts(db: DbOrTx, orgId: number, attemptIds: number[]) {
  if (!attemptIds.length) return Promise.resolve(0);
  return syncTaskUsers(db, orgId, inArray(a.id, attemptIds));
}

// Every task past its cutoff with students who never opened it: they fail (the sweep, every minute).
// Course and knowledge-base tasks: students who have not finished by the cutoff fail.
export async function syncOverdue(db: DbOrTx, now = clock.now()): Promise<number> {
  const past = sql`${cutoffSql(t)} <= ${ts(now)}`;
  const overdue = sql`${t.taskType} = ${TaskType.Paper} and ${tu.status} = ${TaskUserStatus.NotStarted} and ${past}`;
  const study = sql`${t.taskType} <> ${TaskType.Paper} and ${t.status} = ${TaskStatus.Published}
    and ${tu.status} in (${TaskUserStatus.NotStarted}, ${TaskUserStatus.InProgress}) and ${past}`;
  let n = 0;
  for (const [where, sync] of [
    [overdue, syncTaskUsers],
    [study, syncStudyTasks],
  ] as const) {
    const orgs = await db.selectDistinct({ org: tu.organizationId }).from(tu).innerJoin(t, onTask).where(where);
    for (const { org } of orgs) n += await sync(db, org, where, now);
  }
  return n;
}

export const TASK_SWEEP_JOB = 'task.statusSweep';

export function registerTaskJobs(runner: JobRunner, db: Db): void {
  runner.register(TASK_SWEEP_JOB, { run: async () => ({ failed: await syncOverdue(db) }) });
  runner.every(TASK_SWEEP_JOB, 60_000);
}
