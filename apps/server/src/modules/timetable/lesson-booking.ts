import { BookingOwner, BookingResource, MessageAssociation, type SystemNotice } from '@lyceum/contract';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { sendNotice } from '../message/message-delivery';
import { teamMembers, teams } from '../team/team.table';
import { type Booking, book, registerBookingOwner } from './booking.service';
import { lessons } from './timetable.table';

// A lesson in the clash engine: its teacher, assistant, room and class, each named by the field a
// refusal points at; and the people a change of it is told to.

export interface BookedLesson {
  teacherId: number;
  assistantId: number | null;
  venueId: number | null;
  teamId: number;
  startsAt: Date;
  endsAt: Date;
}

// `field` renames every booking's field (a swap names the lesson, `aId`).
export function lessonBookings(l: BookedLesson, field?: string): Booking[] {
  const at = { startsAt: l.startsAt, endsAt: l.endsAt };
  // The room first: when it and a teacher are both taken, the refusal names the room.
  return [
    ...(l.venueId
      ? [{ resource: BookingResource.Venue, resourceId: l.venueId, field: field ?? 'venueId', ...at }]
      : []),
    { resource: BookingResource.Teacher, resourceId: l.teacherId, field: field ?? 'teacherId', ...at },
    ...(l.assistantId
      ? [{ resource: BookingResource.Teacher, resourceId: l.assistantId, field: field ?? 'assistantId', ...at }]
      : []),
    { resource: BookingResource.Team, resourceId: l.teamId, field: field ?? 'teamId', ...at },
  ];
}

export async function bookLesson(tx: DbOrTx, orgId: number, id: number, l: BookedLesson, field?: string) {
  await book(tx, orgId, { kind: BookingOwner.Lesson, id }, lessonBookings(l, field));
}

// "Biology · Class 7A": how a lesson is named in refusals and notices.
export async function lessonNames(db: DbOrTx, orgId: number, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const found = await db
    .select({ id: lessons.id, title: lessons.title, team: teams.name })
    .from(lessons)
    .innerJoin(teams, sameOrg(teams, lessons, [eq(teams.id, lessons.teamId)]))
    .where(inOrg(lessons, orgId, [inArray(lessons.id, ids)]));
  return new Map(found.map((r) => [r.id, `${r.title} · ${r.team}`]));
}
registerBookingOwner(BookingOwner.Lesson, lessonNames);

// The class's members and the teachers concerned (no one twice).
function recipients(orgId: number, teamId: number, teacherIds: number[]): SQL {
  const people = [...new Set(teacherIds)];
  const listed = people.length
    ? sql` union select unnest(array[${sql.join(
        people.map((id) => sql`${id}`),
        sql`, `,
      )}]::bigint[])`
    : sql``;
  return sql`select ${teamMembers.userId} as id from ${teamMembers}
    where ${teamMembers.organizationId} = ${orgId} and ${teamMembers.teamId} = ${teamId}${listed}`;
}

export interface LessonNotice {
  kind: SystemNotice;
  lessonId: number;
  teamId: number;
  teacherIds: (number | null)[];
  params: Record<string, string | number>;
}
// One notice about a lesson's change, in the change's transaction.
export async function noticeLesson(tx: DbOrTx, orgId: number, n: LessonNotice) {
  const name = (await lessonNames(tx, orgId, [n.lessonId])).get(n.lessonId) ?? '';
  const teachers = n.teacherIds.filter((id): id is number => id !== null);
  await sendNotice(tx, orgId, {
    kind: n.kind,
    params: { name, ...n.params },
    about: { type: MessageAssociation.Lesson, id: n.lessonId },
    to: recipients(orgId, n.teamId, teachers),
  });
}
