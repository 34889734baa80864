import {
  type AdmissionTicket,
  type CalendarEntry,
  type Candidate,
  CandidateSource,
  CandidateStatus,
  ConflictKind,
  ExamState,
  type ExamStatus,
  extraMinutesOf,
  isOpenWindow,
  MessageAssociation,
  type MyExam,
  PaperStatus,
  pageOf,
  pageOffset,
  RegistrationMode,
  ShowScore,
  type zCalendarRequest,
  type zCandidateOverride,
  type zCandidatePageRequest,
  type zRegistrationExamPageRequest,
} from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { businessError, invalidParams, notFound } from '../../platform/errors';
import { likePattern } from '../../platform/resource';
import { rows } from '../../platform/sql-rows';
import { teachVenues } from '../calendar/calendar.table';
import { departments } from '../department/department.table';
import { examPapers } from '../exam-paper/exam-paper.table';
import { myScores } from '../marking/my-scores.service';
import { idsQuery, sendNotice } from '../message/message-delivery';
import { organizations } from '../organization/organization.table';
import { teamMembers, teams } from '../team/team.table';
import { users } from '../user/user.table';
import { examAttempts } from './attempt.table';
import { historyJoin } from './attempt-history';
import { examResource } from './exam.resource';
import { accommodations, examCandidates, exams } from './exam.table';
import { conflictsOf, isEligible, refreshCounts } from './exam-candidates';
import { iso, statusAt } from './exam-time';

const { Pending, Approved, Rejected } = CandidateStatus;

// One candidate's columns: the user, their classes, their accommodation and the per-exam override.
const candidateColumns = sql`u.id, u.user_name as "userName", u.real_name as "realName", u.avatar,
  c.status, c.source, c.student_status as "studentStatus", c.seat_no as "seatNo", c.create_time as "registeredTime",
  d.name as "departmentName",
  coalesce((select array_agg(t.name order by t.name) from ${teamMembers} m join ${teams} t
    on t.organization_id = m.organization_id and t.id = m.team_id
    where m.organization_id = c.organization_id and m.user_id = c.user_id), '{}') as "teamNames",
  coalesce(c.extra_time_factor, a.extra_time_factor, 1) as "extraTimeFactor",
  coalesce(c.extra_minutes, a.extra_minutes, 0) as "extraMinutes",
  (c.extra_time_factor is not null or c.extra_minutes is not null) as overridden`;
const candidateJoins = sql`from ${examCandidates} c
  join ${users} u on u.organization_id = c.organization_id and u.id = c.user_id
  left join ${departments} d on d.organization_id = u.organization_id and d.id = u.department_id
  left join ${accommodations} a on a.organization_id = c.organization_id and a.user_id = c.user_id`;

type CandidateRow = Omit<Candidate, 'extraTime' | 'registeredTime'> & { registeredTime: Date | string };
function toCandidate(r: CandidateRow, duration: number): Candidate {
  const factor = Number(r.extraTimeFactor);
  const minutes = Number(r.extraMinutes);
  return {
    ...r,
    id: Number(r.id),
    seatNo: r.seatNo == null ? null : Number(r.seatNo),
    extraTimeFactor: factor,
    extraMinutes: minutes,
    registeredTime: new Date(r.registeredTime).toISOString(),
    extraTime: extraMinutesOf(duration, { extraTimeFactor: factor, extraMinutes: minutes }),
  };
}

export async function candidatePage(ctx: RequestContext, examId: number, req: z.output<typeof zCandidatePageRequest>) {
  const exam = await examResource.readable(ctx, examId);
  const where = sql`c.organization_id = ${ctx.orgId} and c.exam_id = ${examId}
    ${req.status ? sql`and c.status = ${req.status}` : sql``}
    ${req.keyword ? sql`and (u.user_name ilike ${likePattern(req.keyword)} or u.real_name ilike ${likePattern(req.keyword)})` : sql``}`;
  const list = await rows<CandidateRow>(
    ctx.db,
    sql`select ${candidateColumns} ${candidateJoins} where ${where}
      order by c.seat_no nulls last, u.user_name limit ${req.pageSize} offset ${pageOffset(req)}`,
  );
  const [total] = await rows<{ n: number }>(ctx.db, sql`select count(*) as n ${candidateJoins} where ${where}`);
  return pageOf(
    list.map((r) => toCandidate(r, exam.durationMinutes as number)),
    Number(total?.n ?? 0),
    req,
  );
}

async function oneCandidate(db: DbOrTx, ctx: RequestContext, examId: number, userId: number, duration: number) {
  const [r] = await rows<CandidateRow>(
    db,
    sql`select ${candidateColumns} ${candidateJoins} where c.organization_id = ${ctx.orgId} and c.exam_id = ${examId} and c.user_id = ${userId}`,
  );
  if (!r) throw notFound('Candidate');
  return toCandidate(r, duration);
}

// A per-exam accommodation for one candidate (the exam in the caller's write scope).
export async function overrideCandidate(
  ctx: RequestContext,
  examId: number,
  body: z.output<typeof zCandidateOverride>,
) {
  return ctx.db.transaction(async (tx) => {
    const exam = await examResource.loadForWrite(tx, ctx, examId, true);
    const changed = await rows<{ user_id: number }>(
      tx,
      sql`update ${examCandidates} set extra_time_factor = ${body.extraTimeFactor}, extra_minutes = ${body.extraMinutes}
        where organization_id = ${ctx.orgId} and exam_id = ${examId} and user_id = ${body.userId} returning user_id`,
    );
    if (!changed.length) throw invalidParams('userId', 'notChildHere', { entity: 'candidate', id: body.userId });
    return oneCandidate(tx, ctx, examId, body.userId, exam.durationMinutes as number);
  });
}

// ---- The student's side -------------------------------------------------------------------------

type MyRow = {
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

const myColumns = sql`e.id, e.name, e.window_start, e.window_end, e.duration_minutes, e.latest_entry_minutes,
  e.grace_seconds, e.instructions, v.name as venue_name, v.address as venue_address, e.virtual_room_id, c.seat_no,
  c.status, c.student_status, coalesce(c.extra_time_factor, a.extra_time_factor, 1) as factor,
  coalesce(c.extra_minutes, a.extra_minutes, 0) as minutes, e.fullscreen, e.switch_warn_after, e.switch_collect_after,
  e.camera_source, e.show_score, e.allow_review, p.total_score, coalesce(t.status, 0) as paper_status, t.deadline,
  e.attempts_allowed, e.score_counting, coalesce(t.attempt_no, 1) as attempt_no,
  e.scores_confirmed_at is not null as confirmed, h.earlier`;
const myJoins = sql`from ${examCandidates} c
  join ${exams} e on e.organization_id = c.organization_id and e.id = c.exam_id
  join ${examPapers} p on p.organization_id = e.organization_id and p.id = e.paper_id
  left join ${teachVenues} v on v.organization_id = e.organization_id and v.id = e.venue_id
  left join ${accommodations} a on a.organization_id = c.organization_id and a.user_id = c.user_id
  left join ${examAttempts} t on t.organization_id = c.organization_id and t.exam_id = c.exam_id
    and t.user_id = c.user_id
  ${historyJoin('t')}`;

function rulesOf(r: MyRow) {
  return {
    fullscreen: r.fullscreen,
    switchWarnAfter: Number(r.switch_warn_after),
    switchCollectAfter: r.switch_collect_after == null ? null : Number(r.switch_collect_after),
    cameraSource: r.camera_source == null ? null : (Number(r.camera_source) as 1 | 2),
    showScore: Number(r.show_score) as 1 | 2 | 3,
    allowReview: r.allow_review,
  };
}
function timesOf(r: MyRow) {
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

// Open-registration exams whose registration window is open now and to which the student belongs,
// plus those they have registered for.
export async function registrable(ctx: RequestContext) {
  const now = clock.date().toISOString();
  const list = await rows<{
    id: number;
    name: string;
    window_start: Date;
    window_end: Date;
    duration_minutes: number;
    registration_end: Date;
    venue_name: string | null;
    places: number | null;
    taken: number;
    needs_approval: boolean;
    my_status: number | null;
  }>(
    ctx.db,
    sql`select e.id, e.name, e.window_start, e.window_end, e.duration_minutes, e.registration_end, v.name as venue_name,
        coalesce(e.capacity, nullif(v.capacity, 0)) as places, e.candidate_count + e.pending_count as taken,
        e.needs_approval, c.status as my_status
      from ${exams} e
      left join ${teachVenues} v on v.organization_id = e.organization_id and v.id = e.venue_id
      left join ${examCandidates} c on c.organization_id = e.organization_id and c.exam_id = e.id and c.user_id = ${ctx.userId}
      where e.organization_id = ${ctx.orgId} and e.state = ${ExamState.Published}
        and e.registration_mode = ${RegistrationMode.Open}
        and (c.user_id is not null or (e.registration_start <= ${now}::timestamptz and e.registration_end > ${now}::timestamptz))
        and e.window_end > ${now}::timestamptz
      order by e.window_start`,
  );
  const visible = [];
  for (const r of list) {
    if (r.my_status == null && !(await isEligible(ctx.db, ctx.orgId, Number(r.id), ctx.userId))) continue;
    const places = r.places == null ? null : Number(r.places);
    visible.push({
      id: Number(r.id),
      name: r.name,
      windowStart: new Date(r.window_start).toISOString(),
      windowEnd: new Date(r.window_end).toISOString(),
      durationMinutes: Number(r.duration_minutes),
      registrationEnd: new Date(r.registration_end).toISOString(),
      venueName: r.venue_name,
      capacity: places,
      seatsLeft: places == null ? null : Math.max(0, places - Number(r.taken)),
      needsApproval: r.needs_approval,
      myStatus: r.my_status == null ? null : (Number(r.my_status) as CandidateStatus),
    });
  }
  return { serverNow: clock.now(), exams: visible };
}

// The exam row locked for a registration change: every registration of one exam queues on it, so
// the count and the insert cannot interleave (500 racing students for 100 places: exactly 100).
async function lockRegistrationExam(tx: DbOrTx, ctx: RequestContext, examId: number) {
  const [e] = await rows<{
    state: number;
    registration_mode: number;
    registration_start: Date | null;
    registration_end: Date | null;
    places: number | null;
    needs_approval: boolean;
  }>(
    tx,
    sql`select e.state, e.registration_mode, e.registration_start, e.registration_end, e.needs_approval,
        coalesce(e.capacity, (select nullif(v.capacity, 0) from ${teachVenues} v where v.organization_id = e.organization_id and v.id = e.venue_id)) as places
      from ${exams} e where e.organization_id = ${ctx.orgId} and e.id = ${examId} for update`,
  );
  if (!e || e.state !== ExamState.Published) throw notFound('Exam');
  if (e.registration_mode !== RegistrationMode.Open) throw businessError('notRegistrationExam');
  const now = clock.now();
  const open =
    e.registration_start !== null &&
    e.registration_end !== null &&
    new Date(e.registration_start).getTime() <= now &&
    now < new Date(e.registration_end).getTime();
  return { ...e, open, places: e.places == null ? null : Number(e.places) };
}

export async function register(ctx: RequestContext, examId: number) {
  return ctx.db.transaction(async (tx) => {
    const e = await lockRegistrationExam(tx, ctx, examId);
    const [mine] = await rows<{ status: number }>(
      tx,
      sql`select status from ${examCandidates} where organization_id = ${ctx.orgId} and exam_id = ${examId} and user_id = ${ctx.userId}`,
    );
    // Registering twice is harmless: the answer is the registration there is.
    if (mine) return { status: Number(mine.status) as CandidateStatus };
    if (!e.open) throw businessError('registrationClosed');
    if (!(await isEligible(tx, ctx.orgId, examId, ctx.userId))) throw businessError('notEligible');
    if (e.places !== null) {
      const [taken] = await rows<{ n: number }>(
        tx,
        sql`select count(*) as n from ${examCandidates} where organization_id = ${ctx.orgId} and exam_id = ${examId} and status <> ${Rejected}`,
      );
      if (Number(taken?.n ?? 0) >= e.places) throw businessError('examFull');
    }
    const status = e.needs_approval ? Pending : Approved;
    await tx.insert(examCandidates).values({
      organizationId: ctx.orgId,
      examId,
      userId: ctx.userId,
      source: CandidateSource.Registered,
      status,
    });
    await refreshCounts(tx, ctx.orgId, examId);
    return { status };
  });
}

export async function unregister(ctx: RequestContext, examId: number) {
  return ctx.db.transaction(async (tx) => {
    const e = await lockRegistrationExam(tx, ctx, examId);
    const [mine] = await rows<{ status: number; source: number }>(
      tx,
      sql`select status, source from ${examCandidates} where organization_id = ${ctx.orgId} and exam_id = ${examId} and user_id = ${ctx.userId}`,
    );
    if (!mine) return { status: null };
    if (!e.open) throw businessError('registrationClosed');
    if (Number(mine.source) !== CandidateSource.Registered) throw businessError('registrationDecided');
    await tx.execute(
      sql`delete from ${examCandidates} where organization_id = ${ctx.orgId} and exam_id = ${examId} and user_id = ${ctx.userId}`,
    );
    await refreshCounts(tx, ctx.orgId, examId);
    return { status: null };
  });
}

// ---- The registration office --------------------------------------------------------------------

export async function registrationPage(ctx: RequestContext, req: z.output<typeof zRegistrationExamPageRequest>) {
  const now = clock.now();
  const where = sql`e.organization_id = ${ctx.orgId} and e.registration_mode = ${RegistrationMode.Open}
    and e.state <> ${ExamState.Cancelled}
    ${req.keyword ? sql`and e.name ilike ${likePattern(req.keyword)}` : sql``}`;
  const list = await rows<{
    id: number;
    name: string;
    state: number;
    window_start: Date;
    window_end: Date;
    registration_start: Date | null;
    registration_end: Date | null;
    places: number | null;
    needs_approval: boolean;
    venue_name: string | null;
    approved: number;
    pending: number;
    rejected: number;
  }>(
    ctx.db,
    sql`select e.id, e.name, e.state, e.window_start, e.window_end, e.registration_start, e.registration_end,
        coalesce(e.capacity, nullif(v.capacity, 0)) as places, e.needs_approval, v.name as venue_name,
        e.candidate_count as approved, e.pending_count as pending,
        (select count(*) from ${examCandidates} c where c.organization_id = e.organization_id and c.exam_id = e.id and c.status = ${Rejected}) as rejected
      from ${exams} e left join ${teachVenues} v on v.organization_id = e.organization_id and v.id = e.venue_id
      where ${where} order by e.window_start desc, e.id desc limit ${req.pageSize} offset ${pageOffset(req)}`,
  );
  const [total] = await rows<{ n: number }>(ctx.db, sql`select count(*) as n from ${exams} e where ${where}`);
  return pageOf(
    list.map((r) => ({
      id: Number(r.id),
      name: r.name,
      state: Number(r.state) as ExamState,
      status: statusAt(r.window_start, r.window_end, now),
      windowStart: new Date(r.window_start).toISOString(),
      windowEnd: new Date(r.window_end).toISOString(),
      registrationStart: iso(r.registration_start),
      registrationEnd: iso(r.registration_end),
      registrationOpen:
        Number(r.state) === ExamState.Published &&
        r.registration_start !== null &&
        r.registration_end !== null &&
        new Date(r.registration_start).getTime() <= now &&
        now < new Date(r.registration_end).getTime(),
      capacity: r.places == null ? null : Number(r.places),
      needsApproval: r.needs_approval,
      venueName: r.venue_name,
      approvedCount: Number(r.approved),
      pendingCount: Number(r.pending),
      rejectedCount: Number(r.rejected),
    })),
    Number(total?.n ?? 0),
    req,
  );
}

// Approve or reject registrations; approvals that would pass the places are refused (counted).
export async function approve(ctx: RequestContext, examId: number, userIds: number[], yes: boolean) {
  const exam = await examResource.readable(ctx, examId);
  return ctx.db.transaction(async (tx) => {
    const e = await lockRegistrationExam(tx, ctx, examId);
    let changed = 0;
    let refusedForCapacity = 0;
    let approvedIds: number[] = [];
    let rejectedIds: number[] = [];
    if (!yes) {
      const done = await rows<{ user_id: number }>(
        tx,
        sql`update ${examCandidates} set status = ${Rejected}, decided_time = now(), seat_no = null
          where organization_id = ${ctx.orgId} and exam_id = ${examId} and status <> ${Rejected}
            and user_id in (${sql.join(
              userIds.map((id) => sql`${id}`),
              sql`, `,
            )}) returning user_id`,
      );
      changed = done.length;
      rejectedIds = done.map((d) => Number(d.user_id));
    } else {
      const [taken] = await rows<{ n: number }>(
        tx,
        sql`select count(*) as n from ${examCandidates} where organization_id = ${ctx.orgId} and exam_id = ${examId} and status <> ${Rejected}`,
      );
      const wanted = await rows<{ user_id: number; status: number }>(
        tx,
        sql`select user_id, status from ${examCandidates} where organization_id = ${ctx.orgId} and exam_id = ${examId}
          and status <> ${Approved} and user_id in (${sql.join(
            userIds.map((id) => sql`${id}`),
            sql`, `,
          )}) order by create_time`,
      );
      // Pending ones already hold a place; a rejected one approved again takes a new one.
      let free = e.places === null ? Number.POSITIVE_INFINITY : e.places - Number(taken?.n ?? 0);
      const ok: number[] = [];
      for (const w of wanted) {
        if (Number(w.status) === Pending) ok.push(Number(w.user_id));
        else if (free > 0) {
          ok.push(Number(w.user_id));
          free -= 1;
        } else refusedForCapacity += 1;
      }
      if (ok.length) {
        await tx.execute(
          sql`update ${examCandidates} set status = ${Approved}, decided_time = now()
            where organization_id = ${ctx.orgId} and exam_id = ${examId} and user_id in (${sql.join(
              ok.map((id) => sql`${id}`),
              sql`, `,
            )})`,
        );
      }
      changed = ok.length;
      approvedIds = ok;
    }
    await refreshCounts(tx, ctx.orgId, examId);
    const decided = yes ? approvedIds : rejectedIds;
    if (decided.length) {
      await sendNotice(tx, ctx.orgId, {
        kind: yes ? 'registrationApproved' : 'registrationRejected',
        params: { name: String(exam.name), start: new Date(exam.windowStart as string).toISOString(), reason: '' },
        about: { type: MessageAssociation.Exam, id: examId },
        to: idsQuery(decided),
      });
    }
    return { changed, refusedForCapacity };
  });
}

// Seats 1..n for the approved candidates, by class and user name, at most the venue's seats.
export async function assignSeats(ctx: RequestContext, examId: number) {
  const exam = await examResource.readable(ctx, examId);
  return ctx.db.transaction(async (tx) => {
    const [v] = await rows<{ capacity: number }>(
      tx,
      sql`select capacity from ${teachVenues} where organization_id = ${ctx.orgId} and id = ${exam.venueId as number | null}`,
    );
    const seats = v ? Number(v.capacity) : 0;
    if (!seats) throw businessError('noVenueSeats');
    await tx.execute(
      sql`update ${examCandidates} set seat_no = null where organization_id = ${ctx.orgId} and exam_id = ${examId}`,
    );
    const done = await rows<{ n: number }>(
      tx,
      sql`with ordered as (
          select c.user_id, row_number() over (order by
            (select min(t.name) from ${teamMembers} m join ${teams} t on t.organization_id = m.organization_id and t.id = m.team_id
              where m.organization_id = c.organization_id and m.user_id = c.user_id) nulls last, u.user_name) as seat
          from ${examCandidates} c join ${users} u on u.organization_id = c.organization_id and u.id = c.user_id
          where c.organization_id = ${ctx.orgId} and c.exam_id = ${examId} and c.status = ${Approved})
        update ${examCandidates} c set seat_no = o.seat from ordered o
        where c.organization_id = ${ctx.orgId} and c.exam_id = ${examId} and c.user_id = o.user_id and o.seat <= ${seats}
        returning c.seat_no as n`,
    );
    return { assigned: done.length, seats };
  });
}

// ---- Tickets ------------------------------------------------------------------------------------

async function ticketsOf(ctx: RequestContext, examId: number, userIds: number[] | null): Promise<AdmissionTicket[]> {
  const list = await rows<
    MyRow & {
      user_id: number;
      user_name: string;
      real_name: string;
      avatar: string | null;
      department_name: string | null;
      team_names: string[];
      org_name: string;
    }
  >(
    ctx.db,
    sql`select ${myColumns}, u.id as user_id, u.user_name, u.real_name, u.avatar, d.name as department_name, o.name as org_name,
        coalesce((select array_agg(t.name order by t.name) from ${teamMembers} m join ${teams} t
          on t.organization_id = m.organization_id and t.id = m.team_id
          where m.organization_id = c.organization_id and m.user_id = c.user_id), '{}') as team_names
      ${myJoins}
      join ${users} u on u.organization_id = c.organization_id and u.id = c.user_id
      join ${organizations} o on o.id = c.organization_id
      left join ${departments} d on d.organization_id = u.organization_id and d.id = u.department_id
      where c.organization_id = ${ctx.orgId} and c.exam_id = ${examId} and c.status = ${Approved}
        and e.state = ${ExamState.Published}
        ${
          userIds
            ? sql`and c.user_id in (${sql.join(
                userIds.map((id) => sql`${id}`),
                sql`, `,
              )})`
            : sql``
        }
      order by c.seat_no nulls last, u.user_name`,
  );
  return list.map((r) => {
    const t = timesOf(r);
    return {
      examId: Number(r.id),
      examName: r.name,
      organizationName: r.org_name,
      userId: Number(r.user_id),
      userName: r.user_name,
      realName: r.real_name,
      avatar: r.avatar,
      departmentName: r.department_name,
      teamNames: r.team_names,
      windowStart: new Date(t.start).toISOString(),
      windowEnd: new Date(t.end).toISOString(),
      durationMinutes: Number(r.duration_minutes),
      extraTime: t.extraTime,
      latestEntry: t.latestEntry === null ? null : new Date(t.latestEntry).toISOString(),
      venueName: r.venue_name,
      venueAddress: r.venue_address,
      virtualRoomId: r.virtual_room_id,
      seatNo: r.seat_no == null ? null : Number(r.seat_no),
      instructions: r.instructions,
      rules: rulesOf(r),
    };
  });
}

export async function tickets(ctx: RequestContext, examId: number, userIds?: number[]) {
  await examResource.readable(ctx, examId);
  return ticketsOf(ctx, examId, userIds?.length ? userIds : null);
}

export async function myTicket(ctx: RequestContext, examId: number) {
  const [ticket] = await ticketsOf(ctx, examId, [ctx.userId]);
  if (!ticket) throw notFound('Exam');
  return ticket;
}

// ---- Scheduling ---------------------------------------------------------------------------------

export async function calendar(ctx: RequestContext, req: z.output<typeof zCalendarRequest>) {
  const found = await examResource.list(
    ctx,
    { from: req.from, to: req.to, venueId: req.venueId, teamId: req.teamId },
    500,
    req.includeCancelled ? undefined : sql`${exams.state} <> ${ExamState.Cancelled}`,
  );
  const venueNames = new Map(
    (
      await rows<{ id: number; name: string }>(
        ctx.db,
        sql`select id, name from ${teachVenues} where organization_id = ${ctx.orgId}`,
      )
    ).map((v) => [Number(v.id), v.name]),
  );
  const entries: CalendarEntry[] = [];
  for (const e of found) {
    const id = e.id as number;
    const [longest] = await rows<{ m: number }>(
      ctx.db,
      sql`select coalesce(max(ceil(${e.durationMinutes as number}::int * (coalesce(c.extra_time_factor, a.extra_time_factor, 1) - 1) - 0.000000001)::int
          + coalesce(c.extra_minutes, a.extra_minutes, 0)), 0) as m
        from ${examCandidates} c left join ${accommodations} a on a.organization_id = c.organization_id and a.user_id = c.user_id
        where c.organization_id = ${ctx.orgId} and c.exam_id = ${id} and c.status <> ${Rejected}`,
    );
    // A draft with no candidates yet is a plan in progress, not a clash: the calendar leaves that out.
    const conflicts =
      e.state === ExamState.Cancelled
        ? []
        : (await conflictsOf(ctx.db, ctx, id)).filter(
            (c) => !(e.state === ExamState.Draft && c.kind === ConflictKind.NoCandidates),
          );
    entries.push({
      id,
      name: e.name as string,
      state: e.state as ExamState,
      status: e.status as ExamStatus,
      windowStart: e.windowStart as string,
      windowEnd: e.windowEnd as string,
      latestEnd: new Date(new Date(e.windowEnd as string).getTime() + Number(longest?.m ?? 0) * 60_000).toISOString(),
      venueId: (e.venueId as number | null) ?? null,
      venueName: e.venueId ? (venueNames.get(e.venueId as number) ?? null) : null,
      virtualRoomId: (e.virtualRoomId as string | null) ?? null,
      teamIds: e.teamIds as number[],
      invigilatorIds: e.invigilatorIds as number[],
      candidateCount: e.candidateCount as number,
      openWindow: isOpenWindow({
        windowStart: e.windowStart as string,
        windowEnd: e.windowEnd as string,
        durationMinutes: e.durationMinutes as number,
        latestEntryMinutes: e.latestEntryMinutes as number | null,
      }),
      conflicts,
    });
  }
  return { entries };
}

// Published exams using a paper that have not ended (counting the longest extra time): the paper
// cannot be withdrawn under them.
export async function liveExamsOfPaper(db: DbOrTx, ctx: RequestContext, paperId: number): Promise<string[]> {
  const now = clock.date().toISOString();
  const list = await rows<{ name: string }>(
    db,
    sql`select e.name from ${exams} e where e.organization_id = ${ctx.orgId} and e.paper_id = ${paperId}
      and e.state = ${ExamState.Published}
      and e.window_end + make_interval(mins => e.duration_minutes * 2 + 600) > ${now}::timestamptz
      order by e.window_start limit 10`,
  );
  return list.map((l) => l.name);
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
