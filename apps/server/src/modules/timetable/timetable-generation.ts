import {
  BookingOwner,
  BookingResource,
  type CheckResult,
  type Clash,
  type GenerateResult,
  type LessonMovedFrom,
  type zCheckRequest,
  type zGenerateRequest,
} from '@lyceum/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx, Tx } from '../../platform/db';
import { PG_EXCLUSION_VIOLATION, pgErrorCode } from '../../platform/db-errors';
import { invalidParams } from '../../platform/errors';
import { refreshStatistics, rows } from '../../platform/sql-rows';
import { inOrg } from '../../platform/tenant-sql';
import { teams } from '../team/team.table';
import { lessonsChanged } from './lesson-events';
import { todayIn } from './local-time';
import { checkSlots } from './teaching-assignment.resource';
import { semesterSpan } from './term-day.resource';
import { bookings, lessons, teachingAssignments } from './timetable.table';
import { checkTeachers, namesOf, regenerable, removeLessons } from './timetable-lessons';
import {
  type Candidate,
  candidatesOf,
  clashesWithin,
  type Found,
  type Plan,
  type Span,
  savedPlans,
  storedClashes,
  termDaysOf,
} from './timetable-plan';
import { readSettings } from './timetable-settings';

// Generating a term's lessons (decision 54): each assignment in one transaction — its lessons still
// to come that nothing hangs off are compared with the occurrences its slots give now; those that
// match stay, the others go, the missing ones are written with their bookings in multi-row
// statements after one bulk clash check. A clash writes nothing of that assignment and is listed.

const MAX_LISTED = 500;

async function spanOf(db: DbOrTx, orgId: number, semesterId: number, from?: string): Promise<Span> {
  const s = await semesterSpan(db, orgId, semesterId);
  if (!s) throw invalidParams('semesterId', 'noSuchReference', { entity: 'semester', ids: String(semesterId) });
  const [settings, days] = await Promise.all([readSettings(db, orgId), termDaysOf(db, orgId, semesterId)]);
  const today = todayIn(settings.timeZone, clock.date());
  const start = from ?? (today > s.startDate ? today : s.startDate);
  return { semester: s, termDays: days, settings, from: start };
}

// One plan's new lessons and their bookings (room, teachers, class) in one statement per thousand:
// the occurrences go as arrays (a few parameters however many lessons), the bookings are made from
// the rows the insert returns. Answers the lessons' ids.
async function insertLessons(tx: Tx, orgId: number, semesterId: number, plan: Plan, wanted: Candidate[]) {
  const ids: number[] = [];
  const arr = (cs: Candidate[], f: (c: Candidate) => string | number | null) =>
    `{${cs.map((c) => f(c) ?? 'NULL').join(',')}}`;
  for (let k = 0; k < wanted.length; k += 1000) {
    const part = wanted.slice(k, k + 1000);
    const found = await rows<{ id: string | number }>(
      tx,
      sql`with o as (select * from unnest(${arr(part, (c) => c.slotId)}::bigint[], ${arr(part, (c) => c.venueId)}::bigint[],
            ${arr(part, (c) => c.day)}::date[], ${arr(part, (c) => c.startsAt.toISOString())}::timestamptz[],
            ${arr(part, (c) => c.endsAt.toISOString())}::timestamptz[], ${arr(part, (c) => c.periodFrom)}::smallint[],
            ${arr(part, (c) => c.periodTo)}::smallint[]) as o(slot_id, venue_id, day, starts_at, ends_at, period_from, period_to)),
          l as (insert into ${lessons} (organization_id, semester_id, assignment_id, slot_id, title, team_id, teacher_id,
              assistant_id, venue_id, day, starts_at, ends_at, period_from, period_to)
            select ${orgId}, ${semesterId}, ${plan.assignmentId}, o.slot_id, ${plan.subject}, ${plan.teamId},
              ${plan.teacherId}, ${plan.assistantId}::bigint, o.venue_id, o.day, o.starts_at, o.ends_at, o.period_from, o.period_to
            from o returning id, venue_id, starts_at, ends_at),
          b as (insert into ${bookings} (organization_id, resource, resource_id, starts_at, ends_at, owner_kind, owner_id)
            select ${orgId}, r.resource, r.resource_id, l.starts_at, l.ends_at, ${BookingOwner.Lesson}, l.id
            from l cross join lateral (values (${BookingResource.Venue}::smallint, l.venue_id),
              (${BookingResource.Teacher}::smallint, ${plan.teacherId}::bigint),
              (${BookingResource.Teacher}::smallint, ${plan.assistantId}::bigint),
              (${BookingResource.Team}::smallint, ${plan.teamId}::bigint)) as r(resource, resource_id)
            where r.resource_id is not null)
        select id from l`,
    );
    for (const r of found) ids.push(Number(r.id));
  }
  return ids;
}

class Clashing extends Error {
  constructor(readonly clashes: Found[]) {
    super('clashes');
  }
}

interface Outcome {
  created: number;
  existing: number;
  removed: number;
  // The occurrences left out (with `skipClashes`).
  clashes: Found[];
}

// An assignment's lessons as generation compares them: `free` when it may be removed and made again.
async function lessonsOf(tx: Tx, orgId: number, assignmentId: number, now: Date) {
  return tx
    .select({
      id: lessons.id,
      slotId: lessons.slotId,
      day: lessons.day,
      movedFrom: lessons.movedFrom,
      startsAt: lessons.startsAt,
      endsAt: lessons.endsAt,
      venueId: lessons.venueId,
      teacherId: lessons.teacherId,
      assistantId: lessons.assistantId,
      teamId: lessons.teamId,
      title: lessons.title,
      free: sql<boolean>`(${regenerable(now)})`,
    })
    .from(lessons)
    .where(inOrg(lessons, orgId, [eq(lessons.assignmentId, assignmentId)]));
}
type Held = Awaited<ReturnType<typeof lessonsOf>>[number];

// The occurrences against the lessons there: one that matches (or is held) is already there; the
// others are wanted; free lessons no occurrence keeps go.
function sortOut(held: Held[], plan: Plan, span: Span) {
  // A slot's lesson of a day, where it is now or (moved) where it was first.
  const byKey = new Map<string, Held>();
  for (const l of held) {
    if (l.slotId) byKey.set(`${l.slotId}|${l.day}`, l);
    const was = l.movedFrom as LessonMovedFrom | null;
    if (was?.slotId) byKey.set(`${was.slotId}|${was.day}`, l);
  }
  const kept = new Set<number>();
  const wanted: Candidate[] = [];
  for (const c of candidatesOf(plan, span)) {
    const l = byKey.get(`${c.slotId}|${c.day}`);
    const same =
      l &&
      l.startsAt.getTime() === c.startsAt.getTime() &&
      l.endsAt.getTime() === c.endsAt.getTime() &&
      l.venueId === c.venueId &&
      l.teacherId === plan.teacherId &&
      l.assistantId === plan.assistantId &&
      l.teamId === plan.teamId &&
      l.title === plan.subject;
    if (l && (same || !l.free)) kept.add(l.id);
    else wanted.push(c);
  }
  const stale = held.filter((l) => l.free && l.day >= span.from && !kept.has(l.id)).map((l) => l.id);
  return { wanted, existing: kept.size, stale };
}

async function generateOne(tx: Tx, orgId: number, span: Span, plan: Plan, now: Date, skipClashes: boolean) {
  const id = plan.assignmentId!;
  // Two generations of one assignment at once take turns (the second finds the first's lessons).
  await tx
    .select({ id: teachingAssignments.id })
    .from(teachingAssignments)
    .where(inOrg(teachingAssignments, orgId, [eq(teachingAssignments.id, id)]))
    .for('update');
  const { wanted, existing, stale } = sortOut(await lessonsOf(tx, orgId, id, now), plan, span);
  const removed = await removeLessons(tx, orgId, stale);
  const clashes = [...clashesWithin(wanted, new Map()), ...(await storedClashes(tx, orgId, wanted))];
  if (clashes.length && !skipClashes) throw new Clashing(clashes);
  const left = new Set(clashes.map((c) => c.at));
  const made = await insertLessons(
    tx,
    orgId,
    span.semester.id,
    plan,
    wanted.filter((_, i) => !left.has(i)),
  );
  await lessonsChanged(tx, orgId, made, 'created');
  return { created: made.length, existing, removed, clashes } satisfies Outcome;
}

export async function generate(ctx: RequestContext, input: z.input<typeof zGenerateRequest>): Promise<GenerateResult> {
  const span = await spanOf(ctx.db, ctx.orgId, input.semesterId, input.from);
  const plans = await savedPlans(ctx.db, ctx.orgId, input.semesterId, input.assignmentIds);
  const known = new Set(plans.map((p) => p.assignmentId));
  const missing = (input.assignmentIds ?? []).findIndex((id) => !known.has(id));
  if (missing >= 0) {
    throw invalidParams(`assignmentIds.${missing}`, 'noSuchReference', {
      entity: 'teaching assignment of this semester',
      ids: String(input.assignmentIds![missing]),
    });
  }
  const now = clock.date();
  const result: GenerateResult = {
    assignments: plans.length,
    created: 0,
    existing: 0,
    removed: 0,
    failed: [],
    clashCount: 0,
    clashes: [],
  };
  const list = (clashes: Found[]) => {
    result.clashCount += clashes.length;
    result.clashes.push(...clashes.slice(0, MAX_LISTED - result.clashes.length).map(({ at: _, ...c }) => c));
  };
  const failed = (plan: Plan, clashes: Found[]) => {
    result.failed.push(plan.assignmentId!);
    list(clashes);
  };
  // The clash look-ups probe the bookings' exclusion indexes only while the planner knows how many
  // bookings there are: a school's first generation refreshes its statistics as the table grows.
  let sinceAnalyze = 0;
  for (const plan of plans) {
    try {
      const o = await ctx.db.transaction((tx) =>
        generateOne(tx, ctx.orgId, span, plan, now, input.skipClashes ?? false),
      );
      list(o.clashes);
      sinceAnalyze += o.created;
      if (sinceAnalyze >= 2000) {
        await refreshStatistics(ctx.db, sinceAnalyze, lessons, bookings);
        sinceAnalyze = 0;
      }
      result.created += o.created;
      result.existing += o.existing;
      result.removed += o.removed;
    } catch (err) {
      if (err instanceof Clashing) failed(plan, err.clashes);
      // Another process booked one of these times between the check and the write: named now.
      else if (pgErrorCode(err) === PG_EXCLUSION_VIOLATION)
        failed(plan, await storedClashes(ctx.db, ctx.orgId, candidatesOf(plan, span)));
      else throw err;
    }
  }
  await refreshStatistics(ctx.db, sinceAnalyze, lessons, bookings);
  await namesOfClashes(ctx.db, ctx.orgId, result.clashes);
  return result;
}

// Clashes within a plan name the other occurrence as "subject · class": the class names filled in.
async function namesOfClashes(db: DbOrTx, orgId: number, clashes: Clash[]) {
  const inside = clashes.filter((c) => c.with.id === null);
  if (!inside.length) return;
  const names = await namesOf(
    db,
    orgId,
    teams,
    teams.name,
    inside.map((c) => c.teamId),
  );
  for (const c of inside) if (c.with.name.endsWith(' · ')) c.with.name += names.get(c.teamId) ?? '';
}

// Unsaved assignments as plans (an `id` names the saved one each would replace).
function draftPlans(drafts: z.output<typeof zCheckRequest>['assignments']): Plan[] {
  return drafts.map((a, i) => ({
    assignmentId: a.id ?? null,
    index: i,
    subject: a.subject,
    teamId: a.teamId,
    teacherId: a.teacherId,
    assistantId: a.assistantId ?? null,
    venueId: a.venueId ?? null,
    slots: a.slots.map((s) => ({
      id: s.id ?? null,
      weekday: s.weekday,
      periodFrom: s.periodFrom ?? null,
      periodTo: s.periodTo ?? null,
      startTime: s.startTime ?? null,
      endTime: s.endTime ?? null,
      parity: s.parity,
      validFrom: s.validFrom ?? null,
      validTo: s.validTo ?? null,
      venueId: s.venueId ?? null,
    })),
  }));
}

// Every clash generating these assignments would meet, saved or not, writing nothing.
export async function check(ctx: RequestContext, input: z.output<typeof zCheckRequest>): Promise<CheckResult> {
  const span = await spanOf(ctx.db, ctx.orgId, input.semesterId, input.from);
  for (const [i, a] of input.assignments.entries()) {
    if (a.semesterId !== input.semesterId) throw invalidParams(`assignments.${i}.semesterId`, 'invalid');
    await checkTeachers(ctx.db, ctx.orgId, [
      { field: `assignments.${i}.teacherId`, id: a.teacherId },
      { field: `assignments.${i}.assistantId`, id: a.assistantId ?? null },
    ]);
    await checkSlots(ctx.db, ctx.orgId, input.semesterId, a.slots, `assignments.${i}.`);
  }
  const drafts = draftPlans(input.assignments);
  const replaced = new Set(drafts.flatMap((d) => (d.assignmentId ? [d.assignmentId] : [])));
  const wantSaved = input.assignmentIds ?? (drafts.length ? [] : undefined);
  const saved = (
    wantSaved && !wantSaved.length ? [] : await savedPlans(ctx.db, ctx.orgId, input.semesterId, wantSaved)
  ).filter((p) => !replaced.has(p.assignmentId!));
  const plans = [...drafts, ...saved];
  const checked = plans.flatMap((p) => (p.assignmentId ? [p.assignmentId] : []));
  // The lessons of the assignments checked are what a generation would replace: not in the way.
  const own = new Set<number>();
  for (let k = 0; k < checked.length; k += 5000) {
    const found = await ctx.db
      .select({ id: lessons.id })
      .from(lessons)
      .where(inOrg(lessons, ctx.orgId, [inArray(lessons.assignmentId, checked.slice(k, k + 5000))]));
    for (const r of found) own.add(r.id);
  }
  const candidates = plans.flatMap((p) => candidatesOf(p, span));
  const teamNames = await namesOf(
    ctx.db,
    ctx.orgId,
    teams,
    teams.name,
    plans.map((p) => p.teamId),
  );
  const clashes = [
    ...clashesWithin(candidates, teamNames),
    ...(await storedClashes(ctx.db, ctx.orgId, candidates, [...own])),
  ];
  return { occurrences: candidates.length, clashCount: clashes.length, clashes: clashes.slice(0, MAX_LISTED) };
}
