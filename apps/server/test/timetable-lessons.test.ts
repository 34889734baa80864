import { LessonStatus, ResultCode } from '@lyceum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../src/platform/clock';
import { ok, refused } from './harness';
import { extraLesson, type LessonOut, type TimetableWorld, timetableWorld } from './timetable-fixture';

// Lessons and their changes (issue 31): extra lessons through the clash engine (a clash is 501
// naming the field and what is in the way), substitutes who free the original teacher, swaps,
// moves told to the class, cancellations that free the room, ended lessons that no longer change,
// and who may do any of it.

let w: TimetableWorld;
beforeAll(async () => {
  w = await timetableWorld();
});
afterAll(async () => {
  setClock(null);
  await w.t.close();
});

const call = <T>(url: string, token: string, body?: unknown) => w.t.call<T>('POST', url, { token, body });
const create = (over: Record<string, unknown> & { day: string }, token = w.admin) =>
  call<LessonOut>('/api/lesson/create', token, extraLesson(w, over));
const at = (day: string, startTime: string, endTime: string) => ({ day, startTime, endTime });

interface InboxItem {
  notice: string | null;
  noticeParams: Record<string, string> | null;
}
async function notices(token: string, kind: string): Promise<InboxItem[]> {
  const inbox = ok(
    await call<{ list: InboxItem[] }>('/api/message/inbox', token, { pageIndex: 1, pageSize: 50, system: true }),
  );
  return inbox.list.filter((m) => m.notice === kind);
}

describe('extra lessons', () => {
  it('accepts back-to-back lessons and refuses a teacher, an assistant or a room booked twice, naming the lesson', async () => {
    const first = ok(await create(at('2031-09-08', '09:00', '09:45')));
    expect(first).toMatchObject({
      startsAt: '2031-09-08T01:00:00.000Z',
      status: LessonStatus.Scheduled,
      teamName: 'Class 7A',
    });
    ok(await create(at('2031-09-08', '09:45', '10:30')));
    const teacher = await create({ ...at('2031-09-08', '09:30', '10:00'), teamId: w.classes[1], venueId: w.venues[2] });
    refused(teacher, 'clashesWithLesson', 'teacherId');
    expect(teacher.message).toContain('Biology · Class 7A');
    expect(teacher.message).toContain('2031-09-08 09:00');
    const assistant = await create({
      ...at('2031-09-08', '09:00', '09:10'),
      teamId: w.classes[1],
      venueId: null,
      teacherId: w.people['wang.fang'],
      assistantId: w.people.teacher,
    });
    refused(assistant, 'clashesWithLesson', 'assistantId');
    refused(
      await create({ ...at('2031-09-08', '09:10', '09:20'), teacherId: w.people['li.wei'], teamId: w.classes[1] }),
      'clashesWithLesson',
      'venueId',
    );
    refused(
      await create({ ...at('2031-09-08', '09:10', '09:20'), teacherId: w.people['li.wei'], venueId: null }),
      'clashesWithLesson',
      'teamId',
    );
    refused(await create(at('2035-01-01', '09:00', '09:45')), 'noSemesterOnDay', 'day');
    refused(await create({ day: '2031-09-09', periodFrom: 1, periodTo: 12 }), 'noSuchPeriod', 'periodTo');
    refused(
      await create({ day: '2031-09-09', periodFrom: 1, periodTo: 1, startTime: '08:00', endTime: '09:00' }),
      'periodsOrTimes',
      'startTime',
    );
    const byPeriods = ok(await create({ day: '2031-09-09', periodFrom: 3, periodTo: 4 }));
    expect(byPeriods).toMatchObject({ startTime: '10:00', endTime: '11:40', periodFrom: 3, periodTo: 4 });
    expect((await create(at('2031-09-09', '18:00', '19:00'), w.teacher)).code).toBe(ResultCode.Forbidden);
  });
});

describe('changes', () => {
  it('a substitute takes the lesson and the original teacher is free at that time', async () => {
    const l = ok(await create({ ...at('2031-09-10', '10:00', '10:45'), venueId: w.venues[1] }));
    const free = ok(
      await call<{ id: number; lessonsThatDay: number }[]>(`/api/lesson/freeTeachers/${l.id}`, w.teacher),
    );
    expect(free.map((f) => f.id)).toContain(w.people['wang.fang']);
    expect(free.map((f) => f.id)).not.toContain(w.people.teacher);
    refused(
      await call(`/api/lesson/substitute/${l.id}`, w.admin, { teacherId: w.people.student }),
      'notATeacher',
      'teacherId',
    );
    refused(
      await call(`/api/lesson/substitute/${l.id}`, w.admin, { teacherId: w.people.teacher }),
      'alreadyTeaches',
      'teacherId',
    );
    const sub = ok(
      await call<LessonOut>(`/api/lesson/substitute/${l.id}`, w.admin, {
        teacherId: w.people['wang.fang'],
        reason: 'Ill',
      }),
    );
    expect(sub).toMatchObject({
      status: LessonStatus.Substituted,
      teacherId: w.people['wang.fang'],
      originalTeacherId: w.people.teacher,
    });
    // Tom is free now: a lesson of his at that very time is accepted; wang.fang is not.
    ok(await create({ ...at('2031-09-10', '10:00', '10:45'), teamId: w.classes[1], venueId: w.venues[2] }));
    refused(
      await create({
        ...at('2031-09-10', '10:15', '10:30'),
        teamId: w.classes[1],
        venueId: null,
        teacherId: w.people['wang.fang'],
      }),
      'clashesWithLesson',
      'teacherId',
    );
    const again = ok(
      await call<LessonOut>(`/api/lesson/substitute/${l.id}`, w.admin, { teacherId: w.people['li.wei'] }),
    );
    expect(again.originalTeacherId).toBe(w.people.teacher);
    const told = await notices(w.student, 'lessonSubstituted');
    expect(told[0]?.noticeParams).toMatchObject({ name: 'Biology · Class 7A', original: '王芳', reason: '' });
    expect(await notices(await w.t.login('demo', 'wang.fang'), 'lessonSubstituted')).toHaveLength(2);
  });

  it('moves a lesson, keeps where it was first and tells the class', async () => {
    const l = ok(await create({ day: '2031-09-11', periodFrom: 1, periodTo: 1 }));
    const moved = ok(
      await call<LessonOut>(`/api/lesson/move/${l.id}`, w.admin, {
        day: '2031-09-12',
        periodFrom: 2,
        periodTo: 2,
        venueId: w.venues[2],
        reason: 'Sports day',
      }),
    );
    expect(moved).toMatchObject({
      status: LessonStatus.Moved,
      day: '2031-09-12',
      startTime: '08:55',
      venueId: w.venues[2],
    });
    expect(moved.movedFrom).toMatchObject({
      day: '2031-09-11',
      startsAt: '2031-09-11T00:00:00.000Z',
      venueId: w.venues[0],
    });
    const twice = ok(
      await call<LessonOut>(`/api/lesson/move/${l.id}`, w.admin, { ...at('2031-09-12', '15:00', '15:45') }),
    );
    expect(twice.movedFrom?.day).toBe('2031-09-11');
    expect(twice.venueId).toBe(w.venues[2]);
    const [told] = await notices(w.student, 'lessonMoved');
    expect(told?.noticeParams).toMatchObject({
      name: 'Biology · Class 7A',
      was: '2031-09-12 08:55',
      start: '2031-09-12 15:00',
    });
    expect(await notices(w.student, 'lessonMoved')).toHaveLength(2);
    expect((await call(`/api/lesson/move/${l.id}`, w.teacher, { ...at('2031-09-12', '16:00', '16:45') })).code).toBe(
      ResultCode.Forbidden,
    );
  });

  it('swaps two lessons of a class, times and rooms, in one go', async () => {
    const x = ok(await create({ ...at('2031-09-15', '08:00', '08:45'), title: 'Maths' }));
    const y = ok(
      await create({
        ...at('2031-09-15', '10:00', '10:45'),
        title: 'Art',
        venueId: w.venues[1],
        teacherId: w.people['zhang.min'],
      }),
    );
    const { a, b } = ok(
      await call<{ a: LessonOut; b: LessonOut }>('/api/lesson/swap', w.admin, { aId: x.id, bId: y.id }),
    );
    expect(a).toMatchObject({
      startsAt: y.startsAt,
      venueId: w.venues[1],
      status: LessonStatus.Moved,
      teacherId: w.people.teacher,
    });
    expect(b).toMatchObject({ startsAt: x.startsAt, venueId: w.venues[0], status: LessonStatus.Moved });
    refused(await call('/api/lesson/swap', w.admin, { aId: x.id, bId: x.id }), 'sameLesson', 'bId');
    // Tom's new place is now taken by his own Maths: another lesson of his then is refused.
    refused(
      await create({ ...at('2031-09-15', '10:10', '10:20'), teamId: w.classes[1], venueId: null }),
      'clashesWithLesson',
      'teacherId',
    );
  });

  it('cancelling frees the room; restoring needs it free again', async () => {
    const k = ok(await create(at('2031-09-16', '08:00', '08:45')));
    const other = { ...at('2031-09-16', '08:00', '08:45'), teamId: w.classes[1], teacherId: w.people['li.wei'] };
    refused(await create(other), 'clashesWithLesson', 'venueId');
    const cancelled = ok(await call<LessonOut>(`/api/lesson/cancel/${k.id}`, w.admin, { reason: 'Exam week' }));
    expect(cancelled.status).toBe(LessonStatus.Cancelled);
    expect((await notices(w.student, 'lessonCancelled'))[0]?.noticeParams).toMatchObject({ reason: 'Exam week' });
    const taker = ok(await create(other));
    refused(
      await call(`/api/lesson/substitute/${k.id}`, w.admin, { teacherId: w.people['wang.fang'] }),
      'transition',
      'status',
    );
    refused(await call(`/api/lesson/cancel/${k.id}`, w.admin, {}), 'transition', 'status');
    const blocked = await call(`/api/lesson/restore/${k.id}`, w.admin, {});
    refused(blocked, 'clashesWithLesson', 'venueId');
    ok(await call(`/api/lesson/cancel/${taker.id}`, w.admin, {}));
    expect(ok(await call<LessonOut>(`/api/lesson/restore/${k.id}`, w.admin, {})).status).toBe(LessonStatus.Scheduled);
  });

  it('leaves a lesson that has ended as it was', async () => {
    const l = ok(await create(at('2031-09-17', '08:00', '08:45')));
    setClock('2031-09-17T01:00:00Z');
    refused(await call(`/api/lesson/move/${l.id}`, w.admin, at('2031-09-18', '08:00', '08:45')), 'lessonEnded', 'day');
    refused(await call(`/api/lesson/cancel/${l.id}`, w.admin, {}), 'lessonEnded', 'status');
    setClock(null);
    refused(await call(`/api/lesson/delete/${l.id}`, w.teacher), 'forbidden');
    ok(await call(`/api/lesson/delete/${l.id}`, w.admin));
  });

  it('exports the lessons of a filter to Excel for those who may export', async () => {
    const file = await call<unknown[][]>('/api/lesson/export', w.teacher, { teamId: w.classes[1], status: 1 });
    expect(file.message).toBe('file');
    const sheet = file.response;
    expect(sheet[0]).toEqual(expect.arrayContaining(['Day', 'Time', 'Title', 'Class', 'Teacher', 'Status']));
    expect(sheet.slice(1).every((row) => row.includes('Class 7B') && row.includes('Scheduled'))).toBe(true);
    expect(sheet.length).toBeGreaterThan(1);
  });
});

describe('who may reach lessons', () => {
  it('refuses students every timetable route, and another school every id of this one', async () => {
    const routes = w.t.app.routeCatalog.filter((r) =>
      /^\/api\/(timetable|lesson|termDay|teachingAssignment)\//.test(r.url),
    );
    expect(routes.length).toBeGreaterThan(25);
    for (const r of routes) {
      const res = await w.t.call(r.method as 'GET' | 'POST', r.url.replace(':id', '1'), { token: w.student, body: {} });
      expect(res.code, `${r.method} ${r.url}`).toBe(ResultCode.Forbidden);
    }
    const [l] = ok(await call<{ list: LessonOut[] }>('/api/lesson/page', w.teacher, { teamId: w.classes[0] })).list;
    const north = await w.t.login('north', 'admin');
    for (const url of [
      `/api/lesson/select/${l!.id}`,
      `/api/lesson/cancel/${l!.id}`,
      `/api/lesson/freeTeachers/${l!.id}`,
    ]) {
      expect((await call(url, north, {})).message, url).toMatch(/not found/);
    }
    expect((await call('/api/lesson/swap', north, { aId: l!.id, bId: l!.id + 1 })).message).toMatch(/not found/);
    expect(ok(await call<{ total: number }>('/api/lesson/page', north, {})).total).toBe(0);
  });
});
