import {
  labelOf,
  type TaskItem,
  TaskItemKind,
  TaskRange,
  TaskStatus,
  TaskType,
  TaskUserStatus,
  taskItemKindLabels,
} from '@lyceum/contract';
import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { invalidParams } from '../../platform/errors';
import type { Values } from '../../platform/resource';
import { typedRows } from '../../platform/sql-rows';
import { inOrg } from '../../platform/tenant-sql';
import { studentsTargeted } from '../exam/exam-candidates';
import { ts } from '../exam/exam-time';
import { taskStudents, tasks, taskTeams, taskUsers } from './task.table';
import { type StudyTask, type TaskKind, taskKindOf, taskKinds } from './task-kinds';
import { cutoffSql, t, tu } from './task-queries';

// Tasks of types 2 and 3 (a course, knowledge-base articles): the students are resolved from the
// task's targets as homework's are, each gets a status row, and the row follows what they studied:
// not started, in progress after the first item begun, passed when every item is done by the
// cutoff, failed when the cutoff passes without it.

const lit = (n: number) => sql.raw(String(n));

// The students a task's targets reach (the exams' resolution, on the task's own target lists).
function taskTargets(orgId: number, taskId: number) {
  return studentsTargeted(orgId, {
    teams: sql`select team_id from ${taskTeams} where organization_id = ${orgId} and task_id = ${taskId}`,
    grades: sql`(select x.grade_years from ${tasks} x where x.organization_id = ${orgId} and x.id = ${taskId}
      and x.range_type = ${TaskRange.Grade})`,
    departments: null,
    students: sql`select user_id from ${taskStudents} where organization_id = ${orgId} and task_id = ${taskId}`,
  });
}

export function studyTaskOf(row: Values): StudyTask {
  return { id: Number(row.id), items: row.items as TaskItem[], dueTime: new Date(row.dueTime as Date) };
}

// A saved course or knowledge-base task: every item of its type's kind, none twice, each one the
// caller may set (its title is the stored one). A type nobody registered is kept as a draft.
export async function checkItems(ctx: RequestContext, input: { taskType: TaskType; items: TaskItem[] }) {
  const kind = taskKindOf(input.taskType);
  if (!kind) return;
  const seen = new Set<number>();
  input.items.forEach((item, i) => {
    if (item.kind !== kind.itemKind) {
      throw invalidParams(`items.${i}`, kind.itemKind === TaskItemKind.Course ? 'notACourse' : 'notAnArticle');
    }
    if (seen.has(item.targetId)) {
      const entity = labelOf(taskItemKindLabels, item.kind, 'en').toLowerCase();
      throw invalidParams(`items.${i}`, 'listedTwice', { entity, id: item.targetId });
    }
    seen.add(item.targetId);
  });
  const titles = await kind.check(ctx.db, ctx, input.items, false);
  input.items = input.items.map((item, i) => ({ ...item, title: titles[i] ?? item.title }));
}

// Publish (or publish again after a withdrawal): items checked, students given their status rows
// (kept across withdrawals, as homework's), the kind's own part (enrolment), then their status.
export async function publishStudyTask(tx: DbOrTx, ctx: RequestContext, row: Values, kind: TaskKind): Promise<void> {
  const org = ctx.orgId;
  const task = studyTaskOf(row);
  await kind.check(tx, ctx, task.items, true);
  await tx.execute(sql`insert into ${taskUsers} (organization_id, task_id, user_id)
    select ${org}, ${task.id}, s.id from (${taskTargets(org, task.id)}) s
    on conflict do nothing`);
  const students = sql`select user_id as id from ${taskUsers} where organization_id = ${org} and task_id = ${task.id}`;
  await kind.publish?.(tx, ctx, task, students);
  await syncStudyTasks(tx, org, eq(tu.taskId, task.id));
}

// A later due time: students who failed by the old one are measured against the new one.
export async function extendStudyTask(tx: DbOrTx, orgId: number, taskId: number, due: Date, lateUntil: Date | null) {
  await tx
    .update(tasks)
    .set({ dueTime: due, lateUntil })
    .where(inOrg(tasks, orgId, [eq(tasks.id, taskId)]));
  await syncStudyTasks(tx, orgId, eq(tu.taskId, taskId));
}

// Each student's status in the study tasks `where` narrows (on `tu` and `t`), one statement per
// registered kind: the items done (their positions), when the last was done, when the first was
// begun. Idempotent; run after anything that moves a student's items, and by the sweep.
export async function syncStudyTasks(
  db: DbOrTx,
  orgId: number,
  where: SQL,
  now = clock.now(),
  only?: TaskType,
): Promise<number> {
  let changed = 0;
  for (const [type, kind] of taskKinds()) {
    if (only !== undefined && type !== only) continue;
    changed += await syncKind(db, orgId, type, kind.itemState, where, now);
  }
  return changed;
}

async function syncKind(db: DbOrTx, orgId: number, type: TaskType, itemState: SQL, where: SQL, now: number) {
  const { NotStarted, InProgress, Passed, Failed } = TaskUserStatus;
  // Raw: a lateral walk of each task's items (JSON) with the kind's state query, feeding one
  // UPDATE … FROM; only rows that change are written.
  const rows = await typedRows(
    db,
    sql`with s as (
        select tu.organization_id, tu.task_id, tu.user_id, ${cutoffSql()} as cutoff,
          jsonb_array_length(t.items) as n, x.done, x.done_n, x.done_at, x.started_at
        from ${taskUsers} tu
        join ${tasks} t on t.organization_id = tu.organization_id and t.id = tu.task_id
        cross join lateral (
          select coalesce(array_agg((i.ord - 1)::int order by i.ord) filter (where st.done), '{}'::int[]) as done,
            count(*) filter (where st.done) as done_n, max(st.done_at) as done_at, min(st.started_at) as started_at
          from jsonb_array_elements(t.items) with ordinality i(item, ord)
          left join lateral (${itemState}) st on true) x
        where tu.organization_id = ${orgId} and t.task_type = ${lit(type)} and ${where}),
      w as (
        select s.*, n > 0 and done_n = n as complete, case
            when n > 0 and done_n = n and done_at <= cutoff then ${lit(Passed)}
            when cutoff <= ${ts(now)} then ${lit(Failed)}
            when started_at is not null or done_n > 0 then ${lit(InProgress)}
            else ${lit(NotStarted)} end as new_status
        from s)
      update ${taskUsers} tu set status = w.new_status, items_done = w.done,
        opened_at = coalesce(tu.opened_at, w.started_at, case when w.done_n > 0 then w.done_at end),
        handed_in_at = case when w.complete then w.done_at end, update_time = ${ts(now)}
      from w
      where tu.organization_id = w.organization_id and tu.task_id = w.task_id and tu.user_id = w.user_id
        and (tu.status, tu.items_done, tu.handed_in_at) is distinct from
          (w.new_status, w.done, case when w.complete then w.done_at end)
      returning tu.status`,
    { status: taskUsers.status },
  );
  return rows.length;
}

// The published tasks of `type` that name `targetId` among their items (on `t`).
function naming(type: TaskType, targetId: number): SQL {
  const itemKind = type === TaskType.Course ? TaskItemKind.Course : TaskItemKind.Article;
  const item = JSON.stringify([{ kind: itemKind, targetId }]);
  return sql`${t.status} = ${TaskStatus.Published} and ${t.items} @> ${item}::jsonb`;
}

// After a student's progress in a course or an article moved: the statuses of the published tasks
// naming it, for those students (all its students when `userIds` is null).
export function syncTasksNaming(
  db: DbOrTx,
  orgId: number,
  type: TaskType,
  targetId: number,
  userIds: number[] | null,
): Promise<number> {
  if (userIds && !userIds.length) return Promise.resolve(0);
  const who = userIds ? inArray(tu.userId, userIds) : undefined;
  return syncStudyTasks(db, orgId, and(naming(type, targetId), who) as SQL, clock.now(), type);
}

// How many tasks (published or not) name these courses or articles: what still uses them.
export async function tasksNaming(db: DbOrTx, orgId: number, type: TaskType, targetIds: number[]): Promise<number> {
  if (!targetIds.length) return 0;
  const itemKind = type === TaskType.Course ? TaskItemKind.Course : TaskItemKind.Article;
  const anyOf = sql.join(
    targetIds.map((id) => sql`${tasks.items} @> ${JSON.stringify([{ kind: itemKind, targetId: id }])}::jsonb`),
    sql` or `,
  );
  const [r] = await db
    .select({ n: count() })
    .from(tasks)
    .where(inOrg(tasks, orgId, [eq(tasks.taskType, type), sql`(${anyOf})`]));
  return r?.n ?? 0;
}
