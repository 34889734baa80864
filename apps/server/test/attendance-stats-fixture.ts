import { AttendanceKind, LessonStatus, MarkSource } from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import { attendanceMarks, attendanceSessions, attendanceStatuses } from '../src/modules/attendance/attendance.table';
import { semesters } from '../src/modules/calendar/calendar.table';
import { lessons } from '../src/modules/timetable/timetable.table';
import { examPeople, makeClasses } from './exam-fixture';
import type { TestApp } from './harness';

// A hand-made school week for the attendance statistics (Monday 4 to Friday 8 March 2030, Asia/
// Shanghai), written straight into the tables: class A (led by `teacher`: s1, s2, s3) has Maths
// with `teacher` every morning at 08:00 and English with wang.fang on Monday at 10:00; class B (led
// by wang.fang: s4, s5) has a lesson with wang.fang every day at 09:00, Friday's not yet taken.
// The clock stands at Friday 10:30; Friday also has an untaken Science lesson of `teacher` at
// 10:00, a later one at 11:00 and a cancelled one at 09:30.

export const WEEK = ['2030-03-04', '2030-03-05', '2030-03-06', '2030-03-07', '2030-03-08'] as const;
export const NOW = '2030-03-08T10:30:00+08:00';
const at = (day: string, time: string) => new Date(`${day}T${time}:00+08:00`);

type KindKey = 'P' | 'L' | 'LE' | 'E' | 'A';
const KIND: Record<KindKey, AttendanceKind> = {
  P: AttendanceKind.Present,
  L: AttendanceKind.Late,
  LE: AttendanceKind.LeftEarly,
  E: AttendanceKind.Excused,
  A: AttendanceKind.Absent,
};
// The weights the expectations are worked out with (set here, whatever the defaults are).
export const WEIGHTS: Record<KindKey, number> = { P: 1, L: 0.5, LE: 0.75, E: 1, A: 0 };

export interface Week {
  academic: string;
  teacher: string;
  wang: string;
  student: string;
  ids: Record<string, number>;
  classA: number;
  classB: number;
  statusOf: Record<KindKey, number>;
  // Friday's lessons: the taken Maths, class B's untaken one, Science (untaken), later, cancelled.
  friday: Record<'maths' | 'classB' | 'science' | 'later' | 'cancelled', number>;
}

export async function buildWeek(t: TestApp): Promise<Week> {
  const db = t.database.db;
  const orgId = t.ids.demo.orgId;
  const students = ['s2026001', 's2026002', 's2026003', 's2026004', 's2026005'];
  const { academic, teacher, tokens, ids } = await examPeople(t, [...students, 'wang.fang']);
  const [s1, s2, s3, s4, s5] = students.map((s) => ids[s]!);
  const wangId = ids['wang.fang']!;
  const [classA, classB] = await makeClasses(t, academic, 2099, [
    { name: 'Stats A', members: [s1, s2, s3], classTeacherId: ids.teacher },
    { name: 'Stats B', members: [s4, s5], classTeacherId: wangId },
  ]);
  // The five statuses, written here with the weights the expectations use.
  const made = await db
    .insert(attendanceStatuses)
    .values(
      (Object.keys(KIND) as KindKey[]).map((key, i) => ({
        organizationId: orgId,
        name: `Stats ${key}`,
        kind: KIND[key],
        weight: WEIGHTS[key],
        isDefault: key === 'P',
        sort: i + 1,
      })),
    )
    .returning({ id: attendanceStatuses.id, kind: attendanceStatuses.kind });
  const statusOf = Object.fromEntries(
    (Object.keys(KIND) as KindKey[]).map((key) => [key, made.find((m) => m.kind === KIND[key])!.id]),
  ) as Record<KindKey, number>;
  const [semester] = await db.select({ id: semesters.id }).from(semesters).where(eq(semesters.organizationId, orgId));

  async function lesson(o: {
    day: string;
    time: string;
    title: string;
    teamId: number;
    teacherId: number;
    status?: LessonStatus;
    session?: 'taken' | 'open';
  }) {
    const startsAt = at(o.day, o.time);
    const endsAt = new Date(startsAt.getTime() + 45 * 60_000);
    const [l] = await db
      .insert(lessons)
      .values({
        organizationId: orgId,
        semesterId: semester!.id,
        title: o.title,
        teamId: o.teamId,
        teacherId: o.teacherId,
        day: o.day,
        startsAt,
        endsAt,
        status: o.status ?? LessonStatus.Scheduled,
      })
      .returning({ id: lessons.id });
    if (!o.session) return { lessonId: l!.id, sessionId: 0 };
    const [s] = await db
      .insert(attendanceSessions)
      .values({
        organizationId: orgId,
        lessonId: l!.id,
        teamId: o.teamId,
        teacherId: o.teacherId,
        title: o.title,
        startsAt,
        endsAt,
        qrSecret: 'x'.repeat(32),
        takenAt: o.session === 'taken' ? startsAt : null,
        takenBy: o.session === 'taken' ? o.teacherId : null,
      })
      .returning({ id: attendanceSessions.id });
    return { lessonId: l!.id, sessionId: s!.id };
  }
  const mark = (sessionId: number, studentId: number, key: KindKey, source: MarkSource = MarkSource.Teacher) =>
    db.insert(attendanceMarks).values({
      organizationId: orgId,
      sessionId,
      studentId,
      statusId: statusOf[key],
      source,
      markedBy: source === MarkSource.Office ? ids.academic! : ids.teacher!,
    });

  // Class A's Maths, one column per day: s1, s2, s3.
  const mathsMarks: Record<string, [KindKey, KindKey, KindKey]> = {
    '2030-03-04': ['P', 'P', 'L'],
    '2030-03-05': ['P', 'A', 'L'],
    '2030-03-06': ['P', 'E', 'A'],
    '2030-03-07': ['P', 'A', 'P'],
    '2030-03-08': ['P', 'A', 'LE'],
  };
  const friday = {} as Week['friday'];
  for (const day of WEEK) {
    const maths = await lesson({
      day,
      time: '08:00',
      title: 'Maths',
      teamId: classA,
      teacherId: ids.teacher!,
      session: 'taken',
    });
    const [m1, m2, m3] = mathsMarks[day]!;
    // Wednesday: s1 first marked absent, then present (the later mark stands).
    if (day === '2030-03-06') await mark(maths.sessionId, s1, 'A');
    await mark(maths.sessionId, s1, m1);
    await mark(maths.sessionId, s2, m2);
    // Thursday: the office marked s3 present before the teacher's absent (the office's stands).
    if (day === '2030-03-07') {
      await mark(maths.sessionId, s3, 'P', MarkSource.Office);
      await mark(maths.sessionId, s3, 'A');
    } else await mark(maths.sessionId, s3, m3);
    const last = day === '2030-03-08';
    const b = await lesson({
      day,
      time: '09:00',
      title: 'Reading',
      teamId: classB,
      teacherId: wangId,
      session: last ? 'open' : 'taken',
    });
    if (!last) {
      await mark(b.sessionId, s4, 'P');
      await mark(b.sessionId, s5, 'A');
    }
    if (last) Object.assign(friday, { maths: maths.lessonId, classB: b.lessonId });
  }
  const english = await lesson({
    day: WEEK[0],
    time: '10:00',
    title: 'English',
    teamId: classA,
    teacherId: wangId,
    session: 'taken',
  });
  for (const s of [s1, s2, s3]) await mark(english.sessionId, s, 'P');
  const fri = WEEK[4];
  friday.science = (
    await lesson({ day: fri, time: '10:00', title: 'Science', teamId: classA, teacherId: ids.teacher! })
  ).lessonId;
  friday.later = (
    await lesson({ day: fri, time: '11:00', title: 'Art', teamId: classA, teacherId: ids.teacher! })
  ).lessonId;
  friday.cancelled = (
    await lesson({
      day: fri,
      time: '09:30',
      title: 'Music',
      teamId: classA,
      teacherId: ids.teacher!,
      status: LessonStatus.Cancelled,
    })
  ).lessonId;
  return {
    academic,
    teacher,
    wang: tokens['wang.fang']!,
    student: tokens.s2026001!,
    ids,
    classA,
    classB,
    statusOf,
    friday,
  };
}
