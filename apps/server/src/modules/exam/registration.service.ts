import {
  CandidateSource,
  CandidateStatus,
  ExamState,
  MessageAssociation,
  pageOf,
  pageOffset,
  RegistrationMode,
  type zRegistrationExamPageRequest,
} from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { businessError, notFound } from '../../platform/errors';
import { likePattern } from '../../platform/resource';
import { rows } from '../../platform/sql-rows';
import { teachVenues } from '../calendar/calendar.table';
import { idsQuery, sendNotice } from '../message/message-delivery';
import { teamMembers, teams } from '../team/team.table';
import { users } from '../user/user.table';
import { examResource } from './exam.resource';
import { examCandidates, exams } from './exam.table';
import { isEligible, refreshCounts } from './exam-candidates';
import { iso, statusAt } from './exam-time';

const { Pending, Approved, Rejected } = CandidateStatus;

// ---- The student's side: registering ----------------------------------------------------------

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
