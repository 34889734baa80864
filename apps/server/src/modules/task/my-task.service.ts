import {
  ExamState,
  type MyTask,
  type MyTasks,
  PaperStatus,
  type PaperStatus as PaperStatusType,
  type PortalHomework,
  type PortalResult,
  TaskReveal,
  TaskStatus,
  TaskUserStatus,
  type zMyTaskRequest,
} from '@lyceum/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { businessError, notFound } from '../../platform/errors';
import { rows } from '../../platform/sql-rows';
import { examAttempts } from '../exam/attempt.table';
import { exams } from '../exam/exam.table';
import { iso, ms, ts } from '../exam/exam-time';
import { tasks, taskUsers } from './task.table';
import { earlierSql, num } from './task-queries';
import { reopenPapers } from './task-return.service';
import { cutoffSql, syncTaskUsers } from './task-status';

// ---- the students' side ----

interface MineRow extends Record<string, unknown> {
  id: number;
  name: string;
  description: string | null;
  task_type: number;
  exam_id: number | null;
  start_time: string;
  due_time: string;
  late_until: string | null;
  late_accepted: boolean;
  late_penalty: number;
  cutoff: string;
  pass_score: number | null;
  reveal: number;
  attempts_allowed: number;
  score_counting: number;
  earlier: { no: number; handedInAt: string | null; late: boolean; returned: boolean; score: number | null }[];
  instant_feedback: boolean;
  status: number;
  handed_in_at: string | null;
  late: boolean;
  score: number | null;
  redo_count: number;
  return_note: string | null;
  attempt_id: number | null;
  paper_status: number | null;
  max_score: number | null;
  pending: number | null;
  closes_at: string | null;
  confirmed: boolean;
  exam_state: number | null;
}

const mineSql = (ctx: RequestContext, where: SQL) =>
  sql`select t.id, t.name, t.description, t.task_type, t.exam_id, t.start_time, t.due_time, t.late_until,
      t.late_accepted, t.late_penalty, ${cutoffSql()} as cutoff, t.pass_score, t.reveal, t.attempts_allowed,
      t.score_counting, ${earlierSql(
        sql`json_build_object('no', k.attempt_no, 'handedInAt', k.ended_at, 'late', k.late,
          'returned', k.returned, 'score', k.score)`,
      )} as earlier, t.instant_feedback, tu.status, tu.handed_in_at, tu.late, tu.score, tu.redo_count, tu.return_note,
      a.id as attempt_id, a.status as paper_status, coalesce(a.score_max, a.total_score) as max_score,
      a.pending_count as pending, a.closes_at, e.scores_confirmed_at is not null as confirmed, e.state as exam_state
    from ${taskUsers} tu join ${tasks} t on t.organization_id = tu.organization_id and t.id = tu.task_id
    left join ${exams} e on e.organization_id = t.organization_id and e.id = t.exam_id
    left join ${examAttempts} a on a.organization_id = tu.organization_id and a.exam_id = t.exam_id
      and a.user_id = tu.user_id
    where tu.organization_id = ${ctx.orgId} and tu.user_id = ${ctx.userId} and t.status = ${TaskStatus.Published}
      and ${where}`;

function toMyTask(r: MineRow, now: number): MyTask {
  const start = ms(r.start_time)!;
  const due = ms(r.due_time)!;
  const cutoff = ms(r.cutoff)!;
  const phase = now < start ? 'upcoming' : now < due ? 'open' : now < cutoff ? 'late' : 'closed';
  const paperStatus = r.paper_status == null ? 0 : Number(r.paper_status);
  const answering = paperStatus === PaperStatus.Answering;
  const ended = r.attempt_id != null && !answering;
  const inWindow = phase === 'open' || phase === 'late';
  const reveal = Number(r.reveal) as TaskReveal;
  const scoreVisible = ended && reveal !== TaskReveal.Never && (reveal === TaskReveal.AfterHandIn || now >= cutoff);
  const handIns = Number(r.redo_count) + (ended ? 1 : 0);
  return {
    id: Number(r.id),
    name: r.name,
    description: r.description,
    taskType: Number(r.task_type) as MyTask['taskType'],
    examId: num(r.exam_id),
    startTime: iso(r.start_time)!,
    dueTime: iso(r.due_time)!,
    lateUntil: r.late_accepted ? iso(r.late_until) : null,
    latePenalty: Number(r.late_penalty),
    phase,
    status: Number(r.status) as TaskUserStatus,
    paperStatus: paperStatus as PaperStatusType,
    attemptId: num(r.attempt_id),
    handedInAt: iso(r.handed_in_at),
    late: Boolean(r.late),
    score: scoreVisible ? num(r.score) : null,
    maxScore: num(r.max_score),
    passScore: num(r.pass_score),
    pending: Number(r.pending ?? 0),
    reveal,
    scoreVisible,
    handIns,
    attemptsAllowed: Number(r.attempts_allowed),
    scoreCounting: Number(r.score_counting) as MyTask['scoreCounting'],
    // An earlier hand-in's score shows by the same rule as the current one's.
    earlier: (r.earlier ?? []).map((h) => ({
      no: Number(h.no),
      handedInAt: iso(h.handedInAt),
      late: Boolean(h.late),
      returned: Boolean(h.returned),
      score: reveal !== TaskReveal.Never && (reveal === TaskReveal.AfterHandIn || now >= cutoff) ? num(h.score) : null,
    })),
    canOpen:
      Number(r.exam_state) === ExamState.Published &&
      ((r.attempt_id == null && inWindow) || (answering && now < ms(r.closes_at)!)),
    canRedo:
      Number(r.exam_state) === ExamState.Published &&
      ended &&
      inWindow &&
      !r.confirmed &&
      handIns < Number(r.attempts_allowed),
    returnNote: r.return_note,
    instantFeedback: Boolean(r.instant_feedback),
  };
}

export async function myTasks(ctx: RequestContext, req: z.output<typeof zMyTaskRequest>): Promise<MyTasks> {
  await syncTaskUsers(ctx.db, ctx.orgId, sql`tu.user_id = ${ctx.userId}`);
  const now = clock.now();
  const open = sql`(a.id is null or a.status = ${PaperStatus.Answering}) and ${cutoffSql()} > ${ts(now)}`;
  const where = req.view === 'todo' ? open : req.view === 'done' ? sql`not (${open})` : sql`true`;
  const list = await rows<MineRow>(ctx.db, sql`${mineSql(ctx, where)} order by t.due_time, t.id limit 500`);
  return { serverNow: now, tasks: list.map((r) => toMyTask(r, now)) };
}

// The student's redo: their ended paper opens again while hand-ins remain and the task is open.
export async function redo(ctx: RequestContext, taskId: number): Promise<{ examId: number }> {
  return ctx.db.transaction(async (tx) => {
    const [r] = await rows<MineRow>(tx, sql`${mineSql(ctx, sql`t.id = ${taskId}`)} for update of tu`);
    if (!r) throw notFound('Task');
    const now = clock.now();
    const mine = toMyTask(r, now);
    if (!mine.canRedo) {
      // A redo at the same moment opened it already: the same answer, nothing opened twice.
      if (mine.paperStatus === PaperStatus.Answering && mine.canOpen) return { examId: Number(r.exam_id) };
      if (mine.handIns >= mine.attemptsAllowed) throw businessError('noRedoLeft', { max: mine.attemptsAllowed });
      throw businessError('taskNotOpen');
    }
    await reopenPapers(tx, ctx.orgId, { id: taskId, exam_id: Number(r.exam_id) }, [ctx.userId], ms(r.cutoff)!, {
      text: null,
      returned: false,
    });
    return { examId: Number(r.exam_id) };
  });
}

// ---- the portal's cards ----

export async function portalHomework(ctx: RequestContext, limit: number): Promise<PortalHomework[]> {
  const now = clock.now();
  await syncTaskUsers(ctx.db, ctx.orgId, sql`tu.user_id = ${ctx.userId} and tu.status in (0, 1)`);
  const list = await rows<MineRow>(
    ctx.db,
    sql`${mineSql(ctx, sql`(a.id is null or a.status = ${PaperStatus.Answering}) and ${cutoffSql()} > ${ts(now)}`)}
      order by t.due_time, t.id limit ${limit}`,
  );
  return list.map((r) => ({
    id: Number(r.id),
    title: r.name,
    course: null,
    dueTime: iso(r.due_time),
    state: r.attempt_id == null ? 'notStarted' : 'inProgress',
  }));
}

export async function portalHomeworkResults(ctx: RequestContext, limit: number): Promise<PortalResult[]> {
  const now = clock.now();
  const list = await rows<MineRow>(
    ctx.db,
    sql`${mineSql(
      ctx,
      sql`a.status = ${PaperStatus.Marked} and t.reveal <> ${TaskReveal.Never}
      and (t.reveal = ${TaskReveal.AfterHandIn} or ${cutoffSql()} <= ${ts(now)})`,
    )}
      order by a.marked_at desc nulls last limit ${limit}`,
  );
  return list.map((r) => ({
    id: Number(r.attempt_id),
    kind: 'homework',
    title: r.name,
    score: num(r.score),
    maxScore: Number(r.max_score ?? 0),
    passed: r.status == null ? null : Number(r.status) === TaskUserStatus.Passed,
    publishedTime: iso(r.handed_in_at) ?? new Date(now).toISOString(),
  }));
}
