import { CandidateStatus, ExamState, extraMinutesOf, type MyExam, PaperStatus, ShowScore } from '@lyceum/contract';
import { eq, ne, not, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { teachVenues } from '../calendar/calendar.table';
import { examPapers } from '../exam-paper/exam-paper.table';
import { myScores } from '../marking/my-scores.service';
import { attemptHistory, examAttempts } from './attempt.table';
import { accommodations, examCandidates, exams } from './exam.table';
import { statusAt } from './exam-time';

const { Approved, Rejected } = CandidateStatus;

// ---- The student's side -------------------------------------------------------------------------

const c = examCandidates;
const t = examAttempts;
const k = attemptHistory;

// An earlier sitting, as attempt_history keeps it.
type Earlier = { no: number; score: number | null; endedAt: string | null };

// An exam as its candidate sees it: the exam, the venue, the candidate's row and extra time, the
// paper's state and the earlier sittings (oldest first).
export const myColumns = {
  id: exams.id,
  name: exams.name,
  windowStart: exams.windowStart,
  windowEnd: exams.windowEnd,
  durationMinutes: exams.durationMinutes,
  latestEntryMinutes: exams.latestEntryMinutes,
  graceSeconds: exams.graceSeconds,
  instructions: exams.instructions,
  venueName: teachVenues.name,
  venueAddress: teachVenues.address,
  virtualRoomId: exams.virtualRoomId,
  seatNo: c.seatNo,
  status: c.status,
  studentStatus: c.studentStatus,
  factor: sql<number>`coalesce(${c.extraTimeFactor}, ${accommodations.extraTimeFactor}, 1)`.mapWith(Number),
  minutes: sql<number>`coalesce(${c.extraMinutes}, ${accommodations.extraMinutes}, 0)`.mapWith(Number),
  fullscreen: exams.fullscreen,
  switchWarnAfter: exams.switchWarnAfter,
  switchCollectAfter: exams.switchCollectAfter,
  cameraSource: exams.cameraSource,
  showScore: exams.showScore,
  allowReview: exams.allowReview,
  totalScore: examPapers.totalScore,
  paperStatus: sql<number>`coalesce(${t.status}, 0)`.mapWith(Number),
  deadline: t.deadline,
  attemptsAllowed: exams.attemptsAllowed,
  scoreCounting: exams.scoreCounting,
  attemptNo: sql<number>`coalesce(${t.attemptNo}, 1)`.mapWith(Number),
  confirmed: sql<boolean>`${exams.scoresConfirmedAt} is not null`,
  earlier: sql<Earlier[]>`(select coalesce(json_agg(json_build_object('no', ${k.attemptNo}, 'score', ${k.score},
      'endedAt', ${k.endedAt}) order by ${k.attemptNo}), '[]'::json)
    from ${k} where ${k.organizationId} = ${t.organizationId} and ${k.examId} = ${t.examId} and ${k.userId} = ${t.userId})`,
};

// The candidate rows (`c`) with their exams and `extra` columns; callers join what `extra` reads.
export function selectMyExams<X extends SelectedFields>(db: DbOrTx, extra: X) {
  return db
    .select({ ...myColumns, ...extra })
    .from(c)
    .innerJoin(exams, sameOrg(exams, c, [eq(exams.id, c.examId)]))
    .innerJoin(examPapers, sameOrg(examPapers, exams, [eq(examPapers.id, exams.paperId)]))
    .leftJoin(teachVenues, sameOrg(teachVenues, exams, [eq(teachVenues.id, exams.venueId)]))
    .leftJoin(accommodations, sameOrg(accommodations, c, [eq(accommodations.userId, c.userId)]))
    .leftJoin(t, sameOrg(t, c, [eq(t.examId, c.examId), eq(t.userId, c.userId)]));
}
export type MyRow = Awaited<ReturnType<typeof selectMyExams<Record<never, never>>>>[number];

export function rulesOf(r: MyRow) {
  return {
    fullscreen: r.fullscreen,
    switchWarnAfter: r.switchWarnAfter,
    switchCollectAfter: r.switchCollectAfter,
    cameraSource: r.cameraSource as 1 | 2 | null,
    showScore: r.showScore as 1 | 2 | 3,
    allowReview: r.allowReview,
  };
}
export function timesOf(r: MyRow) {
  const extraTime = extraMinutesOf(r.durationMinutes, { extraTimeFactor: r.factor, extraMinutes: r.minutes });
  const start = r.windowStart.getTime();
  const end = r.windowEnd.getTime();
  return {
    extraTime,
    start,
    end,
    personalEnd: end + extraTime * 60_000,
    latestEntry: r.latestEntryMinutes == null ? null : start + r.latestEntryMinutes * 60_000,
  };
}

function toMyExam(r: MyRow, now: number): MyExam {
  const t = timesOf(r);
  const entryClosed = t.latestEntry !== null && now > t.latestEntry;
  const paperStatus = r.paperStatus as PaperStatus;
  // Once they entered, their own deadline (and added time) decides, not the latest entry time.
  const entered = paperStatus === PaperStatus.Answering;
  const ended = paperStatus !== PaperStatus.NotStarted && !entered;
  const phase =
    now < t.start
      ? 'upcoming'
      : ended
        ? 'finished'
        : entered || (now < t.personalEnd && !entryClosed)
          ? 'open'
          : 'finished';
  return {
    id: r.id,
    name: r.name,
    status: statusAt(r.windowStart, r.windowEnd, now),
    phase: r.status === Approved ? phase : phase === 'open' ? 'upcoming' : phase,
    windowStart: new Date(t.start).toISOString(),
    windowEnd: new Date(t.end).toISOString(),
    durationMinutes: r.durationMinutes,
    extraTime: t.extraTime,
    personalEnd: new Date(t.personalEnd).toISOString(),
    latestEntry: t.latestEntry === null ? null : new Date(t.latestEntry).toISOString(),
    venueName: r.venueName,
    virtualRoomId: r.virtualRoomId,
    seatNo: r.seatNo,
    instructions: r.instructions,
    candidateStatus: r.status as CandidateStatus,
    studentStatus: r.studentStatus as 1 | 2,
    paperStatus,
    deadline: r.deadline?.getTime() ?? null,
    rules: rulesOf(r),
    totalScore: r.totalScore,
    // Filled by myExams from the result's rule (my-scores.service myScores).
    score: null,
    scoreReason: null,
    pending: 0,
    sittings: sittingsOf(r, { ended, open: now < t.personalEnd && !entryClosed && r.status === Approved }),
  };
}

// Another sitting may start while the window is open, sittings remain and the scores are not
// confirmed. Earlier sittings' scores show by the exam's rule (whatever the current sitting's state).
function sittingsOf(r: MyRow, at: { ended: boolean; open: boolean }): MyExam['sittings'] {
  const show = r.showScore;
  const visible = show !== ShowScore.Never && (show === ShowScore.AfterSubmit || r.confirmed);
  const allowed = r.attemptsAllowed;
  return {
    no: r.attemptNo,
    allowed,
    counting: r.scoreCounting as MyExam['sittings']['counting'],
    canRetake: at.ended && at.open && !r.confirmed && r.attemptNo < allowed,
    earlier: (r.earlier ?? []).map((h) => ({
      no: Number(h.no),
      score: visible && h.score !== null ? Number(h.score) : null,
      endedAt: h.endedAt ? new Date(h.endedAt).toISOString() : null,
    })),
  };
}

// The calling student's exams: every published exam they are a candidate of (rejected ones left out).
export async function myExams(ctx: RequestContext) {
  const now = clock.now();
  const list = await selectMyExams(ctx.db, {})
    .where(
      inOrg(c, ctx.orgId, [
        eq(c.userId, ctx.userId),
        eq(exams.state, ExamState.Published),
        ne(c.status, Rejected),
        not(exams.homework),
      ]),
    )
    .orderBy(exams.windowStart);
  const [acc] = await ctx.db
    .select({
      extraTimeFactor: accommodations.extraTimeFactor,
      extraMinutes: accommodations.extraMinutes,
      note: accommodations.note,
    })
    .from(accommodations)
    .where(inOrg(accommodations, ctx.orgId, [eq(accommodations.userId, ctx.userId)]));
  return {
    serverNow: now,
    accommodation: acc ? { userId: ctx.userId, ...acc } : null,
    exams: await withScores(
      ctx,
      list.map((r) => toMyExam(r, now)),
    ),
  };
}

// Each sat exam's score as the student's result shows it (one rule: myResult's visibility).
async function withScores(ctx: RequestContext, list: MyExam[]): Promise<MyExam[]> {
  const sat = list.filter((e) => e.paperStatus !== PaperStatus.NotStarted).map((e) => e.id);
  const scores = new Map((await myScores(ctx, sat)).map((s) => [s.examId, s]));
  return list.map((e) => {
    const s = scores.get(e.id);
    return s ? { ...e, score: s.score, scoreReason: s.reason, pending: s.pending } : e;
  });
}

// The student's upcoming and open exams for the home page (at most `limit`).
export async function portalExams(ctx: RequestContext, limit: number) {
  const mine = await myExams(ctx);
  return (
    mine.exams
      // Registrations still awaiting approval are not exams the student sits yet.
      .filter((e) => e.phase !== 'finished' && e.candidateStatus === Approved)
      .slice(0, limit)
      .map((e) => ({
        id: e.id,
        name: e.name,
        course: null,
        startTime: e.windowStart,
        endTime: e.personalEnd,
        durationMinutes: e.durationMinutes + e.extraTime,
        state: e.phase as 'upcoming' | 'open',
      }))
  );
}
