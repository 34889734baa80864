import {
  type Attempt,
  CandidateStatus,
  ExamLogType,
  ExamState,
  extraMinutesOf,
  PaperStatus,
  StudentExamStatus,
} from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { businessError, forbidden, notFound } from '../../platform/errors';
import { rows } from '../../platform/sql-rows';
import { attemptMarks } from '../marking/marking.table';
import { syncTaskUsers } from '../task/task-status';
import { attemptAnswers, attemptEvents, examAttempts } from './attempt.table';
import { scheduleCollection } from './attempt-collect';
import { keepSittings } from './attempt-history';
import { drawAttemptPaper } from './attempt-paper';
import { findAttempt, toAttempt } from './attempt-view';
import { accommodations, examCandidates, exams } from './exam.table';
import { ms } from './exam-time';

// Starting a sitting, and another sitting of a practice exam (see attempt.service for the rules).

const { Answering } = PaperStatus;
const MINUTE = 60_000;

interface ExamForStart extends Record<string, unknown> {
  id: number;
  paper_id: number;
  state: number;
  window_start: string;
  window_end: string;
  duration_minutes: number;
  latest_entry_minutes: number | null;
  grace_seconds: number;
  shuffle_questions: boolean;
  shuffle_options: boolean;
  candidate_status: number | null;
  homework: boolean;
  factor: number;
  minutes: number;
  added_minutes: number;
  attempts_allowed: number;
  confirmed: boolean;
}

// ---- start ----

// The exam as a sitting starts it, refused when the caller is no candidate.
async function examForStart(ctx: RequestContext, examId: number): Promise<ExamForStart> {
  const [e] = await rows<ExamForStart>(
    ctx.db,
    sql`select e.id, e.paper_id, e.state, e.window_start, e.window_end, e.duration_minutes, e.latest_entry_minutes,
        e.grace_seconds, e.shuffle_questions, e.shuffle_options, c.status as candidate_status,
        -- Homework has no clock to extend: its deadline is the task's cutoff for everyone.
        case when e.homework then 1 else coalesce(c.extra_time_factor, a.extra_time_factor, 1) end as factor,
        case when e.homework then 0 else coalesce(c.extra_minutes, a.extra_minutes, 0) end as minutes,
        coalesce(c.added_minutes, 0) as added_minutes, e.homework, e.attempts_allowed,
        e.scores_confirmed_at is not null as confirmed
      from ${exams} e
      left join ${examCandidates} c on c.organization_id = e.organization_id and c.exam_id = e.id
        and c.user_id = ${ctx.userId}
      left join ${accommodations} a on a.organization_id = e.organization_id and a.user_id = ${ctx.userId}
      where e.organization_id = ${ctx.orgId} and e.id = ${examId}`,
  );
  if (!e || Number(e.state) === ExamState.Draft) throw notFound('Exam');
  if (Number(e.state) === ExamState.Cancelled || Number(e.candidate_status) !== CandidateStatus.Approved) {
    throw forbidden('notCandidate');
  }
  return e;
}

// A sitting starting now: its extra time and deadline, refused outside the window or after entry closed.
function sittingTimes(e: ExamForStart, now: number) {
  const duration = Number(e.duration_minutes);
  const extra = extraMinutesOf(duration, { extraTimeFactor: Number(e.factor), extraMinutes: Number(e.minutes) });
  const added = Number(e.added_minutes);
  const windowStart = ms(e.window_start)!;
  const personalEnd = ms(e.window_end)! + (extra + added) * MINUTE;
  if (now < windowStart) throw businessError('examNotOpenYet');
  if (e.latest_entry_minutes != null && now > windowStart + Number(e.latest_entry_minutes) * MINUTE) {
    throw businessError('entryClosed');
  }
  if (now >= personalEnd) throw businessError('examEnded');
  const deadline = Math.min(now + (duration + extra + added) * MINUTE, personalEnd);
  return { extra, deadline, closesAt: deadline + Number(e.grace_seconds) * 1000 };
}

const drawFor = (ctx: RequestContext, e: ExamForStart) =>
  drawAttemptPaper(
    ctx.db,
    ctx,
    {
      id: Number(e.id),
      paperId: Number(e.paper_id),
      shuffleQuestions: e.shuffle_questions,
      shuffleOptions: e.shuffle_options,
    },
    ctx.userId,
  );

export async function startAttempt(ctx: RequestContext, examId: number): Promise<Attempt> {
  const org = ctx.orgId;
  const mine = sql`t.exam_id = ${examId} and t.user_id = ${ctx.userId}`;
  const existing = await findAttempt(ctx.db, org, mine);
  if (existing) {
    if (Number(existing.status) !== Answering) throw businessError('attemptEnded');
    return toAttempt(ctx.db, org, existing, clock.now());
  }
  const e = await examForStart(ctx, examId);
  const now = clock.now();
  const { extra, deadline, closesAt } = sittingTimes(e, now);
  const drawn = await drawFor(ctx, e);
  const totalScore = drawn.paper.totalScore;
  await ctx.db.transaction(async (tx) => {
    const created = await tx
      .insert(examAttempts)
      .values({
        organizationId: org,
        examId,
        userId: ctx.userId,
        status: Answering,
        paper: drawn.paper,
        view: drawn.view,
        questionIds: drawn.questionIds,
        totalScore,
        extraMinutes: extra,
        startedAt: new Date(now),
        deadline: new Date(deadline),
        closesAt: new Date(closesAt),
        lastSeen: new Date(now),
      })
      .onConflictDoNothing({ target: [examAttempts.organizationId, examAttempts.examId, examAttempts.userId] })
      .returning({ id: examAttempts.id });
    // Another tab or device got there first: its attempt is the one (read below).
    const first = created[0];
    if (!first) return;
    await tx.execute(
      sql`update ${examCandidates} set student_status = ${StudentExamStatus.Entered}
        where organization_id = ${org} and exam_id = ${examId} and user_id = ${ctx.userId}`,
    );
    await tx
      .insert(attemptEvents)
      .values({
        organizationId: org,
        attemptId: first.id,
        type: ExamLogType.Start,
        at: new Date(now),
        receivedAt: new Date(now),
      })
      .onConflictDoNothing();
    await scheduleCollection(tx, org, first.id, closesAt);
    if (e.homework) await syncTaskUsers(tx, org, sql`a.id = ${first.id}`, now);
  });
  const row = await findAttempt(ctx.db, org, mine);
  if (!row) throw new Error('attempt vanished after start');
  if (Number(row.status) !== Answering) throw businessError('attemptEnded');
  return toAttempt(ctx.db, org, row, clock.now());
}

// ---- another sitting ----

// Another sitting of an exam that allows several (a practice exam): the ended sitting is kept in
// attempt_history and the same row opens again with a fresh paper, timed from now, so every screen
// still finds one paper per student and exam. The exam page then enters it with startAttempt.
export async function retakeAttempt(ctx: RequestContext, examId: number): Promise<{ examId: number }> {
  const org = ctx.orgId;
  const e = await examForStart(ctx, examId);
  const current = await findAttempt(ctx.db, org, sql`t.exam_id = ${examId} and t.user_id = ${ctx.userId}`);
  // Already sitting again (a second tab asked too): nothing to do.
  if (current && Number(current.status) === Answering) return { examId };
  if (e.homework || !current || e.confirmed) throw businessError('notRetakable');
  const allowed = Number(e.attempts_allowed);
  if (Number(current.attempt_no) >= allowed) throw businessError('noRetakeLeft', { max: allowed });
  const now = clock.now();
  const { extra, deadline, closesAt } = sittingTimes(e, now);
  const drawn = await drawFor(ctx, e);
  await ctx.db.transaction(async (tx) => {
    // Locked and checked again: of two retakes at once, the second finds the sitting open and stops.
    const [held] = await rows<{ status: number; attempt_no: number }>(
      tx,
      sql`select status, attempt_no from ${examAttempts} where organization_id = ${org} and id = ${current.id} for update`,
    );
    if (!held || Number(held.status) === Answering || Number(held.attempt_no) !== Number(current.attempt_no)) return;
    await keepSittings(tx, sql`a.organization_id = ${org} and a.id = ${current.id}`, {
      returned: false,
      score: sql`case when a.status = ${sql.raw(String(PaperStatus.Marked))} then a.score end`,
      late: sql`false`,
    });
    await tx.execute(sql`delete from ${attemptAnswers} where organization_id = ${org} and attempt_id = ${current.id}`);
    await tx.execute(sql`delete from ${attemptMarks} where organization_id = ${org} and attempt_id = ${current.id}`);
    await tx
      .update(examAttempts)
      .set({
        attemptNo: Number(current.attempt_no) + 1,
        status: Answering,
        paper: drawn.paper,
        view: drawn.view,
        questionIds: drawn.questionIds,
        totalScore: drawn.paper.totalScore,
        extraMinutes: extra,
        startedAt: new Date(now),
        deadline: new Date(deadline),
        closesAt: new Date(closesAt),
        endedAt: null,
        endReason: null,
        endStatus: null,
        lastSeen: new Date(now),
        switchCount: 0,
        leftCount: 0,
        flagged: false,
        reviewDecision: null,
        reviewNote: null,
        reviewerId: null,
        reviewTime: null,
        score: null,
        scoreMax: null,
        pendingCount: 0,
        answerStatus: 3,
        markedAt: null,
        notice: null,
        noticeAt: null,
      })
      .where(sql`${examAttempts.organizationId} = ${org} and ${examAttempts.id} = ${current.id}`);
    await tx
      .insert(attemptEvents)
      .values({
        organizationId: org,
        attemptId: Number(current.id),
        type: ExamLogType.Start,
        at: new Date(now),
        receivedAt: new Date(now),
      })
      .onConflictDoNothing();
    await scheduleCollection(tx, org, Number(current.id), closesAt);
  });
  return { examId };
}
