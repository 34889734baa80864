import {
  ExamState,
  type MyTask,
  type MyTasks,
  PaperStatus,
  type PaperStatus as PaperStatusType,
  type PortalHomework,
  type PortalResult,
  type TaskItem,
  TaskReveal,
  TaskStatus,
  TaskType,
  TaskUserStatus,
  type zMyTaskRequest,
} from '@lyceum/contract';
import { and, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { businessError, notFound } from '../../platform/errors';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { attemptHistory } from '../exam/attempt.table';
import { exams } from '../exam/exam.table';
import { iso, ms, ts } from '../exam/exam-time';
import { a, earlierSql, num, onAttempt, onTask, t, tu } from './task-queries';
import { reopenPapers } from './task-return.service';
import { cutoffSql, syncTaskUsers } from './task-status';
import { syncStudyTasks } from './task-study';

// ---- the students' side ----

const e = alias(exams, 'e');
const k = attemptHistory;

// The caller's published tasks with their status row, exam and paper; `where` narrows them.
const mine = (db: DbOrTx, ctx: RequestContext, where: SQL) =>
  db
    .select({
      id: t.id,
      name: t.name,
      description: t.description,
      taskType: t.taskType,
      examId: t.examId,
      items: t.items,
      itemsDone: tu.itemsDone,
      startTime: t.startTime,
      dueTime: t.dueTime,
      lateUntil: t.lateUntil,
      lateAccepted: t.lateAccepted,
      latePenalty: t.latePenalty,
      cutoff: cutoffSql(t),
      passScore: t.passScore,
      reveal: t.reveal,
      attemptsAllowed: t.attemptsAllowed,
      scoreCounting: t.scoreCounting,
      earlier: earlierSql<{
        no: number;
        handedInAt: string | null;
        late: boolean;
        returned: boolean;
        score: number | null;
      }>(
        sql`json_build_object('no', ${k.attemptNo}, 'handedInAt', ${k.endedAt}, 'late', ${k.late},
          'returned', ${k.returned}, 'score', ${k.score})`,
      ),
      instantFeedback: t.instantFeedback,
      status: tu.status,
      handedInAt: tu.handedInAt,
      late: tu.late,
      score: tu.score,
      redoCount: tu.redoCount,
      returnNote: tu.returnNote,
      attemptId: a.id,
      paperStatus: a.status,
      maxScore: sql<number | null>`coalesce(${a.scoreMax}, ${a.totalScore})`,
      pending: a.pendingCount,
      closesAt: a.closesAt,
      confirmed: sql<boolean>`${e.scoresConfirmedAt} is not null`,
      examState: e.state,
    })
    .from(tu)
    .innerJoin(t, onTask)
    .leftJoin(e, sameOrg(e, t, [eq(e.id, t.examId)]))
    .leftJoin(a, onAttempt)
    .where(inOrg(tu, ctx.orgId, [eq(tu.userId, ctx.userId), eq(t.status, TaskStatus.Published), where]));

type MineRow = Awaited<ReturnType<typeof mine>>[number];

// Not handed in yet (a course or knowledge-base task: not finished), and still open to work on.
const openNow = (now: number) =>
  sql`(case when ${t.taskType} = ${TaskType.Paper} then ${a.id} is null or ${a.status} = ${PaperStatus.Answering}
    else ${tu.status} < ${TaskUserStatus.Passed} end) and ${cutoffSql(t)} > ${ts(now)}`;

function toMyTask(r: MineRow, now: number): MyTask {
  const start = r.startTime.getTime();
  const due = r.dueTime.getTime();
  const cutoff = r.cutoff.getTime();
  const phase = now < start ? 'upcoming' : now < due ? 'open' : now < cutoff ? 'late' : 'closed';
  const paperStatus = r.paperStatus ?? 0;
  const answering = paperStatus === PaperStatus.Answering;
  const ended = r.attemptId != null && !answering;
  const inWindow = phase === 'open' || phase === 'late';
  const reveal = r.reveal as TaskReveal;
  const scoreVisible = ended && reveal !== TaskReveal.Never && (reveal === TaskReveal.AfterHandIn || now >= cutoff);
  const handIns = r.redoCount + (ended ? 1 : 0);
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    taskType: r.taskType as MyTask['taskType'],
    examId: r.examId,
    items: r.items as TaskItem[],
    itemsDone: r.itemsDone,
    startTime: r.startTime.toISOString(),
    dueTime: r.dueTime.toISOString(),
    lateUntil: r.lateAccepted ? iso(r.lateUntil) : null,
    latePenalty: r.latePenalty,
    phase,
    status: r.status as TaskUserStatus,
    paperStatus: paperStatus as PaperStatusType,
    attemptId: r.attemptId,
    handedInAt: iso(r.handedInAt),
    late: r.late,
    score: scoreVisible ? r.score : null,
    maxScore: num(r.maxScore),
    passScore: r.passScore,
    pending: r.pending ?? 0,
    reveal,
    scoreVisible,
    handIns,
    attemptsAllowed: r.attemptsAllowed,
    scoreCounting: r.scoreCounting as MyTask['scoreCounting'],
    // An earlier hand-in's score shows by the same rule as the current one's.
    earlier: (r.earlier ?? []).map((h) => ({
      no: Number(h.no),
      handedInAt: iso(h.handedInAt),
      late: Boolean(h.late),
      returned: Boolean(h.returned),
      score: reveal !== TaskReveal.Never && (reveal === TaskReveal.AfterHandIn || now >= cutoff) ? num(h.score) : null,
    })),
    canOpen:
      r.examState === ExamState.Published &&
      ((r.attemptId == null && inWindow) || (answering && now < ms(r.closesAt)!)),
    canRedo: r.examState === ExamState.Published && ended && inWindow && !r.confirmed && handIns < r.attemptsAllowed,
    returnNote: r.returnNote,
    instantFeedback: r.instantFeedback,
  };
}

export async function myTasks(ctx: RequestContext, req: z.output<typeof zMyTaskRequest>): Promise<MyTasks> {
  await syncTaskUsers(ctx.db, ctx.orgId, eq(tu.userId, ctx.userId));
  await syncStudyTasks(ctx.db, ctx.orgId, eq(tu.userId, ctx.userId));
  const now = clock.now();
  const open = openNow(now);
  const where = req.view === 'todo' ? open : req.view === 'done' ? sql`not (${open})` : sql`true`;
  const list = await mine(ctx.db, ctx, where).orderBy(t.dueTime, t.id).limit(500);
  return { serverNow: now, tasks: list.map((r) => toMyTask(r, now)) };
}

// The student's redo: their ended paper opens again while hand-ins remain and the task is open.
export async function redo(ctx: RequestContext, taskId: number): Promise<{ examId: number }> {
  return ctx.db.transaction(async (tx) => {
    const [r] = await mine(tx, ctx, eq(t.id, taskId)).for('update', { of: tu });
    if (!r) throw notFound('Task');
    const now = clock.now();
    const task = toMyTask(r, now);
    if (!task.canRedo) {
      // A redo at the same moment opened it already: the same answer, nothing opened twice.
      if (task.paperStatus === PaperStatus.Answering && task.canOpen) return { examId: Number(r.examId) };
      if (task.handIns >= task.attemptsAllowed) throw businessError('noRedoLeft', { max: task.attemptsAllowed });
      throw businessError('taskNotOpen');
    }
    await reopenPapers(tx, ctx.orgId, { id: taskId, examId: Number(r.examId) }, [ctx.userId], r.cutoff.getTime(), {
      text: null,
      returned: false,
    });
    return { examId: Number(r.examId) };
  });
}

// ---- the portal's cards ----

export async function portalHomework(ctx: RequestContext, limit: number): Promise<PortalHomework[]> {
  const now = clock.now();
  await syncTaskUsers(ctx.db, ctx.orgId, and(eq(tu.userId, ctx.userId), inArray(tu.status, [0, 1])) as SQL);
  const list = await mine(ctx.db, ctx, openNow(now)).orderBy(t.dueTime, t.id).limit(limit);
  return list.map((r) => ({
    id: r.id,
    title: r.name,
    course: null,
    dueTime: r.dueTime.toISOString(),
    state: r.attemptId == null && r.status === TaskUserStatus.NotStarted ? 'notStarted' : 'inProgress',
  }));
}

export async function portalHomeworkResults(ctx: RequestContext, limit: number): Promise<PortalResult[]> {
  const now = clock.now();
  const shown = and(
    eq(a.status, PaperStatus.Marked),
    ne(t.reveal, TaskReveal.Never),
    or(eq(t.reveal, TaskReveal.AfterHandIn), sql`${cutoffSql(t)} <= ${ts(now)}`),
  ) as SQL;
  const list = await mine(ctx.db, ctx, shown).orderBy(sql`${a.markedAt} desc nulls last`).limit(limit);
  return list.map((r) => ({
    id: Number(r.attemptId),
    kind: 'homework',
    title: r.name,
    score: r.score,
    maxScore: Number(r.maxScore ?? 0),
    passed: r.status == null ? null : r.status === TaskUserStatus.Passed,
    publishedTime: iso(r.handedInAt) ?? new Date(now).toISOString(),
  }));
}
