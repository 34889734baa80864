import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { courseEnrolments } from '../course/course.table';
import { teamMembers } from '../team/team.table';
import { liveClasses, liveClassTeachers, liveClassTeams } from './live-class.table';

// Who a live class is for: the students of its classes and, when it is a course's live lesson, the
// learners enrolled in that course (invited); and its teachers. Notices, the member's list, the
// calendars and joining all take these (conditions on a query over `live_classes`, unaliased).

// The user is a student invited to the live class of the outer row.
export function invitedStudent(userId: number): SQL {
  return sql`(exists (select 1 from ${liveClassTeams} k
      join ${teamMembers} m on m.organization_id = k.organization_id and m.team_id = k.team_id
      where k.organization_id = ${liveClasses.organizationId} and k.live_class_id = ${liveClasses.id}
        and m.user_id = ${userId})
    or (${liveClasses.courseLessonId} is not null and exists (select 1 from ${courseEnrolments} e
      where e.organization_id = ${liveClasses.organizationId} and e.course_id = ${liveClasses.courseId}
        and e.user_id = ${userId})))`;
}

// The user teaches the live class of the outer row.
export function teachesLive(userId: number): SQL {
  return sql`exists (select 1 from ${liveClassTeachers} t
    where t.organization_id = ${liveClasses.organizationId} and t.live_class_id = ${liveClasses.id}
      and t.user_id = ${userId})`;
}

// The live class is for one class (calendars of a class).
export function forTeam(teamId: number): SQL {
  return sql`exists (select 1 from ${liveClassTeams} k
    where k.organization_id = ${liveClasses.organizationId} and k.live_class_id = ${liveClasses.id}
      and k.team_id = ${teamId})`;
}

// Everyone a notice about the live class goes to (no one twice), as a query of ids.
export function audienceOf(orgId: number, liveClassId: number, withTeachers = true): SQL {
  const teachers = withTeachers
    ? sql` union select t.user_id from ${liveClassTeachers} t
        where t.organization_id = ${orgId} and t.live_class_id = ${liveClassId}`
    : sql``;
  return sql`select m.user_id as id from ${liveClassTeams} k
      join ${teamMembers} m on m.organization_id = k.organization_id and m.team_id = k.team_id
      where k.organization_id = ${orgId} and k.live_class_id = ${liveClassId}
    union select e.user_id from ${courseEnrolments} e
      join ${liveClasses} c on c.organization_id = e.organization_id and c.course_id = e.course_id
      where c.organization_id = ${orgId} and c.id = ${liveClassId} and c.course_lesson_id is not null${teachers}`;
}

// Whether the user is an invited student or a teacher of the live class.
export async function isInvited(
  db: DbOrTx,
  orgId: number,
  liveClassId: number,
  userId: number,
): Promise<{ student: boolean; teacher: boolean }> {
  const [row] = await db
    .select({ student: sql<boolean>`${invitedStudent(userId)}`, teacher: sql<boolean>`${teachesLive(userId)}` })
    .from(liveClasses)
    .where(sql`${liveClasses.organizationId} = ${orgId} and ${liveClasses.id} = ${liveClassId}`);
  return { student: Boolean(row?.student), teacher: Boolean(row?.teacher) };
}
