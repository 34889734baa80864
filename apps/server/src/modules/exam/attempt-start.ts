import {
  type Attempt,
  CandidateStatus,
  ExamLogType,
  ExamState,
  extraMinutesOf,
  PaperStatus,
  StudentExamStatus,
  type WaitingRoom,
} from '@lyceum/contract';
import { eq, sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { businessError, forbidden, notFound } from '../../platform/errors';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { attemptMarks } from '../marking/marking.table';
import { taskOfExam } from '../task/task-exam';
import { syncTaskUsers } from '../task/task-status';
import { attemptAnswers, attemptEvents, examAttempts } from './attempt.table';
import { scheduleCollection } from './attempt-collect';
import { answeringAgain, keepSittings } from './attempt-history';
import { type DrawnAttempt, drawAttemptPaper } from './attempt-paper';
import { type AttemptRow, examPageColumns, findAttempt, toAttempt } from './attempt-view';
import { accommodations, examCandidates, exams } from './exam.table';
import { announceCandidates } from './monitor-push';

// Starting a sitting, and another sitting of a practice exam (see attempt.service for the rules).

const { Answering } = PaperStatus;
const MINUTE = 60_000;

// ---- start ----

// The exam as a sitting starts it, with the caller's candidacy, accommodations and the sitting they
// may already have (one read: a synchronised start costs few round trips).
async function readExamForStart(ctx: RequestContext, examId: number) {
  const c = examCandidates;
  const a = accommodations;
  const t = examAttempts;
  const [e] = await ctx.db
    .select({
      ...examPageColumns,
      attemptId: t.id,
      attemptStatus: t.status,
      id: exams.id,
      paperId: exams.paperId,
      state: exams.state,
      windowStart: exams.windowStart,
      windowEnd: exams.windowEnd,
      durationMinutes: exams.durationMinutes,
      latestEntryMinutes: exams.latestEntryMinutes,
      graceSeconds: exams.graceSeconds,
      shuffleQuestions: exams.shuffleQuestions,
      shuffleOptions: exams.shuffleOptions,
      candidateStatus: c.status,
      // Homework has no clock to extend: its deadline is the task's cutoff for everyone.
      factor:
        sql<number>`case when ${exams.homework} then 1 else coalesce(${c.extraTimeFactor}, ${a.extraTimeFactor}, 1) end`.mapWith(
          Number,
        ),
      minutes:
        sql<number>`case when ${exams.homework} then 0 else coalesce(${c.extraMinutes}, ${a.extraMinutes}, 0) end`.mapWith(
          Number,
        ),
      addedMinutes: sql<number>`coalesce(${c.addedMinutes}, 0)`.mapWith(Number),
      homework: exams.homework,
      attemptsAllowed: exams.attemptsAllowed,
      confirmed: sql<boolean>`${exams.scoresConfirmedAt} is not null`,
    })
    .from(exams)
    .leftJoin(c, sameOrg(c, exams, [eq(c.examId, exams.id), eq(c.userId, ctx.userId)]))
    .leftJoin(a, sameOrg(a, exams, [eq(a.userId, ctx.userId)]))
    .leftJoin(t, sameOrg(t, exams, [eq(t.examId, exams.id), eq(t.userId, ctx.userId)]))
    .where(inOrg(exams, ctx.orgId, [eq(exams.id, examId)]));
  return e;
}
type ExamRead = NonNullable<Awaited<ReturnType<typeof readExamForStart>>>;

// Refused when the exam is not there for the caller, or they are no candidate.
function startable(e: ExamRead | undefined): ExamRead {
  if (!e || e.state === ExamState.Draft) throw notFound('Exam');
  if (e.state === ExamState.Cancelled || e.candidateStatus !== CandidateStatus.Approved) {
    throw forbidden('notCandidate');
  }
  return e;
}

const examForStart = async (ctx: RequestContext, examId: number) => startable(await readExamForStart(ctx, examId));
type ExamForStart = ExamRead;

// A sitting starting now: its extra time and deadline, refused outside the window or after entry closed.
function sittingTimes(e: ExamForStart, now: number) {
  const duration = e.durationMinutes;
  const extra = extraMinutesOf(duration, { extraTimeFactor: e.factor, extraMinutes: e.minutes });
  const added = e.addedMinutes;
  const windowStart = e.windowStart.getTime();
  const personalEnd = e.windowEnd.getTime() + (extra + added) * MINUTE;
  if (now < windowStart) throw businessError('examNotOpenYet');
  if (e.latestEntryMinutes != null && now > windowStart + e.latestEntryMinutes * MINUTE) {
    throw businessError('entryClosed');
  }
  if (now >= personalEnd) throw businessError('examEnded');
  const deadline = Math.min(now + (duration + extra + added) * MINUTE, personalEnd);
  return { extra, deadline, closesAt: deadline + e.graceSeconds * 1000 };
}

// A sitting's page view of its drawn paper and its times, as start and another sitting write them.
const paperAndTimes = (
  drawn: DrawnAttempt,
  times: { extra: number; deadline: number; closesAt: number },
  now: number,
) => ({
  view: drawn.view,
  questionIds: drawn.questionIds,
  totalScore: drawn.paper.totalScore,
  extraMinutes: times.extra,
  startedAt: new Date(now),
  deadline: new Date(times.deadline),
  closesAt: new Date(times.closesAt),
});

const drawFor = (ctx: RequestContext, e: ExamForStart) =>
  drawAttemptPaper(
    ctx.db,
    ctx,
    {
      id: e.id,
      paperId: e.paperId,
      shuffleQuestions: e.shuffleQuestions,
      shuffleOptions: e.shuffleOptions,
    },
    ctx.userId,
  );

// The sitting the caller already has, as the page sees it (a reload, another tab).
async function resume(ctx: RequestContext, examId: number): Promise<Attempt> {
  const row = await findAttempt(ctx.db, ctx.orgId, sql`t.exam_id = ${examId} and t.user_id = ${ctx.userId}`);
  if (!row) throw notFound('Attempt');
  if (row.status !== Answering) throw businessError('attemptEnded');
  return toAttempt(ctx.db, ctx.orgId, row, clock.now());
}

// Starts the caller's sitting, or returns the one they have. A first start is one read (the exam,
// candidacy and any sitting together) and one transaction (the paper drawn and frozen, the
// candidate's status, the first event and the collection job), answered from what it wrote.
export async function startAttempt(ctx: RequestContext, examId: number): Promise<Attempt> {
  const org = ctx.orgId;
  const read = await readExamForStart(ctx, examId);
  if (read?.attemptId != null) {
    if (read.attemptStatus !== Answering) throw businessError('attemptEnded');
    return resume(ctx, examId);
  }
  const e = startable(read);
  const now = clock.now();
  const { extra, deadline, closesAt } = sittingTimes(e, now);
  const drawn = await drawFor(ctx, e);
  // The sitting as written, and as the page gets it back.
  const sitting = {
    examId,
    userId: ctx.userId,
    status: Answering,
    ...paperAndTimes(drawn, { extra, deadline, closesAt }, now),
  };
  const createdId = await ctx.db.transaction(async (tx) => {
    const created = await tx
      .insert(examAttempts)
      .values({ organizationId: org, ...sitting, paper: drawn.paper, lastSeen: new Date(now) })
      .onConflictDoNothing({ target: [examAttempts.organizationId, examAttempts.examId, examAttempts.userId] })
      .returning({ id: examAttempts.id });
    // Another tab or device got there first: its attempt is the one (resumed below).
    const first = created[0];
    if (!first) return null;
    await tx
      .update(examCandidates)
      .set({ studentStatus: StudentExamStatus.Entered })
      .where(inOrg(examCandidates, org, [eq(examCandidates.examId, examId), eq(examCandidates.userId, ctx.userId)]));
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
    // Monitors of the exam hear of it when this commits.
    else await announceCandidates(tx, org, examId, [ctx.userId], Answering);
    return first.id;
  });
  if (createdId === null) return resume(ctx, examId);
  const row: AttemptRow = {
    ...e,
    ...sitting,
    id: createdId,
    attemptNo: 1,
    endedAt: null,
    switchCount: 0,
    notice: null,
    noticeAt: null,
  };
  return toAttempt(ctx.db, org, row, clock.now(), true);
}

// The waiting room: the exam as its candidate may see it before the start (no paper), with the
// server's clock. Only reads: checking in costs one statement and no commit.
export async function waitingRoom(ctx: RequestContext, examId: number): Promise<WaitingRoom> {
  const read = await readExamForStart(ctx, examId);
  const started = read?.attemptId != null;
  const e = started ? read! : startable(read);
  const extra = extraMinutesOf(e.durationMinutes, { extraTimeFactor: e.factor, extraMinutes: e.minutes });
  return {
    examId,
    examName: e.examName,
    opensAt: e.windowStart.getTime(),
    serverNow: clock.now(),
    durationMinutes: e.durationMinutes,
    extraMinutes: extra + e.addedMinutes,
    instructions: e.instructions,
    started,
  };
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
  if (current && current.status === Answering) return { examId };
  // Homework is done again through its task (a redo); a hidden exam with no task behind it is a
  // course's quiz lesson, sat again here like any practice exam.
  const taskBound = e.homework && (await taskOfExam(ctx.db, org, examId)) !== null;
  if (taskBound || !current || e.confirmed) throw businessError('notRetakable');
  const allowed = e.attemptsAllowed;
  if (current.attemptNo >= allowed) throw businessError('noRetakeLeft', { max: allowed });
  const now = clock.now();
  const { extra, deadline, closesAt } = sittingTimes(e, now);
  const drawn = await drawFor(ctx, e);
  await ctx.db.transaction(async (tx) => {
    // Locked and checked again: of two retakes at once, the second finds the sitting open and stops.
    const [held] = await tx
      .select({ status: examAttempts.status, attemptNo: examAttempts.attemptNo })
      .from(examAttempts)
      .where(inOrg(examAttempts, org, [eq(examAttempts.id, current.id)]))
      .for('update');
    if (!held || held.status === Answering || held.attemptNo !== current.attemptNo) return;
    await keepSittings(tx, sql`a.organization_id = ${org} and a.id = ${current.id}`, {
      returned: false,
      score: sql`case when a.status = ${sql.raw(String(PaperStatus.Marked))} then a.score end`,
      late: sql`false`,
    });
    await tx.delete(attemptAnswers).where(inOrg(attemptAnswers, org, [eq(attemptAnswers.attemptId, current.id)]));
    await tx.delete(attemptMarks).where(inOrg(attemptMarks, org, [eq(attemptMarks.attemptId, current.id)]));
    await tx
      .update(examAttempts)
      .set({
        ...answeringAgain,
        attemptNo: current.attemptNo + 1,
        paper: drawn.paper,
        ...paperAndTimes(drawn, { extra, deadline, closesAt }, now),
        lastSeen: new Date(now),
        switchCount: 0,
        leftCount: 0,
        flagged: false,
        reviewDecision: null,
        reviewNote: null,
        reviewerId: null,
        reviewTime: null,
        notice: null,
        noticeAt: null,
      })
      .where(inOrg(examAttempts, org, [eq(examAttempts.id, current.id)]));
    await tx
      .insert(attemptEvents)
      .values({
        organizationId: org,
        attemptId: current.id,
        type: ExamLogType.Start,
        at: new Date(now),
        receivedAt: new Date(now),
      })
      .onConflictDoNothing();
    await scheduleCollection(tx, org, current.id, closesAt);
    await announceCandidates(tx, org, examId, [ctx.userId], Answering);
  });
  return { examId };
}
