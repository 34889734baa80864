import { BookingOwner, type Clash as ClashRow, type TimetableSettings } from '@lyceum/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { rows } from '../../platform/sql-rows';
import { inOrg } from '../../platform/tenant-sql';
import { type Booking, type Clash, clashesOf } from './booking.service';
import { lessonBookings } from './lesson-booking';
import { bookings, teachingAssignments, termDays, timetableSlots } from './timetable.table';
import { type GenSlot, type GenTermDay, occurrences, overlapsWithin, slotTimes } from './timetable-generate';

// What generating an assignment would make: its candidate lessons (one per occurrence) and their
// bookings, and the clashes those would meet, named for the office.

export interface PlanSlot extends GenSlot {
  id: number | null;
  venueId: number | null;
}
export interface Plan {
  assignmentId: number | null;
  // Its place among the unsaved assignments of a check.
  index: number | null;
  subject: string;
  teamId: number;
  teacherId: number;
  assistantId: number | null;
  venueId: number | null;
  slots: PlanSlot[];
}
export interface Candidate {
  plan: Plan;
  slotId: number | null;
  day: string;
  startsAt: Date;
  endsAt: Date;
  periodFrom: number | null;
  periodTo: number | null;
  venueId: number | null;
  // 'HH:MM' on the organisation's clock.
  startTime: string;
  endTime: string;
}
export interface Span {
  semester: { id: number; startDate: string; endDate: string };
  termDays: GenTermDay[];
  settings: TimetableSettings;
  from: string;
}

export async function termDaysOf(db: DbOrTx, orgId: number, semesterId: number): Promise<GenTermDay[]> {
  return db
    .select({ day: termDays.day, kind: termDays.kind, followsWeekday: termDays.followsWeekday })
    .from(termDays)
    .where(inOrg(termDays, orgId, [eq(termDays.semesterId, semesterId)]));
}

// The saved assignments of a semester (all, or those named) with their slots, as plans.
export async function savedPlans(db: DbOrTx, orgId: number, semesterId: number, ids?: number[]): Promise<Plan[]> {
  const rows = await db
    .select()
    .from(teachingAssignments)
    .where(
      inOrg(teachingAssignments, orgId, [
        eq(teachingAssignments.semesterId, semesterId),
        ids ? inArray(teachingAssignments.id, ids) : undefined,
      ]),
    )
    .orderBy(asc(teachingAssignments.id));
  if (!rows.length) return [];
  const slots = await db
    .select()
    .from(timetableSlots)
    .where(
      inOrg(timetableSlots, orgId, [
        inArray(
          timetableSlots.assignmentId,
          rows.map((r) => r.id),
        ),
      ]),
    )
    .orderBy(asc(timetableSlots.sort), asc(timetableSlots.id));
  const byOwner = new Map<number, PlanSlot[]>();
  for (const s of slots) {
    const list = byOwner.get(s.assignmentId) ?? [];
    list.push(s);
    byOwner.set(s.assignmentId, list);
  }
  return rows.map((a) => ({
    assignmentId: a.id,
    index: null,
    subject: a.subject,
    teamId: a.teamId,
    teacherId: a.teacherId,
    assistantId: a.assistantId,
    venueId: a.venueId,
    slots: byOwner.get(a.id) ?? [],
  }));
}

export function candidatesOf(plan: Plan, span: Span): Candidate[] {
  const occ = occurrences({
    semester: span.semester,
    termDays: span.termDays,
    slots: plan.slots,
    periods: span.settings.periods,
    timeZone: span.settings.timeZone,
    from: span.from,
  });
  return occ.map((o) => {
    const slot = plan.slots[o.slot]!;
    const times = slotTimes(slot, span.settings.periods)!;
    return {
      plan,
      slotId: slot.id,
      day: o.day,
      startsAt: o.startsAt,
      endsAt: o.endsAt,
      periodFrom: o.periodFrom,
      periodTo: o.periodTo,
      venueId: slot.venueId ?? plan.venueId,
      startTime: times.start,
      endTime: times.end,
    };
  });
}

// A candidate's bookings; the field carries the candidate's place (`12:venueId`) so a clash found
// for it leads back to the occurrence.
export function candidateBookings(cs: Candidate[]): Booking[] {
  return cs.flatMap((c, i) => lessonBookings({ ...c.plan, ...c }).map((b) => ({ ...b, field: `${i}:${b.field}` })));
}
function placeOf(b: { field: string }): { i: number; field: string } {
  const at = b.field.indexOf(':');
  return { i: Number(b.field.slice(0, at)), field: b.field.slice(at + 1) };
}

// A clash as the office reads it, with the candidate's place (`at`) for the generation to leave it out.
export type Found = ClashRow & { at: number };
function clashRow(cs: Candidate[], at: number, field: string, resourceId: number, with_: ClashRow['with']): Found {
  const c = cs[at]!;
  return {
    at,
    assignmentId: c.plan.assignmentId,
    index: c.plan.index,
    subject: c.plan.subject,
    teamId: c.plan.teamId,
    day: c.day,
    startsAt: c.startsAt.toISOString(),
    endsAt: c.endsAt.toISOString(),
    startTime: c.startTime,
    endTime: c.endTime,
    field,
    resourceId,
    with: with_,
  };
}

// The places in `wanted` that some booking overlaps (lessons of `skip` left aside), in one
// statement: the wanted rows go as arrays, and each resource kind is a branch naming its resource as
// a constant, so it probes that kind's exclusion index (bookings_teacher_ex, …) rather than reading
// every booking.
async function overlapping(db: DbOrTx, orgId: number, wanted: Booking[], skip: number[]): Promise<number[]> {
  if (!wanted.length) return [];
  // Postgres array literals of plain numbers and ISO times (nothing to quote).
  const list = (f: (b: Booking, i: number) => string | number) => `{${wanted.map(f).join(',')}}`;
  const branches = [...new Set(wanted.map((b) => b.resource))].map(
    (kind) => sql`select w.i from w join ${bookings} b on b.organization_id = ${orgId} and b.resource = ${kind}
      and w.resource = ${kind} and b.resource_id = w.resource_id
      and tstzrange(b.starts_at, b.ends_at) && tstzrange(w.starts_at, w.ends_at)
      and not (b.owner_kind = ${BookingOwner.Lesson} and b.owner_id = any(${`{${skip.join(',')}}`}::bigint[]))`,
  );
  const found = await rows<{ i: number }>(
    db,
    sql`with w as (select * from unnest(${list((_, i) => i)}::int[], ${list((b) => b.resource)}::smallint[],
        ${list((b) => b.resourceId)}::bigint[], ${list((b) => b.startsAt.toISOString())}::timestamptz[],
        ${list((b) => b.endsAt.toISOString())}::timestamptz[]) as w(i, resource, resource_id, starts_at, ends_at))
      ${sql.join(branches, sql` union `)}`,
  );
  return found.map((r) => Number(r.i)).sort((x, y) => x - y);
}

// Clashes with what the database already holds (lessons, exams, live classes), the lessons `skip`
// names left aside (those a generation would replace): found in bulk, then the few that clash
// named by the clash engine.
export async function storedClashes(db: DbOrTx, orgId: number, cs: Candidate[], skip: number[] = []): Promise<Found[]> {
  const all = candidateBookings(cs);
  const ignored = new Set(skip);
  const ignore = (c: Clash) => c.ownerKind === BookingOwner.Lesson && ignored.has(c.ownerId);
  const wanted = (await overlapping(db, orgId, all, skip)).map((i) => all[i]!);
  const out: Found[] = [];
  for (let k = 0; k < wanted.length; k += 4000) {
    const found = await clashesOf(db, orgId, null, wanted.slice(k, k + 4000));
    for (const f of found) {
      if (ignore(f)) continue;
      const { i, field } = placeOf(f);
      out.push(
        clashRow(cs, i, field, f.resourceId, {
          kind: f.ownerKind,
          id: f.ownerId,
          draftIndex: null,
          name: f.name,
          startsAt: f.startsAt.toISOString(),
          endsAt: f.endsAt.toISOString(),
        }),
      );
    }
  }
  return out;
}

// Clashes among the candidates themselves (the same teacher, room or class twice at once), each
// reported on the later of the two and naming the other's assignment.
export function clashesWithin(cs: Candidate[], teamNames: Map<number, string>): Found[] {
  const spans = candidateBookings(cs).map((b) => ({ ...b, key: `${b.resource}:${b.resourceId}` }));
  return overlapsWithin(spans).map(([first, second]) => {
    const a = cs[placeOf(first).i]!;
    const { i, field } = placeOf(second);
    return clashRow(cs, i, field, second.resourceId, {
      kind: BookingOwner.Lesson,
      id: null,
      draftIndex: a.plan.index,
      name: `${a.plan.subject} · ${teamNames.get(a.plan.teamId) ?? ''}`,
      startsAt: a.startsAt.toISOString(),
      endsAt: a.endsAt.toISOString(),
    });
  });
}
