import { BookingOwner, BookingResource } from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { inOrg } from '../../platform/tenant-sql';
import { type Booking, book, registerBookingOwner, unbook } from '../timetable/booking.service';
import { liveClasses, liveClassTeachers, liveClassTeams } from './live-class.table';
import { liveClassNames } from './live-events';

// A scheduled live class takes its time in the clash engine (decision 54): its teachers and its
// classes, exclusively, so a lesson, an exam sitting (its invigilators, its classes) or another
// live class at that time is refused, naming the field (`teacherIds`, `teamIds`) and what is in the
// way. Drafts take nothing; cancelling gives the time back.

const ownerOf = (id: number) => ({ kind: BookingOwner.LiveClass, id });

// Books the live class as stored (its links written), or over `span` when given (an end action
// shortening it before the row is written).
export async function bookLive(
  tx: DbOrTx,
  orgId: number,
  id: number,
  span?: { startsAt: Date; endsAt: Date },
): Promise<void> {
  const [row] = await tx
    .select({ startsAt: liveClasses.startsAt, endsAt: liveClasses.endsAt })
    .from(liveClasses)
    .where(inOrg(liveClasses, orgId, [eq(liveClasses.id, id)]));
  if (!row) return unbook(tx, orgId, ownerOf(id));
  const [teachers, teams] = await Promise.all([
    tx
      .select({ id: liveClassTeachers.targetId })
      .from(liveClassTeachers)
      .where(inOrg(liveClassTeachers, orgId, [eq(liveClassTeachers.ownerId, id)])),
    tx
      .select({ id: liveClassTeams.targetId })
      .from(liveClassTeams)
      .where(inOrg(liveClassTeams, orgId, [eq(liveClassTeams.ownerId, id)])),
  ]);
  const at = span ?? row;
  const wanted: Booking[] = [
    ...teachers.map((t) => ({
      resource: BookingResource.Teacher,
      resourceId: t.id,
      field: 'teacherIds',
      startsAt: at.startsAt,
      endsAt: at.endsAt,
    })),
    ...teams.map((t) => ({
      resource: BookingResource.Team,
      resourceId: t.id,
      field: 'teamIds',
      startsAt: at.startsAt,
      endsAt: at.endsAt,
    })),
  ];
  await book(tx, orgId, ownerOf(id), wanted);
}

export async function unbookLive(tx: DbOrTx, orgId: number, id: number): Promise<void> {
  await unbook(tx, orgId, ownerOf(id));
}

// A live class in another owner's refusal: its title.
registerBookingOwner(BookingOwner.LiveClass, liveClassNames);
