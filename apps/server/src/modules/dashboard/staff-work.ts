import {
  ExamState,
  isOpenWindow,
  PaperStatus,
  type StaffWork,
  WORK_LIST_LIMIT,
  zMarkExamRequest,
  type zStaffWorkRequest,
} from '@lyceum/contract';
import { count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { hasAny, type RequestContext } from '../../platform/context';
import { inOrg } from '../../platform/tenant-sql';
import { examAttempts } from '../exam/attempt.table';
import { examResource } from '../exam/exam.resource';
import { exams } from '../exam/exam.table';
import { markExams } from '../marking/marking-progress.service';
import { taskResource } from '../task/task.resource';
import { tasks } from '../task/task.table';

// A staff member's work for the home page. Each part goes through its module's own list, so the rows
// are the ones the caller's screens show (a teacher's own exams and homework, academic staff's all).
export async function staffWork(ctx: RequestContext, req: z.output<typeof zStaffWorkRequest>): Promise<StaffWork> {
  const [marking, homework, today] = await Promise.all([
    hasAny(ctx, ['answer:page']) ? toMark(ctx) : null,
    hasAny(ctx, ['task:page']) ? homeworkToMark(ctx) : null,
    hasAny(ctx, ['exam:page', 'examSchedule:page', 'examLog:page']) ? examsOfDay(ctx, req) : null,
  ]);
  return { marking, homework, today };
}

async function toMark(ctx: RequestContext): Promise<StaffWork['marking']> {
  const page = await markExams(ctx, zMarkExamRequest.parse({ pageIndex: 1, pageSize: 50, pendingOnly: true }));
  return {
    exams: page.total,
    answers: page.list.reduce((sum, e) => sum + e.pendingItems, 0),
    list: page.list
      .slice(0, WORK_LIST_LIMIT)
      .map((e) => ({ id: e.id, name: e.name, pending: e.pendingItems, windowEnd: e.windowEnd })),
  };
}

async function homeworkToMark(ctx: RequestContext): Promise<StaffWork['homework']> {
  const waiting = sql`exists (select 1 from ${examAttempts} a where a.organization_id = ${tasks.organizationId}
    and a.exam_id = ${tasks.examId} and a.status <> ${PaperStatus.Answering} and a.pending_count > 0)`;
  const list = (await taskResource.list(ctx, {}, 200, waiting))
    .map((t) => ({
      id: Number(t.id),
      examId: Number(t.examId),
      name: String(t.name),
      toMark: (t.counts as { toMark: number }).toMark,
    }))
    .sort((a, b) => b.toMark - a.toMark || b.id - a.id);
  return {
    tasks: list.length,
    handIns: list.reduce((sum, t) => sum + t.toMark, 0),
    list: list.slice(0, WORK_LIST_LIMIT),
  };
}

async function examsOfDay(ctx: RequestContext, req: z.output<typeof zStaffWorkRequest>): Promise<StaffWork['today']> {
  const found = await examResource.list(
    ctx,
    { from: req.dayStart, to: req.dayEnd },
    20,
    eq(exams.state, ExamState.Published),
  );
  if (!found.length) return [];
  const ids = found.map((e) => Number(e.id));
  const a = examAttempts;
  const counts = await ctx.db
    .select({
      examId: a.examId,
      started: count(),
      handedIn: sql<number>`count(*) filter (where ${ne(a.status, PaperStatus.Answering)})`.mapWith(Number),
    })
    .from(a)
    .where(inOrg(a, ctx.orgId, [inArray(a.examId, ids)]))
    .groupBy(a.examId);
  const of = new Map(counts.map((c) => [c.examId, c]));
  return found
    .map((e) => {
      const c = of.get(Number(e.id));
      const candidates = Number(e.candidateCount ?? 0);
      const started = c?.started ?? 0;
      return {
        id: Number(e.id),
        name: String(e.name),
        windowStart: String(e.windowStart),
        windowEnd: String(e.windowEnd),
        openWindow: isOpenWindow({
          windowStart: String(e.windowStart),
          windowEnd: String(e.windowEnd),
          durationMinutes: Number(e.durationMinutes),
          latestEntryMinutes: (e.latestEntryMinutes as number | null) ?? null,
        }),
        candidates,
        started,
        handedIn: c?.handedIn ?? 0,
        notStarted: Math.max(0, candidates - started),
      };
    })
    .sort((a, b) => Date.parse(a.windowStart) - Date.parse(b.windowStart))
    .slice(0, WORK_LIST_LIMIT);
}
