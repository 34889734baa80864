import {
  type Lang,
  PaperStatus,
  type PaperStatus as PaperStatusType,
  type TaskStudent,
  type TaskStudentPage,
  type TaskUserStatus,
  type zTaskStudentRequest,
} from '@lyceum/contract';
import { and, eq, gt, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { sameOrg } from '../../platform/tenant-sql';
import { attemptHistory } from '../exam/attempt.table';
import { iso, ts } from '../exam/exam-time';
import { listSheet, type SheetColumn } from '../export/list-sheet';
import { classOf } from '../marking/marking-scope';
import { inClass } from '../team/reach';
import { keywordMatch } from '../user/user.service';
import { users } from '../user/user.table';
import { taskResource } from './task.resource';
import { a, earlierSql, num, onAttempt, onTask, t, taskCounts, tu } from './task-queries';
import { cutoffSql, syncTaskUsers } from './task-status';

// ---- the teachers' side: a task's students ----

const u = alias(users, 'u');

// The students of a task the caller reaches (through the task resource's scope), paged and filtered,
// with the counts of the whole task.
export async function taskStudents(
  ctx: RequestContext,
  taskId: number,
  req: z.output<typeof zTaskStudentRequest>,
  limit?: number,
): Promise<TaskStudentPage> {
  await taskResource.readable(ctx, taskId);
  await syncTaskUsers(ctx.db, ctx.orgId, eq(tu.taskId, taskId));
  const cls = classOf(u);
  const conditions: (SQL | undefined)[] = [eq(tu.organizationId, ctx.orgId), eq(tu.taskId, taskId)];
  if (req.status !== undefined) conditions.push(eq(tu.status, req.status));
  if (req.keyword) conditions.push(keywordMatch(req.keyword, u));
  if (req.teamId) conditions.push(inClass(req.teamId, u.organizationId, u.id));
  if (req.late) conditions.push(sql`(${tu.late} or (${a.id} is null and ${cutoffSql(t)} <= ${ts(clock.now())}))`);
  if (req.toMark) conditions.push(and(ne(a.status, PaperStatus.Answering), gt(a.pendingCount, 0)));
  const size = limit ?? req.pageSize;
  const offset = limit ? 0 : (req.pageIndex - 1) * req.pageSize;
  const list = await ctx.db
    .select({
      userId: tu.userId,
      userName: u.userName,
      realName: u.realName,
      teamName: cls.name,
      status: tu.status,
      paperStatus: a.status,
      attemptId: a.id,
      openedAt: tu.openedAt,
      handedInAt: tu.handedInAt,
      late: tu.late,
      score: tu.score,
      rawScore: tu.rawScore,
      maxScore: sql<number | null>`coalesce(${a.scoreMax}, ${a.totalScore})`,
      pending: a.pendingCount,
      redoCount: tu.redoCount,
      returnedCount: tu.returnedCount,
      returnNote: tu.returnNote,
      earlierScores: earlierSql<number | null>(sql`${attemptHistory.score}`),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(tu)
    .innerJoin(t, onTask)
    .innerJoin(u, sameOrg(u, tu, [eq(u.id, tu.userId)]))
    .leftJoin(a, onAttempt)
    .where(and(...conditions))
    .orderBy(sql`${cls.name} nulls last`, u.userName)
    .limit(size)
    .offset(offset);
  const counts = (await taskCounts(ctx, [taskId])).get(taskId) ?? {
    students: 0,
    notStarted: 0,
    inProgress: 0,
    passed: 0,
    failed: 0,
    toMark: 0,
  };
  const total = list[0]?.total ?? 0;
  return {
    list: list.map((r) => {
      const ended = r.paperStatus != null && r.paperStatus !== PaperStatus.Answering;
      return {
        userId: r.userId,
        userName: r.userName,
        realName: r.realName,
        teamName: r.teamName,
        status: r.status as TaskUserStatus,
        paperStatus: (r.paperStatus ?? 0) as PaperStatusType,
        attemptId: r.attemptId,
        openedAt: iso(r.openedAt),
        handedInAt: iso(r.handedInAt),
        late: r.late,
        score: r.score,
        rawScore: r.rawScore,
        maxScore: num(r.maxScore),
        pending: r.pending ?? 0,
        handIns: r.redoCount + (ended ? 1 : 0),
        earlierScores: (r.earlierScores ?? []).map((x) => num(x)),
        returnedCount: r.returnedCount,
        returnNote: r.returnNote,
      };
    }),
    total,
    pageNum: req.pageIndex,
    pageSize: req.pageSize,
    pages: Math.ceil(total / req.pageSize),
    counts,
  };
}

// ---- the students sheet (export list) ----

const STATUS_TEXT = [
  ['Not started', '未开始'],
  ['In progress', '进行中'],
  ['Passed', '已通过'],
  ['Failed', '未通过'],
] as const;
const studentColumns: SheetColumn<TaskStudent>[] = [
  { header: ['User name', '用户名'], width: 18, cell: (r) => r.userName },
  { header: ['Name', '姓名'], width: 18, cell: (r) => r.realName },
  { header: ['Class', '班级'], width: 18, cell: (r) => r.teamName },
  { header: ['Status', '状态'], width: 11, cell: (r, zh) => STATUS_TEXT[r.status][zh ? 1 : 0] },
  { header: ['Opened', '开始时间'], date: true, cell: (r) => (r.openedAt ? new Date(r.openedAt) : null) },
  { header: ['Handed in', '提交时间'], date: true, cell: (r) => (r.handedInAt ? new Date(r.handedInAt) : null) },
  { header: ['Late', '迟交'], width: 11, cell: (r, zh) => (r.late ? (zh ? '是' : 'Yes') : null) },
  { header: ['Score', '得分'], width: 11, cell: (r) => r.score },
  { header: ['Before penalty', '原始分'], width: 11, cell: (r) => r.rawScore },
  { header: ['Out of', '满分'], width: 11, cell: (r) => r.maxScore },
  { header: ['To mark', '待批阅'], width: 11, cell: (r) => r.pending },
  { header: ['Hand-ins', '提交次数'], width: 11, cell: (r) => r.handIns },
];

export async function writeTaskStudentsSheet(
  ctx: RequestContext,
  taskId: number,
  req: z.output<typeof zTaskStudentRequest>,
  lang: Lang,
) {
  const data = await taskStudents(ctx, taskId, { ...req, pageIndex: 1 }, 100_000);
  const title = { en: 'Task students', zh: '任务学生' };
  return { sheet: await listSheet(title, studentColumns, data.list, lang), count: data.list.length };
}
