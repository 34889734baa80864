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
import { and, count, desc, eq, gt, ilike, inArray, isNotNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { businessError, notFound } from '../../platform/errors';
import { likePattern } from '../../platform/resource';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { teachVenues } from '../calendar/calendar.table';
import { idsQuery, sendNotice } from '../message/message-delivery';
import { teamMembers, teams } from '../team/team.table';
import { users } from '../user/user.table';
import { examResource } from './exam.resource';
import { examCandidates, exams } from './exam.table';
import { isEligible, refreshCounts } from './exam-candidates';
import { iso, statusAt } from './exam-time';

const { Pending, Approved, Rejected } = CandidateStatus;
const c = examCandidates;

// The places of an open-registration exam: its capacity, else the venue's seats (`venueSeats`).
const placesSql = (venueSeats: SQL) => sql<number | null>`coalesce(${exams.capacity}, ${venueSeats})`;

// ---- The student's side: registering ----------------------------------------------------------

// Open-registration exams whose registration window is open now and to which the student belongs,
// plus those they have registered for.
export async function registrable(ctx: RequestContext) {
  const now = clock.date();
  const v = teachVenues;
  const list = await ctx.db
    .select({
      id: exams.id,
      name: exams.name,
      windowStart: exams.windowStart,
      windowEnd: exams.windowEnd,
      durationMinutes: exams.durationMinutes,
      registrationEnd: exams.registrationEnd,
      venueName: v.name,
      places: placesSql(sql`nullif(${v.capacity}, 0)`),
      taken: sql<number>`${exams.candidateCount} + ${exams.pendingCount}`.mapWith(Number),
      needsApproval: exams.needsApproval,
      myStatus: c.status,
    })
    .from(exams)
    .leftJoin(v, sameOrg(v, exams, [eq(v.id, exams.venueId)]))
    .leftJoin(c, sameOrg(c, exams, [eq(c.examId, exams.id), eq(c.userId, ctx.userId)]))
    .where(
      inOrg(exams, ctx.orgId, [
        eq(exams.state, ExamState.Published),
        eq(exams.registrationMode, RegistrationMode.Open),
        or(isNotNull(c.userId), and(lte(exams.registrationStart, now), gt(exams.registrationEnd, now))),
        gt(exams.windowEnd, now),
      ]),
    )
    .orderBy(exams.windowStart);
  const visible = [];
  for (const r of list) {
    if (r.myStatus == null && !(await isEligible(ctx.db, ctx.orgId, r.id, ctx.userId))) continue;
    visible.push({
      id: r.id,
      name: r.name,
      windowStart: r.windowStart.toISOString(),
      windowEnd: r.windowEnd.toISOString(),
      durationMinutes: r.durationMinutes,
      // An open registration always has its window (the exam's rules); epoch 0 as before if not.
      registrationEnd: new Date(r.registrationEnd ?? 0).toISOString(),
      venueName: r.venueName,
      capacity: r.places,
      seatsLeft: r.places == null ? null : Math.max(0, r.places - r.taken),
      needsApproval: r.needsApproval,
      myStatus: r.myStatus as CandidateStatus | null,
    });
  }
  return { serverNow: clock.now(), exams: visible };
}

// The exam row locked for a registration change: every registration of one exam queues on it, so
// the count and the insert cannot interleave (500 racing students for 100 places: exactly 100).
async function lockRegistrationExam(tx: DbOrTx, ctx: RequestContext, examId: number) {
  const v = teachVenues;
  // The venue's seats read in a subquery: an outer join cannot be locked FOR UPDATE.
  const venueSeats = sql`(select nullif(${v.capacity}, 0) from ${v}
    where ${v.organizationId} = ${exams.organizationId} and ${v.id} = ${exams.venueId})`;
  const [e] = await tx
    .select({
      state: exams.state,
      registrationMode: exams.registrationMode,
      registrationStart: exams.registrationStart,
      registrationEnd: exams.registrationEnd,
      needsApproval: exams.needsApproval,
      places: placesSql(venueSeats),
    })
    .from(exams)
    .where(inOrg(exams, ctx.orgId, [eq(exams.id, examId)]))
    .for('update');
  if (!e || e.state !== ExamState.Published) throw notFound('Exam');
  if (e.registrationMode !== RegistrationMode.Open) throw businessError('notRegistrationExam');
  return { ...e, open: registrationOpen(e, clock.now()) };
}

// Whether the registration window is open at `now` (epoch ms).
const registrationOpen = (e: { registrationStart: Date | null; registrationEnd: Date | null }, now: number) =>
  e.registrationStart !== null &&
  e.registrationEnd !== null &&
  e.registrationStart.getTime() <= now &&
  now < e.registrationEnd.getTime();

// The caller's own candidate row of an exam.
const mineOf = (ctx: RequestContext, examId: number) =>
  inOrg(c, ctx.orgId, [eq(c.examId, examId), eq(c.userId, ctx.userId)]);

// Candidates holding a place (pending or approved).
async function placesTaken(tx: DbOrTx, ctx: RequestContext, examId: number): Promise<number> {
  const [taken] = await tx
    .select({ n: count() })
    .from(c)
    .where(inOrg(c, ctx.orgId, [eq(c.examId, examId), ne(c.status, Rejected)]));
  return taken?.n ?? 0;
}

export async function register(ctx: RequestContext, examId: number) {
  return ctx.db.transaction(async (tx) => {
    const e = await lockRegistrationExam(tx, ctx, examId);
    const [mine] = await tx.select({ status: c.status }).from(c).where(mineOf(ctx, examId));
    // Registering twice is harmless: the answer is the registration there is.
    if (mine) return { status: mine.status as CandidateStatus };
    if (!e.open) throw businessError('registrationClosed');
    if (!(await isEligible(tx, ctx.orgId, examId, ctx.userId))) throw businessError('notEligible');
    if (e.places !== null && (await placesTaken(tx, ctx, examId)) >= e.places) throw businessError('examFull');
    const status = e.needsApproval ? Pending : Approved;
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
    const [mine] = await tx.select({ status: c.status, source: c.source }).from(c).where(mineOf(ctx, examId));
    if (!mine) return { status: null };
    if (!e.open) throw businessError('registrationClosed');
    if (mine.source !== CandidateSource.Registered) throw businessError('registrationDecided');
    await tx.delete(c).where(mineOf(ctx, examId));
    await refreshCounts(tx, ctx.orgId, examId);
    return { status: null };
  });
}

// ---- The registration office --------------------------------------------------------------------

export async function registrationPage(ctx: RequestContext, req: z.output<typeof zRegistrationExamPageRequest>) {
  const now = clock.now();
  const v = teachVenues;
  const where = inOrg(exams, ctx.orgId, [
    eq(exams.registrationMode, RegistrationMode.Open),
    ne(exams.state, ExamState.Cancelled),
    req.keyword ? ilike(exams.name, likePattern(req.keyword)) : undefined,
  ]);
  const list = await ctx.db
    .select({
      id: exams.id,
      name: exams.name,
      state: exams.state,
      windowStart: exams.windowStart,
      windowEnd: exams.windowEnd,
      registrationStart: exams.registrationStart,
      registrationEnd: exams.registrationEnd,
      places: placesSql(sql`nullif(${v.capacity}, 0)`),
      needsApproval: exams.needsApproval,
      venueName: v.name,
      approved: exams.candidateCount,
      pending: exams.pendingCount,
      rejected: sql<number>`(select count(*) from ${c} where ${c.organizationId} = ${exams.organizationId}
        and ${c.examId} = ${exams.id} and ${c.status} = ${Rejected})`.mapWith(Number),
    })
    .from(exams)
    .leftJoin(v, sameOrg(v, exams, [eq(v.id, exams.venueId)]))
    .where(where)
    .orderBy(desc(exams.windowStart), desc(exams.id))
    .limit(req.pageSize)
    .offset(pageOffset(req));
  const [total] = await ctx.db.select({ n: count() }).from(exams).where(where);
  return pageOf(
    list.map((r) => ({
      id: r.id,
      name: r.name,
      state: r.state as ExamState,
      status: statusAt(r.windowStart, r.windowEnd, now),
      windowStart: r.windowStart.toISOString(),
      windowEnd: r.windowEnd.toISOString(),
      registrationStart: iso(r.registrationStart),
      registrationEnd: iso(r.registrationEnd),
      registrationOpen: r.state === ExamState.Published && registrationOpen(r, now),
      capacity: r.places,
      needsApproval: r.needsApproval,
      venueName: r.venueName,
      approvedCount: r.approved,
      pendingCount: r.pending,
      rejectedCount: r.rejected,
    })),
    total?.n ?? 0,
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
      const done = await tx
        .update(c)
        .set({ status: Rejected, decidedTime: sql`now()`, seatNo: null })
        .where(inOrg(c, ctx.orgId, [eq(c.examId, examId), ne(c.status, Rejected), inArray(c.userId, userIds)]))
        .returning({ userId: c.userId });
      changed = done.length;
      rejectedIds = done.map((d) => d.userId);
    } else {
      const taken = await placesTaken(tx, ctx, examId);
      const wanted = await tx
        .select({ userId: c.userId, status: c.status })
        .from(c)
        .where(inOrg(c, ctx.orgId, [eq(c.examId, examId), ne(c.status, Approved), inArray(c.userId, userIds)]))
        .orderBy(c.registeredTime);
      // Pending ones already hold a place; a rejected one approved again takes a new one.
      let free = e.places === null ? Number.POSITIVE_INFINITY : e.places - taken;
      const ok: number[] = [];
      for (const w of wanted) {
        if (w.status === Pending) ok.push(w.userId);
        else if (free > 0) {
          ok.push(w.userId);
          free -= 1;
        } else refusedForCapacity += 1;
      }
      if (ok.length) {
        await tx
          .update(c)
          .set({ status: Approved, decidedTime: sql`now()` })
          .where(inOrg(c, ctx.orgId, [eq(c.examId, examId), inArray(c.userId, ok)]));
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
    const venueId = exam.venueId as number | null;
    const [v] = venueId
      ? await tx
          .select({ capacity: teachVenues.capacity })
          .from(teachVenues)
          .where(inOrg(teachVenues, ctx.orgId, [eq(teachVenues.id, venueId)]))
      : [];
    const seats = v?.capacity ?? 0;
    if (!seats) throw businessError('noVenueSeats');
    const ofExam = inOrg(c, ctx.orgId, [eq(c.examId, examId)]);
    await tx.update(c).set({ seatNo: null }).where(ofExam);
    // By the first of the student's classes (by name; none last), then user name.
    const firstClass = sql`(select min(${teams.name}) from ${teamMembers} join ${teams}
        on ${teams.organizationId} = ${teamMembers.organizationId} and ${teams.id} = ${teamMembers.teamId}
      where ${teamMembers.organizationId} = ${c.organizationId} and ${teamMembers.userId} = ${c.userId})`;
    const ordered = tx.$with('ordered').as(
      tx
        .select({
          userId: c.userId,
          seat: sql<number>`row_number() over (order by ${firstClass} nulls last, ${users.userName})`.as('seat'),
        })
        .from(c)
        .innerJoin(users, sameOrg(users, c, [eq(users.id, c.userId)]))
        .where(and(ofExam, eq(c.status, Approved))),
    );
    const done = await tx
      .with(ordered)
      .update(c)
      .set({ seatNo: sql`${ordered.seat}` })
      .from(ordered)
      .where(and(ofExam, eq(c.userId, ordered.userId), lte(ordered.seat, seats)))
      .returning({ n: c.seatNo });
    return { assigned: done.length, seats };
  });
}
