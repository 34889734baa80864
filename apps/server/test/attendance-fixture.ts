import { and, eq, sql } from 'drizzle-orm';
import { semesters } from '../src/modules/calendar/calendar.table';
import { messageReceipts, messages } from '../src/modules/message/message.table';
import { type LessonChange, lessonsChanged } from '../src/modules/timetable/lesson-events';
import { lessons } from '../src/modules/timetable/timetable.table';
import { makeClasses, userIds } from './exam-fixture';
import { createTestApp, ok, type TestApp } from './harness';

// The situation the attendance, leave and race files start from: two classes of a grade (A led by
// `teacher`, B by nobody), a second teacher, and lessons written straight into the timetable's table
// (as the timetable's services will), on a future week so the clock decides what has begun.

export const STUDENTS_A = ['s2026001', 's2026002', 's2026003', 's2026004'] as const;
export const STUDENTS_B = ['s2026005', 's2026006'] as const;
const PEOPLE = ['admin', 'academic', 'teacher', 'li.wei', ...STUDENTS_A, ...STUDENTS_B] as const;
// A Monday morning of a week the demo has nothing in, 08:00 in Shanghai.
export const MONDAY = Date.parse('2031-03-03T00:00:00Z');
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const at = (ms: number) => new Date(ms).toISOString();

export interface AttendanceWorld {
  t: TestApp;
  tokens: Record<(typeof PEOPLE)[number], string>;
  ids: Record<(typeof PEOPLE)[number], number>;
  teamA: number;
  teamB: number;
  semesterId: number;
}

let grade = 2090;
// `logins`: the people the file acts as (a login costs a password hash: only those needed).
export async function attendanceWorld(logins: readonly (typeof PEOPLE)[number][]): Promise<AttendanceWorld> {
  const t = await createTestApp();
  const logged = await Promise.all(['academic' as const, ...logins].map((n) => t.signIn('demo', n)));
  const tokens = Object.fromEntries(['academic', ...logins].map((n, i) => [n, logged[i]])) as AttendanceWorld['tokens'];
  const ids = (await userIds(t, PEOPLE)) as AttendanceWorld['ids'];
  const [teamA, teamB] = await makeClasses(t, tokens.academic, grade++, [
    { name: 'Roll A', members: STUDENTS_A.map((s) => ids[s]), classTeacherId: ids.teacher },
    { name: 'Roll B', members: STUDENTS_B.map((s) => ids[s]), classTeacherId: null },
  ]);
  const [semester] = await t.database.db
    .select({ id: semesters.id })
    .from(semesters)
    .where(eq(semesters.organizationId, t.ids.demo.orgId))
    .limit(1);
  return {
    t,
    tokens,
    ids,
    teamA: teamA as number,
    teamB: teamB as number,
    semesterId: (semester as { id: number }).id,
  };
}

// The organisation's day of an instant (Asia/Shanghai, the default zone).
const dayOf = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 10);

// A lesson occurrence written as the timetable writes one, and announced as made.
export async function addLesson(
  w: AttendanceWorld,
  o: { teamId: number; teacherId: number; startsAt: number; minutes?: number; title?: string; assistantId?: number },
): Promise<number> {
  const endsAt = o.startsAt + (o.minutes ?? 45) * MINUTE;
  const orgId = w.t.ids.demo.orgId;
  return w.t.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(lessons)
      .values({
        organizationId: orgId,
        semesterId: w.semesterId,
        title: o.title ?? 'Maths',
        teamId: o.teamId,
        teacherId: o.teacherId,
        assistantId: o.assistantId ?? null,
        day: dayOf(o.startsAt),
        startsAt: new Date(o.startsAt),
        endsAt: new Date(endsAt),
      })
      .returning({ id: lessons.id });
    const id = (row as { id: number }).id;
    await lessonsChanged(tx, orgId, [id], 'created');
    return id;
  });
}

// Moves a lesson as the timetable's move will: the row changes and the change is announced.
export async function moveLesson(w: AttendanceWorld, lessonId: number, startsAt: number, minutes = 45) {
  const orgId = w.t.ids.demo.orgId;
  await w.t.database.db.transaction(async (tx) => {
    await tx
      .update(lessons)
      .set({
        day: dayOf(startsAt),
        startsAt: new Date(startsAt),
        endsAt: new Date(startsAt + minutes * MINUTE),
        status: 3,
      })
      .where(and(eq(lessons.organizationId, orgId), eq(lessons.id, lessonId)));
    await lessonsChanged(tx, orgId, [lessonId], 'moved' satisfies LessonChange);
  });
}

// How many notices of a kind a user has received.
export async function noticesOf(w: AttendanceWorld, userId: number, kind: string): Promise<number> {
  const [row] = await w.t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(messageReceipts)
    .innerJoin(
      messages,
      and(eq(messages.organizationId, messageReceipts.organizationId), eq(messages.id, messageReceipts.messageId)),
    )
    .where(
      and(
        eq(messageReceipts.organizationId, w.t.ids.demo.orgId),
        eq(messageReceipts.userId, userId),
        eq(messages.notice, kind),
      ),
    );
  return Number(row?.n ?? 0);
}

export interface RosterReply {
  session: { sessionId: number; takenAt: string | null; canTake: boolean };
  statuses: { id: number; name: string; kind: number }[];
  defaultStatusId: number;
  office: boolean;
  students: {
    studentId: number;
    statusId: number;
    prefill: string;
    leaveId: number | null;
    current: { source: number; statusId: number; overridesTeacher: boolean; markedBy: number } | null;
  }[];
}

export async function rosterOf(w: AttendanceWorld, token: string, ref: object): Promise<RosterReply> {
  return ok(await w.t.call<RosterReply>('POST', '/api/attendance/roster', { token, body: ref }));
}

// The status of a kind in the roster's list (the organisation's defaults).
export const statusId = (r: RosterReply, kind: number) =>
  (r.statuses.find((s) => s.kind === kind) as { id: number }).id;
