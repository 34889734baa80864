import {
  ExamPaperStatus,
  MessageAssociation,
  onlyRangeTargets,
  PaperType,
  type TaskCounts,
  TaskRange,
  TaskReveal,
  TaskStatus,
  TaskType,
  taskActions,
  taskDecl,
  taskMeta,
} from '@lyceum/contract';
import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { businessError, invalidParams } from '../../platform/errors';
import { createResource, fromDecl, implement, type Values } from '../../platform/resource';
import { allows } from '../../platform/route';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { examAttempts } from '../exam/attempt.table';
import { examPapers } from '../exam-paper/exam-paper.table';
import { sendNotice } from '../message/message-delivery';
import { checkOwnClasses, wideRefused } from '../team/reach';
import { notStudents } from '../team/team.resource';
import { teams } from '../team/team.table';
import { users } from '../user/user.table';
import { taskStudents, tasks, taskTeams, taskUsers } from './task.table';
import { extendHomework, publishHomework, withdrawHomework } from './task-exam';
import { taskKindOf } from './task-kinds';
import { taskCounts } from './task-queries';
import { checkItems, extendStudyTask, publishStudyTask, studyTaskOf } from './task-study';

const { Published } = TaskStatus;

// Academic staff (task:all) reach every task; a teacher the tasks they made.
const seesAll = (ctx: RequestContext) => allows(ctx, ['task:all']);

// Where a task stands on the clock (derived, never stored).
export function phaseAt(row: Values) {
  const now = clock.now();
  const start = new Date(row.startTime as string).getTime();
  const due = new Date(row.dueTime as string).getTime();
  const late = row.lateAccepted && row.lateUntil ? new Date(row.lateUntil as string).getTime() : due;
  if (now < start) return 'upcoming';
  if (now < due) return 'open';
  if (now < late) return 'late';
  return 'closed';
}

const nowSql = () => sql`${clock.date().toISOString()}::timestamptz`;
const lateEnd = sql`coalesce(case when ${tasks.lateAccepted} then ${tasks.lateUntil} end, ${tasks.dueTime})`;

export const taskResource = createResource({
  ...fromDecl(taskDecl),
  table: tasks,
  meta: taskMeta,
  search: [tasks.name],
  filters: {
    phase: (phase) =>
      phase === 'upcoming'
        ? sql`${tasks.startTime} > ${nowSql()}`
        : phase === 'open'
          ? sql`${tasks.startTime} <= ${nowSql()} and ${tasks.dueTime} > ${nowSql()}`
          : phase === 'late'
            ? sql`${tasks.dueTime} <= ${nowSql()} and ${lateEnd} > ${nowSql()}`
            : sql`${lateEnd} <= ${nowSql()}`,
    teamId: (id, ctx) =>
      sql`exists (select 1 from ${taskTeams} where ${taskTeams.organizationId} = ${ctx.orgId}
        and ${taskTeams.ownerId} = ${tasks.id} and ${taskTeams.targetId} = ${id})`,
  },
  sort: {
    default: [desc(tasks.dueTime), desc(tasks.id)],
    fields: { name: tasks.name, startTime: tasks.startTime, dueTime: tasks.dueTime },
  },
  references: { paperId: { table: examPapers, label: 'homework paper' } },
  links: {
    teamIds: {
      table: taskTeams,
      owner: taskTeams.ownerId,
      target: taskTeams.targetId,
      ref: { table: teams, label: 'class' },
    },
    studentIds: {
      table: taskStudents,
      owner: taskStudents.ownerId,
      target: taskStudents.targetId,
      ref: { table: users, label: 'student', labelColumn: 'userName' },
    },
  },
  usedBy: [
    {
      label: "students' papers",
      count: async (db, ctx, ids) => {
        const [r] = await db
          .select({ n: count() })
          .from(examAttempts)
          .innerJoin(tasks, sameOrg(tasks, examAttempts, [eq(tasks.examId, examAttempts.examId)]))
          .where(inOrg(tasks, ctx.orgId, [inArray(tasks.id, ids)]));
        return r?.n ?? 0;
      },
    },
  ],
  scope: {
    read: (ctx) => (seesAll(ctx) ? undefined : eq(tasks.creatorId, ctx.userId)),
    ownOnly: 'tasks',
  },
  actions: {
    publish: implement(taskActions.publish, async (tx, row, _input, ctx) => {
      const type = row.taskType as TaskType;
      const kind = type === TaskType.Paper ? null : taskKindOf(type);
      if (type !== TaskType.Paper && !kind) throw businessError('taskTypeComing');
      const cutoff = row.lateAccepted && row.lateUntil ? (row.lateUntil as Date) : (row.dueTime as Date);
      if (clock.now() >= new Date(cutoff).getTime()) throw invalidParams('dueTime', 'examEnded');
      // A course or knowledge-base task: its module enrols the students; no exam row.
      const examId = kind ? null : await publishHomework(tx, ctx, row);
      if (kind) await publishStudyTask(tx, ctx, row, kind);
      await sendNotice(tx, ctx.orgId, {
        kind: 'homeworkAssigned',
        params: { name: String(row.name), due: new Date(row.dueTime as Date).toISOString() },
        about: { type: MessageAssociation.Task, id: Number(row.id) },
        to: sql`select ${taskUsers.userId} as id from ${taskUsers}
          where ${taskUsers.organizationId} = ${ctx.orgId} and ${taskUsers.taskId} = ${Number(row.id)}`,
      });
      return { examId, publishTime: new Date(), updateTime: new Date() };
    }),
    withdraw: implement(taskActions.withdraw, async (tx, row, _input, ctx) => {
      await withdrawHomework(tx, row);
      await taskKindOf(row.taskType as TaskType)?.withdraw?.(tx, ctx.orgId, studyTaskOf(row));
      return { updateTime: new Date() };
    }),
    extend: implement(taskActions.extend, async (tx, row, input, ctx) => {
      const due = new Date(input.dueTime);
      if (due.getTime() <= new Date(row.dueTime as Date).getTime()) throw invalidParams('dueTime', 'extendEarlier');
      const lateUntil = row.lateAccepted ? (input.lateUntil ? new Date(input.lateUntil) : null) : null;
      if (row.lateAccepted && (!lateUntil || lateUntil <= due)) {
        throw invalidParams('lateUntil', lateUntil ? 'endBeforeStart' : 'required');
      }
      await extendHomework(tx, row, due, lateUntil);
      if (row.taskType !== TaskType.Paper) await extendStudyTask(tx, ctx.orgId, Number(row.id), due, lateUntil);
      return { dueTime: due, lateUntil, updateTime: new Date() };
    }),
  },
  hooks: {
    async validate(input, ctx, _mode, current) {
      if (current && current.status === Published) throw invalidParams('status', 'publishedTaskLocked');
      // The link sets are saved from the input: only the range type's targets are kept.
      Object.assign(input, onlyRangeTargets(input));
      if (input.paperId != null) {
        const [paper] = await ctx.db
          .select({ status: examPapers.status, type: examPapers.paperType })
          .from(examPapers)
          .where(inOrg(examPapers, ctx.orgId, [eq(examPapers.id, input.paperId)]));
        if (paper && (paper.status !== ExamPaperStatus.Published || paper.type !== PaperType.Homework)) {
          throw invalidParams('paperId', 'paperNotHomework');
        }
      }
      if (input.taskType !== TaskType.Paper) await checkItems(ctx, input);
      // A paper task that ran already keeps its paper: the students' papers were drawn from it.
      if (current?.examId && input.paperId !== current.paperId) {
        throw invalidParams('paperId', 'publishedTaskLocked');
      }
      const wrong = await notStudents(ctx.db, ctx, input.studentIds);
      if (wrong.size) {
        const i = input.studentIds.findIndex((id) => wrong.has(id));
        throw invalidParams(`studentIds.${i}`, 'notAStudent', { name: String(input.studentIds[i]) });
      }
      // Without task:all a teacher sets work for their own classes and those classes' students.
      if (!seesAll(ctx)) {
        if (input.rangeType === TaskRange.Grade) throw wideRefused('rangeType', 'task:all');
        await checkOwnClasses(ctx, {
          teams: { field: 'teamIds', ids: input.teamIds },
          people: { field: 'studentIds', ids: input.studentIds },
        });
      }
    },
    values(input, ctx, mode) {
      const values: Values = {
        ...onlyRangeTargets(input),
        paperId: input.taskType === TaskType.Paper ? input.paperId : null,
        items: input.taskType === TaskType.Paper ? [] : input.items,
        startTime: new Date(input.startTime),
        dueTime: new Date(input.dueTime),
        lateUntil: input.lateAccepted && input.lateUntil ? new Date(input.lateUntil) : null,
        latePenalty: input.lateAccepted ? input.latePenalty : 0,
        reveal: input.reveal ?? TaskReveal.AfterHandIn,
        updateTime: new Date(),
      };
      if (mode === 'create') values.creatorId = ctx.userId;
      return values;
    },
    async beforeDelete(_ctx, _ids, rows) {
      const live = rows.filter((r) => r.status === Published);
      if (live.length) throw businessError('withdrawTaskBeforeDelete', { names: live.map((r) => r.name).join(', ') });
    },
    async decorate(rows, ctx) {
      const counts = await taskCounts(
        ctx,
        rows.map((r) => Number(r.id)),
      );
      const none: TaskCounts = { students: 0, notStarted: 0, inProgress: 0, passed: 0, failed: 0, toMark: 0 };
      return rows.map((r) => ({ ...r, phase: phaseAt(r), counts: counts.get(Number(r.id)) ?? none }));
    },
  },
});
