import { makeClasses, userIds } from './exam-fixture';
import { createTestApp, ok, type TestApp } from './harness';

// One situation for the timetable's tests: a term in 2031 (so every lesson is still to come; the
// first day, Wednesday 3 September, is in week 1, which began on Monday 1 September), three rooms,
// two classes (the demo student in 7A) and the staff who teach them.

export const TERM = { startDate: '2031-09-03', endDate: '2031-11-30' };

export interface TimetableWorld {
  t: TestApp;
  admin: string;
  academic: string;
  teacher: string;
  student: string;
  people: Record<'teacher' | 'wang.fang' | 'li.wei' | 'zhang.min' | 'student' | 'academic', number>;
  semesterId: number;
  venues: [number, number, number];
  classes: [number, number];
}

export async function timetableWorld(): Promise<TimetableWorld> {
  const t = await createTestApp({ students: 0 });
  const [admin, academic, teacher, student] = await Promise.all(
    ['admin', 'academic', 'teacher', 'student'].map((u) => t.signIn('demo', u)),
  );
  const people = (await userIds(t, [
    'teacher',
    'wang.fang',
    'li.wei',
    'zhang.min',
    'student',
    'academic',
  ])) as TimetableWorld['people'];
  const semesterId = ok(
    await t.call<{ id: number }>('POST', '/api/semester/create', {
      token: admin,
      body: { name: 'Autumn 2031', year: 2031, term: 1, ...TERM },
    }),
  ).id;
  const venues = [] as number[];
  for (const name of ['Lab 1', 'Room 201', 'Room 202']) {
    venues.push(
      ok(await t.call<{ id: number }>('POST', '/api/teachVenue/create', { token: admin, body: { name } })).id,
    );
  }
  const classes = await makeClasses(t, admin, 2031, [
    { name: 'Class 7A', members: [people.student] },
    { name: 'Class 7B', members: [] },
  ]);
  return {
    t,
    admin,
    academic,
    teacher,
    student,
    people,
    semesterId,
    venues: venues as [number, number, number],
    classes: classes as [number, number],
  };
}

// An extra lesson's body.
export function extraLesson(
  w: TimetableWorld,
  over: Record<string, unknown> & { day: string },
): Record<string, unknown> {
  return {
    title: 'Biology',
    teamId: w.classes[0],
    teacherId: w.people.teacher,
    venueId: w.venues[0],
    ...over,
  };
}

export interface LessonOut {
  id: number;
  day: string;
  startsAt: string;
  endsAt: string;
  status: number;
  teacherId: number;
  originalTeacherId: number | null;
  venueId: number | null;
  slotId: number | null;
  assignmentId: number | null;
  startTime: string;
  endTime: string;
  movedFrom: { day: string; startsAt: string; venueId: number | null } | null;
  title: string;
  teamName: string;
}

export async function lessonsOf(w: TimetableWorld, filter: Record<string, unknown>): Promise<LessonOut[]> {
  return ok(
    await w.t.call<{ list: LessonOut[] }>('POST', '/api/lesson/page', {
      token: w.academic,
      body: { pageIndex: 1, pageSize: 200, ...filter },
    }),
  ).list;
}
