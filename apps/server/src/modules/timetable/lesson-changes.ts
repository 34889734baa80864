import {
  BookingOwner,
  type LessonMovedFrom,
  type LessonMoveInput,
  LessonStatus,
  type LessonSubstituteInput,
  type LessonSwapInput,
} from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { Tx } from '../../platform/db';
import { invalidParams } from '../../platform/errors';
import type { Values } from '../../platform/resource';
import { inOrg } from '../../platform/tenant-sql';
import { teachVenues } from '../calendar/calendar.table';
import { users } from '../user/user.table';
import { localTime, unbook } from './booking.service';
import { type BookedLesson, bookLesson, noticeLesson } from './lesson-booking';
import { lessonsChanged } from './lesson-events';
import { lessons } from './timetable.table';
import { checkTeachers, namesOf } from './timetable-lessons';
import { readSettings, timesOf } from './timetable-settings';

// A lesson's changes (decision 54), each inside the transaction that holds the lesson locked: the
// row written, its bookings replaced through the clash engine (a clash is 501 naming the field and
// what is in the way), attendance told (lessonsChanged), and a notice to the class and the
// teachers concerned. A lesson that has ended no longer changes.

export interface LessonState extends BookedLesson {
  id: number;
  day: string;
  status: number;
  periodFrom: number | null;
  periodTo: number | null;
  slotId: number | null;
  originalTeacherId: number | null;
  movedFrom: LessonMovedFrom | null;
}

export function lessonState(row: Values): LessonState {
  const n = (v: unknown) => (v == null ? null : Number(v));
  return {
    id: Number(row.id),
    day: String(row.day),
    status: Number(row.status),
    teacherId: Number(row.teacherId),
    assistantId: n(row.assistantId),
    venueId: n(row.venueId),
    teamId: Number(row.teamId),
    startsAt: new Date(row.startsAt as Date | string),
    endsAt: new Date(row.endsAt as Date | string),
    periodFrom: n(row.periodFrom),
    periodTo: n(row.periodTo),
    slotId: n(row.slotId),
    originalTeacherId: n(row.originalTeacherId),
    movedFrom: (row.movedFrom as LessonMovedFrom | null) ?? null,
  };
}

function refuseEnded(l: LessonState, field: string) {
  if (l.endsAt.getTime() <= clock.now()) throw invalidParams(field, 'lessonEnded');
}

async function zoneOf(tx: Tx, orgId: number) {
  return (await readSettings(tx, orgId)).timeZone;
}

// Where a lesson was first (kept when it moves again); its slot goes with it, so generating again
// neither makes the lesson a second time nor collides with the slot's lesson on the new day.
function firstPlace(l: LessonState): LessonMovedFrom {
  return (
    l.movedFrom ?? {
      day: l.day,
      startsAt: l.startsAt.toISOString(),
      endsAt: l.endsAt.toISOString(),
      periodFrom: l.periodFrom,
      periodTo: l.periodTo,
      venueId: l.venueId,
      slotId: l.slotId,
    }
  );
}

interface Place {
  day: string;
  startsAt: Date;
  endsAt: Date;
  periodFrom: number | null;
  periodTo: number | null;
  venueId: number | null;
}

async function writePlace(tx: Tx, ctx: RequestContext, l: LessonState, to: Place) {
  await tx
    .update(lessons)
    .set({ ...to, movedFrom: firstPlace(l), slotId: null, status: LessonStatus.Moved, updateTime: new Date() })
    .where(inOrg(lessons, ctx.orgId, [eq(lessons.id, l.id)]));
}

async function checkVenue(tx: Tx, orgId: number, id: number | null | undefined) {
  if (id == null) return;
  const found = await namesOf(tx, orgId, teachVenues, teachVenues.name, [id]);
  if (!found.size) throw invalidParams('venueId', 'noSuchReference', { entity: 'teaching venue', ids: String(id) });
}

async function venueText(tx: Tx, orgId: number, id: number | null) {
  const name = id == null ? undefined : (await namesOf(tx, orgId, teachVenues, teachVenues.name, [id])).get(id);
  return name ? ` · ${name}` : '';
}

export async function moveLesson(tx: Tx, row: Values, input: LessonMoveInput, ctx: RequestContext) {
  const l = lessonState(row);
  refuseEnded(l, 'day');
  const settings = await readSettings(tx, ctx.orgId);
  const venueId = input.venueId === undefined ? l.venueId : input.venueId;
  await checkVenue(tx, ctx.orgId, venueId);
  const to = { day: input.day, venueId, ...timesOf(settings, input.day, input) };
  await writePlace(tx, ctx, l, to);
  await bookLesson(tx, ctx.orgId, l.id, { ...l, ...to });
  await lessonsChanged(tx, ctx.orgId, [l.id], 'moved');
  const zone = settings.timeZone;
  await noticeLesson(tx, ctx.orgId, {
    kind: 'lessonMoved',
    lessonId: l.id,
    teamId: l.teamId,
    teacherIds: [l.teacherId, l.assistantId],
    params: {
      was: localTime(l.startsAt, zone),
      start: localTime(to.startsAt, zone),
      venue: await venueText(tx, ctx.orgId, venueId),
      reason: input.reason ?? '',
    },
  });
  return undefined;
}

export async function cancelLesson(tx: Tx, row: Values, input: { reason: string | null }, ctx: RequestContext) {
  const l = lessonState(row);
  refuseEnded(l, 'status');
  await tx
    .update(lessons)
    .set({ status: LessonStatus.Cancelled, updateTime: new Date() })
    .where(inOrg(lessons, ctx.orgId, [eq(lessons.id, l.id)]));
  await unbook(tx, ctx.orgId, { kind: BookingOwner.Lesson, id: l.id });
  await lessonsChanged(tx, ctx.orgId, [l.id], 'cancelled');
  await noticeLesson(tx, ctx.orgId, {
    kind: 'lessonCancelled',
    lessonId: l.id,
    teamId: l.teamId,
    teacherIds: [l.teacherId, l.assistantId],
    params: { start: localTime(l.startsAt, await zoneOf(tx, ctx.orgId)), reason: input.reason ?? '' },
  });
  return undefined;
}

// Back to what it was before the cancellation, if its teachers, room and class are still free.
export async function restoreLesson(tx: Tx, row: Values, _input: unknown, ctx: RequestContext) {
  const l = lessonState(row);
  refuseEnded(l, 'status');
  const status = l.movedFrom
    ? LessonStatus.Moved
    : l.originalTeacherId
      ? LessonStatus.Substituted
      : LessonStatus.Scheduled;
  await tx
    .update(lessons)
    .set({ status, updateTime: new Date() })
    .where(inOrg(lessons, ctx.orgId, [eq(lessons.id, l.id)]));
  await bookLesson(tx, ctx.orgId, l.id, l);
  await lessonsChanged(tx, ctx.orgId, [l.id], 'restored');
  return { status };
}

export async function substituteLesson(tx: Tx, row: Values, input: LessonSubstituteInput, ctx: RequestContext) {
  const l = lessonState(row);
  refuseEnded(l, 'status');
  if (input.teacherId === l.teacherId) throw invalidParams('teacherId', 'alreadyTeaches');
  if (input.teacherId === l.assistantId) throw invalidParams('teacherId', 'alreadyTeaches');
  await checkTeachers(tx, ctx.orgId, [{ field: 'teacherId', id: input.teacherId }]);
  const original = l.originalTeacherId ?? l.teacherId;
  // The original teacher back: the substitution ends.
  const back = input.teacherId === original;
  const status = back ? (l.movedFrom ? LessonStatus.Moved : LessonStatus.Scheduled) : LessonStatus.Substituted;
  await tx
    .update(lessons)
    .set({ teacherId: input.teacherId, originalTeacherId: back ? null : original, status, updateTime: new Date() })
    .where(inOrg(lessons, ctx.orgId, [eq(lessons.id, l.id)]));
  await bookLesson(tx, ctx.orgId, l.id, { ...l, teacherId: input.teacherId });
  await lessonsChanged(tx, ctx.orgId, [l.id], 'substituted');
  const names = await namesOf(tx, ctx.orgId, users, users.realName, [input.teacherId, l.teacherId]);
  await noticeLesson(tx, ctx.orgId, {
    kind: 'lessonSubstituted',
    lessonId: l.id,
    teamId: l.teamId,
    teacherIds: [input.teacherId, l.teacherId, l.assistantId],
    params: {
      start: localTime(l.startsAt, await zoneOf(tx, ctx.orgId)),
      teacher: names.get(input.teacherId) ?? '',
      original: names.get(l.teacherId) ?? '',
      reason: input.reason ?? '',
    },
  });
  return { status };
}

// Two lessons exchange their times and rooms: both unbooked first, so neither is in the other's way.
export async function swapLessons(
  tx: Tx,
  ctx: RequestContext,
  rows: [Values, Values],
  input: LessonSwapInput,
): Promise<void> {
  const [a, b] = rows.map(lessonState) as [LessonState, LessonState];
  for (const [l, field] of [
    [a, 'aId'],
    [b, 'bId'],
  ] as const) {
    if (l.status === LessonStatus.Cancelled) throw invalidParams(field, 'lessonCancelled');
    refuseEnded(l, field);
  }
  const placeOf = (l: LessonState): Place => ({
    day: l.day,
    startsAt: l.startsAt,
    endsAt: l.endsAt,
    periodFrom: l.periodFrom,
    periodTo: l.periodTo,
    venueId: l.venueId,
  });
  const [toA, toB] = [placeOf(b), placeOf(a)];
  await unbook(tx, ctx.orgId, { kind: BookingOwner.Lesson, id: a.id });
  await unbook(tx, ctx.orgId, { kind: BookingOwner.Lesson, id: b.id });
  await writePlace(tx, ctx, a, toA);
  await writePlace(tx, ctx, b, toB);
  await bookLesson(tx, ctx.orgId, a.id, { ...a, ...toA }, 'aId');
  await bookLesson(tx, ctx.orgId, b.id, { ...b, ...toB }, 'bId');
  await lessonsChanged(tx, ctx.orgId, [a.id, b.id], 'moved');
  const zone = await zoneOf(tx, ctx.orgId);
  for (const [l, to] of [
    [a, toA],
    [b, toB],
  ] as const) {
    await noticeLesson(tx, ctx.orgId, {
      kind: 'lessonMoved',
      lessonId: l.id,
      teamId: l.teamId,
      teacherIds: [l.teacherId, l.assistantId],
      params: {
        was: localTime(l.startsAt, zone),
        start: localTime(to.startsAt, zone),
        venue: await venueText(tx, ctx.orgId, to.venueId),
        reason: input.reason ?? '',
      },
    });
  }
}
