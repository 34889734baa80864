import {
  ExamState,
  type HomeworkRules,
  type Lang,
  MessageAssociation,
  type MyTask,
  type MyTasks,
  PaperStatus,
  type PaperStatus as PaperStatusType,
  type PortalHomework,
  type PortalResult,
  type TaskCounts,
  TaskReveal,
  TaskStatus,
  type TaskStudent,
  type TaskStudentPage,
  TaskUserStatus,
  type zCheckAnswerRequest,
  type zMyTaskRequest,
  type zReturnTaskRequest,
  zStudentPaper,
  type zTaskStudentRequest,
} from '@lyceum/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { businessError, invalidParams, notFound } from '../../platform/errors';
import { likePattern } from '../../platform/resource';
import { idList, rows } from '../../platform/sql-rows';
import { scheduleCollection } from '../exam/attempt.service';
import { attemptAnswers, attemptHistory, examAttempts } from '../exam/attempt.table';
import { keepSittings } from '../exam/attempt-history';
import { exams } from '../exam/exam.table';
import { iso, ms, ts } from '../exam/exam-time';
import { listSheet, type SheetColumn } from '../export/list-sheet';
import { attemptMarks } from '../marking/marking.table';
import { adjustmentsOf, isAnswered, loadVersions, paperItems, scorerFor } from '../marking/marking-engine';
import { classOf } from '../marking/marking-scope';
import { sendNotice } from '../message/message-delivery';
import { users } from '../user/user.table';
import { taskResource } from './task.resource';
import { taskChecks, tasks, taskUsers } from './task.table';
import { cutoffSql, handInScoreSql, syncTaskUsers } from './task-status';

const DAY = 86_400_000;
// A checked answer's stored revision. Saves of a checked question are refused (`checkedQuestions`);
// the save statement also never overwrites a row at this revision, so a save that raced the check
// and read before it committed cannot change the answer either.
export const CHECKED_REVISION = 1_000_000_000;

// The questions of an attempt that were checked (immediate feedback), for the save statement.
export const checkedQuestions = (orgId: number, attemptId: number) =>
  sql`select question_id from ${taskChecks} where organization_id = ${orgId} and attempt_id = ${attemptId}`;
const num = (v: unknown) => (v == null ? null : Number(v));

// ---- the teachers' side ----

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

interface StudentRow extends Record<string, unknown> {
  user_id: number;
  user_name: string;
  real_name: string;
  team_name: string | null;
  status: number;
  paper_status: number | null;
  attempt_id: number | null;
  opened_at: string | null;
  handed_in_at: string | null;
  late: boolean;
  score: number | null;
  raw_score: number | null;
  max_score: number | null;
  pending: number | null;
  redo_count: number;
  returned_count: number;
  return_note: string | null;
  earlier_scores: (number | null)[];
  total: number;
}

// The hand-ins kept before the current one of the row's student (`tu`), oldest first, as a JSON array of `item`.
const earlierSql = (item: SQL) =>
  sql`(select coalesce(json_agg(${item} order by k.attempt_no), '[]'::json) from ${attemptHistory} k
    where k.organization_id = tu.organization_id and k.exam_id = t.exam_id and k.user_id = tu.user_id)`;

// The students of a task the caller reaches (through the task resource's scope), paged and filtered,
// with the counts of the whole task.
export async function taskStudents(
  ctx: RequestContext,
  taskId: number,
  req: z.output<typeof zTaskStudentRequest>,
  limit?: number,
): Promise<TaskStudentPage> {
  await taskResource.readable(ctx, taskId);
  await syncTaskUsers(ctx.db, ctx.orgId, sql`tu.task_id = ${taskId}`);
  const cls = classOf('u');
  const conditions: SQL[] = [sql`tu.organization_id = ${ctx.orgId}`, sql`tu.task_id = ${taskId}`];
  if (req.status !== undefined) conditions.push(sql`tu.status = ${req.status}`);
  if (req.keyword) {
    const like = likePattern(req.keyword);
    conditions.push(sql`(u.user_name ilike ${like} or u.real_name ilike ${like})`);
  }
  if (req.teamId) {
    conditions.push(
      sql`exists (select 1 from team_members m where m.organization_id = u.organization_id and m.user_id = u.id and m.team_id = ${req.teamId})`,
    );
  }
  if (req.late) conditions.push(sql`(tu.late or (a.id is null and ${cutoffSql()} <= ${ts(clock.now())}))`);
  if (req.toMark) conditions.push(sql`a.status <> ${PaperStatus.Answering} and a.pending_count > 0`);
  const size = limit ?? req.pageSize;
  const offset = limit ? 0 : (req.pageIndex - 1) * req.pageSize;
  const list = await rows<StudentRow>(
    ctx.db,
    sql`select tu.user_id, u.user_name, u.real_name, ${cls.name} as team_name, tu.status,
        a.status as paper_status, a.id as attempt_id, tu.opened_at, tu.handed_in_at, tu.late, tu.score,
        tu.raw_score, coalesce(a.score_max, a.total_score) as max_score, a.pending_count as pending,
        tu.redo_count, tu.returned_count, tu.return_note, ${earlierSql(sql`k.score`)} as earlier_scores,
        count(*) over () as total
      from ${taskUsers} tu join ${tasks} t on t.organization_id = tu.organization_id and t.id = tu.task_id
      join ${users} u on u.organization_id = tu.organization_id and u.id = tu.user_id
      left join ${examAttempts} a on a.organization_id = tu.organization_id and a.exam_id = t.exam_id
        and a.user_id = tu.user_id
      where ${sql.join(conditions, sql` and `)}
      order by ${cls.name} nulls last, u.user_name
      limit ${size} offset ${offset}`,
  );
  const counts = (await taskCounts(ctx, [taskId])).get(taskId) ?? {
    students: 0,
    notStarted: 0,
    inProgress: 0,
    passed: 0,
    failed: 0,
    toMark: 0,
  };
  const total = Number(list[0]?.total ?? 0);
  return {
    list: list.map((r) => {
      const ended = r.paper_status != null && Number(r.paper_status) !== PaperStatus.Answering;
      return {
        userId: Number(r.user_id),
        userName: r.user_name,
        realName: r.real_name,
        teamName: r.team_name,
        status: Number(r.status) as TaskUserStatus,
        paperStatus: (r.paper_status == null ? 0 : Number(r.paper_status)) as PaperStatusType,
        attemptId: num(r.attempt_id),
        openedAt: iso(r.opened_at),
        handedInAt: iso(r.handed_in_at),
        late: Boolean(r.late),
        score: num(r.score),
        rawScore: num(r.raw_score),
        maxScore: num(r.max_score),
        pending: Number(r.pending ?? 0),
        handIns: Number(r.redo_count) + (ended ? 1 : 0),
        earlierScores: (r.earlier_scores ?? []).map((x) => num(x)),
        returnedCount: Number(r.returned_count),
        returnNote: r.return_note,
      };
    }),
    total,
    pageNum: req.pageIndex,
    pageSize: req.pageSize,
    pages: Math.ceil(total / req.pageSize),
    counts,
  };
}

// Opens handed-in papers again (a teacher's return, or the student's redo): answering until
// `until`, marks and checks cleared, the answers kept. Only papers that ended are reopened.
async function reopenPapers(
  tx: DbOrTx,
  orgId: number,
  task: { id: number; exam_id: number },
  userIds: number[],
  until: number,
  note: { text: string | null; returned: boolean },
): Promise<number> {
  const ended = sql`a.organization_id = ${orgId} and a.exam_id = ${task.exam_id} and a.user_id in (${idList(userIds)})
    and a.status <> ${PaperStatus.Answering}`;
  // The papers are locked first: a redo and a teacher's return at the same moment keep one copy.
  await tx.execute(sql`select a.id from ${examAttempts} a where ${ended} for update`);
  // Each hand-in is kept as it was (score, time, answers and their marks) before the paper opens again.
  await keepSittings(tx, ended, {
    returned: note.returned,
    score: handInScoreSql('a', 't'),
    late: sql`a.ended_at > t.due_time`,
    join: sql`join ${tasks} t on t.organization_id = a.organization_id and t.id = ${task.id}`,
  });
  const reopened = await rows<{ id: number; closes_at: string }>(
    tx,
    sql`update ${examAttempts} t set status = ${PaperStatus.Answering}, attempt_no = t.attempt_no + 1,
        ended_at = null, end_reason = null,
        deadline = ${ts(until)}, closes_at = ${ts(until)} + e.grace_seconds * interval '1 second', end_status = null,
        score = null, score_max = null, pending_count = 0, answer_status = 3, marked_at = null
      from ${exams} e
      where e.organization_id = t.organization_id and e.id = t.exam_id and t.organization_id = ${orgId}
        and t.exam_id = ${task.exam_id} and t.user_id in (${idList(userIds)}) and t.status <> ${PaperStatus.Answering}
      returning t.id, t.closes_at`,
  );
  if (!reopened.length) return 0;
  const ids = reopened.map((r) => Number(r.id));
  await tx.execute(
    sql`delete from ${attemptMarks} where organization_id = ${orgId} and attempt_id in (${idList(ids)})`,
  );
  // Checked answers may change again in a redo.
  await tx.execute(
    sql`update ${attemptAnswers} set revision = 1 where organization_id = ${orgId} and attempt_id in (${idList(ids)})
      and revision >= ${CHECKED_REVISION}`,
  );
  await tx.execute(sql`delete from ${taskChecks} where organization_id = ${orgId} and attempt_id in (${idList(ids)})`);
  await tx.execute(
    sql`update ${taskUsers} tu set redo_count = redo_count + 1,
        returned_count = returned_count + ${note.returned ? 1 : 0},
        return_note = ${note.returned ? note.text : sql`tu.return_note`}
      from ${examAttempts} a
      where a.organization_id = tu.organization_id and a.user_id = tu.user_id and tu.organization_id = ${orgId}
        and tu.task_id = ${task.id} and a.id in (${idList(ids)})`,
  );
  for (const r of reopened) await scheduleCollection(tx, orgId, Number(r.id), ms(r.closes_at)!);
  await syncTaskUsers(tx, orgId, sql`tu.task_id = ${task.id} and a.id in (${idList(ids)})`);
  return ids.length;
}

interface TaskRow extends Record<string, unknown> {
  id: number;
  name: string;
  exam_id: number | null;
  status: number;
  cutoff: string;
  due_time: string;
  start_time: string;
  attempts_allowed: number;
  confirmed: boolean;
}

const taskRowSql = (orgId: number, where: SQL) =>
  sql`select t.id, t.name, t.exam_id, t.status, ${cutoffSql()} as cutoff, t.due_time, t.start_time, t.attempts_allowed,
      e.scores_confirmed_at is not null as confirmed
    from ${tasks} t left join ${exams} e on e.organization_id = t.organization_id and e.id = t.exam_id
    where t.organization_id = ${orgId} and ${where}`;

export async function returnWork(ctx: RequestContext, req: z.output<typeof zReturnTaskRequest>) {
  await taskResource.readable(ctx, req.taskId);
  return ctx.db.transaction(async (tx) => {
    const [t] = await rows<TaskRow>(tx, sql`${taskRowSql(ctx.orgId, sql`t.id = ${req.taskId}`)} for update of t`);
    if (!t || t.exam_id == null || Number(t.status) !== TaskStatus.Published)
      throw invalidParams('taskId', 'taskNotOpen');
    if (t.confirmed) throw businessError('scoresConfirmed');
    const now = clock.now();
    const until = req.until ? Date.parse(req.until) : Math.max(ms(t.cutoff)!, now + 2 * DAY);
    if (until <= now) throw invalidParams('until', 'examEnded');
    const changed = await reopenPapers(
      tx,
      ctx.orgId,
      { id: Number(t.id), exam_id: Number(t.exam_id) },
      req.userIds,
      until,
      {
        text: req.note,
        returned: true,
      },
    );
    if (!changed) throw invalidParams('userIds', 'notReturnable');
    await sendNotice(tx, ctx.orgId, {
      kind: 'homeworkReturned',
      params: { name: String(t.name), note: req.note ?? '' },
      about: { type: MessageAssociation.Task, id: Number(t.id) },
      to: sql`select user_id as id from ${examAttempts} where organization_id = ${ctx.orgId} and exam_id = ${Number(t.exam_id)}
        and status = ${PaperStatus.Answering} and user_id in (${idList(req.userIds)})`,
    });
    return { changed };
  });
}

// Remind the students who have not handed in a published task that is still open to them.
export async function remindTask(ctx: RequestContext, taskId: number): Promise<{ sent: number }> {
  await taskResource.readable(ctx, taskId);
  return ctx.db.transaction(async (tx) => {
    const [t] = await rows<TaskRow>(tx, sql`${taskRowSql(ctx.orgId, sql`t.id = ${taskId}`)}`);
    if (!t || Number(t.status) !== TaskStatus.Published || ms(t.cutoff)! <= clock.now()) {
      throw invalidParams('id', 'taskNotOpen');
    }
    await syncTaskUsers(tx, ctx.orgId, sql`tu.task_id = ${taskId}`);
    const sent = await sendNotice(tx, ctx.orgId, {
      kind: 'homeworkReminder',
      params: { name: String(t.name), due: new Date(t.due_time as string).toISOString() },
      about: { type: MessageAssociation.Task, id: taskId },
      to: sql`select tu.user_id as id from ${taskUsers} tu
        left join ${examAttempts} a on a.organization_id = tu.organization_id and a.exam_id = ${Number(t.exam_id)} and a.user_id = tu.user_id
        where tu.organization_id = ${ctx.orgId} and tu.task_id = ${taskId} and tu.handed_in_at is null
          and (a.id is null or a.status = ${PaperStatus.Answering})`,
    });
    if (!sent) throw businessError('nobodyToRemind');
    return { sent };
  });
}

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

// The homework rules of an attempt's exam, for the exam page (null: an exam).
export async function homeworkRules(db: DbOrTx, orgId: number, examId: number, attemptId: number, userId: number) {
  const [t] = await rows<{
    id: number;
    name: string;
    due_time: string;
    late_until: string | null;
    late_accepted: boolean;
    instant_feedback: boolean;
    return_note: string | null;
  }>(
    db,
    sql`select t.id, t.name, t.due_time, t.late_until, t.late_accepted, t.instant_feedback, tu.return_note
      from ${tasks} t left join ${taskUsers} tu on tu.organization_id = t.organization_id and tu.task_id = t.id
        and tu.user_id = ${userId}
      where t.organization_id = ${orgId} and t.exam_id = ${examId}`,
  );
  if (!t) return null;
  const checked = await rows<{ question_id: number; correct: boolean; score: number; max: number }>(
    db,
    sql`select question_id, correct, score, max from ${taskChecks} where organization_id = ${orgId} and attempt_id = ${attemptId}`,
  );
  const rules: HomeworkRules = {
    taskId: Number(t.id),
    taskName: t.name,
    dueTime: iso(t.due_time)!,
    lateUntil: t.late_accepted ? iso(t.late_until) : null,
    instantFeedback: Boolean(t.instant_feedback),
    checked: checked.map((c) => ({
      questionId: Number(c.question_id),
      correct: Boolean(c.correct),
      score: Number(c.score),
      max: Number(c.max),
    })),
    returnNote: t.return_note,
  };
  return rules;
}

// Immediate feedback: the stored answer of one objective question of the caller's open homework
// paper, scored by the marking engine; the answer is final from then on.
export async function checkAnswer(ctx: RequestContext, req: z.output<typeof zCheckAnswerRequest>) {
  const org = ctx.orgId;
  return ctx.db.transaction(async (tx) => {
    const [a] = await rows<{
      id: number;
      status: number;
      closes_at: string;
      paper: unknown;
      exam_id: number;
      instant_feedback: boolean | null;
    }>(
      tx,
      sql`select a.id, a.status, a.closes_at, a.paper, a.exam_id, t.instant_feedback
        from ${examAttempts} a left join ${tasks} t on t.organization_id = a.organization_id and t.exam_id = a.exam_id
        where a.organization_id = ${org} and a.id = ${req.attemptId} and a.user_id = ${ctx.userId}
        for update of a`,
    );
    if (!a) throw notFound('Attempt');
    if (a.instant_feedback == null) throw invalidParams('attemptId', 'notHomework');
    if (!a.instant_feedback) throw businessError('noInstantFeedback');
    if (Number(a.status) !== PaperStatus.Answering || clock.now() >= ms(a.closes_at)!) {
      throw businessError('attemptEnded');
    }
    const paper = zStudentPaper.parse(a.paper);
    const item = paperItems(paper).find((i) => i.questionId === req.questionId);
    if (!item) throw invalidParams('questionId', 'questionNotInPaper', { id: req.questionId });
    const versions = await loadVersions(tx, org, [item]);
    const q = versions.get(`${item.questionId}:${item.questionVersion}`);
    if (!q) throw notFound('Question');
    const [stored] = await rows<{ answer: unknown; revision: number }>(
      tx,
      sql`select answer, revision from ${attemptAnswers}
        where organization_id = ${org} and attempt_id = ${a.id} and question_id = ${req.questionId}`,
    );
    if (stored && Number(stored.revision) >= CHECKED_REVISION) throw businessError('alreadyChecked');
    const answer = (stored?.answer ?? null) as Parameters<typeof isAnswered>[0];
    if (!isAnswered(answer)) throw invalidParams('questionId', 'nothingToCheck');
    const adjustments = await adjustmentsOf(tx, org, Number(a.exam_id));
    const m = scorerFor(item, q, adjustments.get(item.questionId) ?? null)(answer);
    if (m.manual || m.score == null) throw invalidParams('questionId', 'notObjective');
    const result = { questionId: req.questionId, correct: m.score >= m.max - 1e-9, score: m.score, max: m.max };
    await tx
      .insert(taskChecks)
      .values({ organizationId: org, attemptId: a.id, ...result })
      .onConflictDoNothing();
    await tx.execute(
      sql`update ${attemptAnswers} set revision = ${CHECKED_REVISION}
        where organization_id = ${org} and attempt_id = ${a.id} and question_id = ${req.questionId}`,
    );
    return result;
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
