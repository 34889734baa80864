import {
  isStaffKind,
  LiveClassStatus,
  LivePhase,
  type LiveProviderKind,
  LiveRole,
  type MyLiveClass,
  RecordingState,
  RecordingVisibility,
  type zMyLiveRequest,
} from '@lyceum/contract';
import { and, asc, desc, eq, gt, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { inOrg } from '../../platform/tenant-sql';
import { courseLessons, courses } from '../course/course.table';
import { namesOf } from '../timetable/timetable-lessons';
import { users } from '../user/user.table';
import { liveAttendance } from './live-attendance';
import { invitedStudent, teachesLive } from './live-audience';
import { liveClasses, liveClassTeachers, liveParticipants, liveRecordings } from './live-class.table';
import { opensAt, phaseOf } from './live-phase';

// A member's own live classes (any role: students those they are invited to, teachers those they
// teach): the coming and running ones to join, or the past ones with the recordings they may watch
// and their own minutes and status. The student's portal shows the first few coming ones.

type MyRequest = z.output<typeof zMyLiveRequest>;
const { Scheduled, Live, Ended } = LiveClassStatus;

function whenOf(when: MyRequest['when'], now: Date): SQL | undefined {
  const running = or(eq(liveClasses.status, Live), and(eq(liveClasses.status, Scheduled), gt(liveClasses.endsAt, now)));
  // A scheduled class whose end passed before the sweep ended it reads as past already.
  if (when === 'upcoming') return running;
  return or(eq(liveClasses.status, Ended), and(eq(liveClasses.status, Scheduled), lte(liveClasses.endsAt, now)));
}

export async function myLiveClasses(ctx: RequestContext, req: MyRequest): Promise<MyLiveClass[]> {
  const now = clock.date();
  const student = sql<boolean>`${invitedStudent(ctx.userId)}`;
  const teacher = sql<boolean>`${teachesLive(ctx.userId)}`;
  const found = await ctx.db
    .select({
      id: liveClasses.id,
      title: liveClasses.title,
      status: liveClasses.status,
      startsAt: liveClasses.startsAt,
      endsAt: liveClasses.endsAt,
      joinOpensMinutes: liveClasses.joinOpensMinutes,
      courseId: liveClasses.courseId,
      courseLessonId: liveClasses.courseLessonId,
      providerKind: liveClasses.providerKind,
      student,
      teacher,
    })
    .from(liveClasses)
    .where(
      inOrg(liveClasses, ctx.orgId, [
        or(student, teacher),
        whenOf(req.when, now),
        req.courseId === undefined ? undefined : eq(liveClasses.courseId, req.courseId),
      ]),
    )
    .orderBy(
      ...(req.when === 'upcoming'
        ? [asc(liveClasses.startsAt), asc(liveClasses.id)]
        : [desc(liveClasses.startsAt), desc(liveClasses.id)]),
    )
    .limit(req.limit);
  if (!found.length) return [];
  const ids = found.map((r) => r.id);
  const past = req.when === 'past';
  const [teachers, courseTitles, lessonTitles, recordings, minutes, statuses] = await Promise.all([
    teachersOf(ctx, ids),
    namesOf(
      ctx.db,
      ctx.orgId,
      courses,
      courses.title,
      found.map((r) => r.courseId),
    ),
    namesOf(
      ctx.db,
      ctx.orgId,
      courseLessons,
      courseLessons.title,
      found.map((r) => r.courseLessonId),
    ),
    recordingsOf(ctx, ids),
    past ? minutesOf(ctx, ids) : new Map<number, number>(),
    past
      ? statusesOf(
          ctx,
          found.filter((r) => r.student).map((r) => r.id),
        )
      : new Map<number, string>(),
  ]);
  return found.map((r) => {
    const mine = recordings.get(r.id) ?? [];
    const phase = phaseOf(r, now, mine.length);
    return {
      id: r.id,
      title: r.title,
      startsAt: r.startsAt.toISOString(),
      endsAt: r.endsAt.toISOString(),
      opensAt: opensAt(r).toISOString(),
      phase,
      teacherNames: teachers.get(r.id) ?? [],
      courseTitle: r.courseId === null ? null : (courseTitles.get(r.courseId) ?? null),
      lessonTitle: r.courseLessonId === null ? null : (lessonTitles.get(r.courseLessonId) ?? null),
      courseLessonId: r.courseLessonId,
      providerKind: r.providerKind as LiveProviderKind,
      canJoin: phase === LivePhase.Open || phase === LivePhase.Live,
      role: r.teacher ? LiveRole.Moderator : LiveRole.Viewer,
      myMinutes: past ? (minutes.get(r.id) ?? null) : null,
      myStatus: past ? (statuses.get(r.id) ?? null) : null,
      recordings: past ? mine : [],
    };
  });
}

// Coming live classes on a student's home page.
export function portalLive(ctx: RequestContext, limit: number): Promise<MyLiveClass[]> {
  return myLiveClasses(ctx, { when: 'upcoming', limit });
}

async function teachersOf(ctx: RequestContext, ids: number[]): Promise<Map<number, string[]>> {
  const rows = await ctx.db
    .select({ id: liveClassTeachers.ownerId, name: users.realName })
    .from(liveClassTeachers)
    .innerJoin(users, inOrg(users, ctx.orgId, [eq(users.id, liveClassTeachers.targetId)]))
    .where(inOrg(liveClassTeachers, ctx.orgId, [inArray(liveClassTeachers.ownerId, ids)]))
    .orderBy(users.realName);
  const out = new Map<number, string[]>();
  for (const r of rows) out.set(r.id, [...(out.get(r.id) ?? []), r.name]);
  return out;
}

// Published recordings the caller may watch: staff every one, students those shown to students.
async function recordingsOf(ctx: RequestContext, ids: number[]) {
  const staff = ctx.roleKind !== null && isStaffKind(ctx.roleKind);
  const rows = await ctx.db
    .select({
      id: liveRecordings.id,
      liveClassId: liveRecordings.liveClassId,
      playbackUrl: liveRecordings.playbackUrl,
      startedAt: liveRecordings.startedAt,
      seconds: liveRecordings.seconds,
    })
    .from(liveRecordings)
    .where(
      inOrg(liveRecordings, ctx.orgId, [
        inArray(liveRecordings.liveClassId, ids),
        eq(liveRecordings.state, RecordingState.Published),
        staff ? undefined : eq(liveRecordings.visibility, RecordingVisibility.Students),
        sql`${liveRecordings.playbackUrl} is not null`,
      ]),
    )
    .orderBy(asc(liveRecordings.startedAt), asc(liveRecordings.id));
  const out = new Map<number, MyLiveClass['recordings']>();
  for (const r of rows) {
    const one = {
      id: r.id,
      playbackUrl: r.playbackUrl ?? '',
      startedAt: r.startedAt?.toISOString() ?? null,
      minutes: r.seconds === null ? null : Math.round(r.seconds / 60),
    };
    out.set(r.liveClassId, [...(out.get(r.liveClassId) ?? []), one]);
  }
  return out;
}

// The caller's own minutes in each session (whatever the report came from).
async function minutesOf(ctx: RequestContext, ids: number[]): Promise<Map<number, number>> {
  const rows = await ctx.db
    .select({ id: liveParticipants.liveClassId, seconds: liveParticipants.seconds })
    .from(liveParticipants)
    .where(
      inOrg(liveParticipants, ctx.orgId, [
        inArray(liveParticipants.liveClassId, ids),
        eq(liveParticipants.userId, ctx.userId),
      ]),
    );
  return new Map(rows.map((r) => [r.id, Math.round(r.seconds / 60)]));
}

// The caller's current mark in each class's roll call, read through the attendance register (one
// query for all of them).
async function statusesOf(ctx: RequestContext, ids: number[]): Promise<Map<number, string>> {
  const marks = await liveAttendance.get().current(ctx.db, ctx.orgId, ids, ctx.userId);
  return new Map(marks.map((m) => [m.liveClassId, m.statusName]));
}
