import { CandidateStatus, ExamState, extraMinutesOf, type MyExam, PaperStatus, ShowScore } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { rows } from '../../platform/sql-rows';
import { teachVenues } from '../calendar/calendar.table';
import { examPapers } from '../exam-paper/exam-paper.table';
import { myScores } from '../marking/my-scores.service';
import { examAttempts } from './attempt.table';
import { historyJoin } from './attempt-history';
import { accommodations, examCandidates, exams } from './exam.table';
import { statusAt } from './exam-time';

const { Approved, Rejected } = CandidateStatus;

// ---- The student's side -------------------------------------------------------------------------

export type MyRow = {
  id: number;
  name: string;
  window_start: Date | string;
  window_end: Date | string;
  duration_minutes: number;
  latest_entry_minutes: number | null;
  grace_seconds: number;
  instructions: string | null;
  venue_name: string | null;
  venue_address: string | null;
  virtual_room_id: string | null;
  seat_no: number | null;
  status: number;
  student_status: number;
  factor: number;
  minutes: number;
  fullscreen: boolean;
  switch_warn_after: number;
  switch_collect_after: number | null;
  camera_source: number | null;
  show_score: number;
  allow_review: boolean;
  total_score: number;
  paper_status: number;
  deadline: Date | string | null;
  attempts_allowed: number;
  score_counting: number;
  attempt_no: number;
  confirmed: boolean;
  earlier: { no: number; score: number | null; endedAt: string | null }[];
};

export const myColumns = sql`e.id, e.name, e.window_start, e.window_end, e.duration_minutes, e.latest_entry_minutes,
  e.grace_seconds, e.instructions, v.name as venue_name, v.address as venue_address, e.virtual_room_id, c.seat_no,
  c.status, c.student_status, coalesce(c.extra_time_factor, a.extra_time_factor, 1) as factor,
  coalesce(c.extra_minutes, a.extra_minutes, 0) as minutes, e.fullscreen, e.switch_warn_after, e.switch_collect_after,
  e.camera_source, e.show_score, e.allow_review, p.total_score, coalesce(t.status, 0) as paper_status, t.deadline,
  e.attempts_allowed, e.score_counting, coalesce(t.attempt_no, 1) as attempt_no,
  e.scores_confirmed_at is not null as confirmed, h.earlier`;
export const myJoins = sql`from ${examCandidates} c
  join ${exams} e on e.organization_id = c.organization_id and e.id = c.exam_id
  join ${examPapers} p on p.organization_id = e.organization_id and p.id = e.paper_id
  left join ${teachVenues} v on v.organization_id = e.organization_id and v.id = e.venue_id
  left join ${accommodations} a on a.organization_id = c.organization_id and a.user_id = c.user_id
  left join ${examAttempts} t on t.organization_id = c.organization_id and t.exam_id = c.exam_id
    and t.user_id = c.user_id
  ${historyJoin('t')}`;

export function rulesOf(r: MyRow) {
  return {
    fullscreen: r.fullscreen,
    switchWarnAfter: Number(r.switch_warn_after),
    switchCollectAfter: r.switch_collect_after == null ? null : Number(r.switch_collect_after),
    cameraSource: r.camera_source == null ? null : (Number(r.camera_source) as 1 | 2),
    showScore: Number(r.show_score) as 1 | 2 | 3,
    allowReview: r.allow_review,
  };
}
export function timesOf(r: MyRow) {
  const extraTime = extraMinutesOf(Number(r.duration_minutes), {
    extraTimeFactor: Number(r.factor),
    extraMinutes: Number(r.minutes),
  });
  const start = new Date(r.window_start).getTime();
  const end = new Date(r.window_end).getTime();
  return {
    extraTime,
    start,
    end,
    personalEnd: end + extraTime * 60_000,
    latestEntry: r.latest_entry_minutes == null ? null : start + Number(r.latest_entry_minutes) * 60_000,
  };
}

function toMyExam(r: MyRow, now: number): MyExam {
  const t = timesOf(r);
  const entryClosed = t.latestEntry !== null && now > t.latestEntry;
  const paperStatus = Number(r.paper_status) as PaperStatus;
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
    id: Number(r.id),
    name: r.name,
    status: statusAt(r.window_start, r.window_end, now),
    phase: r.status === Approved ? phase : phase === 'open' ? 'upcoming' : phase,
    windowStart: new Date(t.start).toISOString(),
    windowEnd: new Date(t.end).toISOString(),
    durationMinutes: Number(r.duration_minutes),
    extraTime: t.extraTime,
    personalEnd: new Date(t.personalEnd).toISOString(),
    latestEntry: t.latestEntry === null ? null : new Date(t.latestEntry).toISOString(),
    venueName: r.venue_name,
    virtualRoomId: r.virtual_room_id,
    seatNo: r.seat_no == null ? null : Number(r.seat_no),
    instructions: r.instructions,
    candidateStatus: Number(r.status) as CandidateStatus,
    studentStatus: Number(r.student_status) as 1 | 2,
    paperStatus,
    deadline: r.deadline == null ? null : new Date(r.deadline).getTime(),
    rules: rulesOf(r),
    totalScore: Number(r.total_score),
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
  const show = Number(r.show_score);
  const visible = show !== ShowScore.Never && (show === ShowScore.AfterSubmit || r.confirmed);
  const allowed = Number(r.attempts_allowed);
  return {
    no: Number(r.attempt_no),
    allowed,
    counting: Number(r.score_counting) as MyExam['sittings']['counting'],
    canRetake: at.ended && at.open && !r.confirmed && Number(r.attempt_no) < allowed,
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
  const list = await rows<MyRow>(
    ctx.db,
    sql`select ${myColumns} ${myJoins}
      where c.organization_id = ${ctx.orgId} and c.user_id = ${ctx.userId} and e.state = ${ExamState.Published}
        and c.status <> ${Rejected} and not e.homework
      order by e.window_start`,
  );
  const [acc] = await rows<{ factor: number; minutes: number; note: string | null }>(
    ctx.db,
    sql`select extra_time_factor as factor, extra_minutes as minutes, note from ${accommodations}
      where organization_id = ${ctx.orgId} and user_id = ${ctx.userId}`,
  );
  return {
    serverNow: now,
    accommodation: acc
      ? { userId: ctx.userId, extraTimeFactor: Number(acc.factor), extraMinutes: Number(acc.minutes), note: acc.note }
      : null,
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
