import { AttendanceKind, type LiveRole } from '@lyceum/contract';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { inOrg } from '../../platform/tenant-sql';
import { courseEnrolments } from '../course/course.table';
import { teamMembers } from '../team/team.table';
import { users } from '../user/user.table';
import { liveClasses, liveClassTeachers, liveClassTeams, liveParticipants } from './live-class.table';

// What the report of a live class is read and written from: the live class with its classes and
// teachers, who was invited, what each participant did, and the status that follows from it.

export type LiveRow = typeof liveClasses.$inferSelect;
export interface LiveFacts {
  row: LiveRow;
  teamIds: number[];
  // By id: the first is the roll calls' teacher (link sets keep no order).
  teacherIds: number[];
}

// The live class of the organisation (held for the rest of the transaction with `lock`: reports
// of one live class are written one after another), or "not found".
export async function liveFacts(db: DbOrTx, orgId: number, id: number, lock = false): Promise<LiveFacts> {
  const query = db
    .select()
    .from(liveClasses)
    .where(inOrg(liveClasses, orgId, [eq(liveClasses.id, id)]));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Live class');
  const teams = await db
    .select({ id: liveClassTeams.targetId })
    .from(liveClassTeams)
    .where(inOrg(liveClassTeams, orgId, [eq(liveClassTeams.ownerId, id)]))
    .orderBy(liveClassTeams.targetId);
  const teachers = await db
    .select({ id: liveClassTeachers.targetId })
    .from(liveClassTeachers)
    .where(inOrg(liveClassTeachers, orgId, [eq(liveClassTeachers.ownerId, id)]))
    .orderBy(liveClassTeachers.targetId);
  return { row, teamIds: teams.map((t) => t.id), teacherIds: teachers.map((t) => t.id) };
}

// The students it is for: members of its classes (they have a roll call) and, for a course's live
// lesson, the course's learners; each as a set of ids.
export async function invitedOf(db: DbOrTx, orgId: number, live: LiveFacts) {
  const members = live.teamIds.length
    ? await db
        .selectDistinct({ id: teamMembers.userId })
        .from(teamMembers)
        .where(inOrg(teamMembers, orgId, [inArray(teamMembers.teamId, live.teamIds)]))
    : [];
  const { courseId, courseLessonId } = live.row;
  const learners =
    courseId !== null && courseLessonId !== null
      ? await db
          .select({ id: courseEnrolments.userId })
          .from(courseEnrolments)
          .where(inOrg(courseEnrolments, orgId, [eq(courseEnrolments.courseId, courseId)]))
      : [];
  return { classStudents: new Set(members.map((m) => m.id)), courseLearners: new Set(learners.map((l) => l.id)) };
}

// One participant as a report gives them (writeReport's input).
export interface ParticipantInput {
  userId: number;
  role: LiveRole;
  firstJoin: Date | null;
  lastLeave: Date | null;
  seconds: number;
  joins: number;
  engagement: Record<string, number> | null;
}
// As stored, with where it came from.
export interface Attendance extends ParticipantInput {
  source: number;
}

export async function participantsOf(db: DbOrTx, orgId: number, liveClassId: number): Promise<Attendance[]> {
  const rows = await db
    .select({
      userId: liveParticipants.userId,
      role: liveParticipants.role,
      firstJoin: liveParticipants.firstJoin,
      lastLeave: liveParticipants.lastLeave,
      seconds: liveParticipants.seconds,
      joins: liveParticipants.joins,
      engagement: liveParticipants.engagement,
      source: liveParticipants.source,
    })
    .from(liveParticipants)
    .where(inOrg(liveParticipants, orgId, [eq(liveParticipants.liveClassId, liveClassId)]));
  return rows.map((r) => ({
    ...r,
    role: r.role as LiveRole,
    engagement: (r.engagement as Record<string, number> | null) ?? null,
  }));
}

// ---- the rule (issue 32): the share of the scheduled time attended ----

type Rule = Pick<LiveRow, 'startsAt' | 'endsAt' | 'presentPercent' | 'lateAfterMinutes'>;

export const scheduledSeconds = (l: Rule) => Math.max(1, (l.endsAt.getTime() - l.startsAt.getTime()) / 1000);

// 0-100, exact (the rule compares this); shown rounded down, so what is shown agrees with the rule.
export const percentOf = (l: Rule, seconds: number) =>
  Math.min(100, (Math.max(0, seconds) / scheduledSeconds(l)) * 100);

// Present at presentPercent or more of the scheduled time (Late when first joining more than
// lateAfterMinutes after the start), LeftEarly below it, Absent with no time at all.
export function derivedKind(l: Rule, p: Pick<Attendance, 'seconds' | 'firstJoin'> | undefined): AttendanceKind {
  const percent = p ? percentOf(l, p.seconds) : 0;
  if (percent <= 0) return AttendanceKind.Absent;
  if (percent < l.presentPercent) return AttendanceKind.LeftEarly;
  const lateAfter = l.startsAt.getTime() + l.lateAfterMinutes * 60_000;
  return p?.firstJoin && p.firstJoin.getTime() > lateAfter ? AttendanceKind.Late : AttendanceKind.Present;
}

export const minutesOf = (seconds: number) => Math.round(seconds / 60);

// The organisation's users among these ids (a provider's report names whoever it was told).
export async function usersOf(db: DbOrTx, orgId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(inOrg(users, orgId, [inArray(users.id, ids)]));
  return new Set(found.map((f) => f.id));
}
