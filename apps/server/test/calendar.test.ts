import { LessonStatus, ResultCode, type WeekCalendar, type WeekEntry } from '@lyceum/contract';
import { and, eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { semesters, teachVenues } from '../src/modules/calendar/calendar.table';
import { calendarFeeds, lessons } from '../src/modules/timetable/timetable.table';
import { setClock } from '../src/platform/clock';
import { examPeople, logins, makeClasses, onePaper, userIds } from './exam-fixture';
import { ajax, createTestApp, ok, refused, type TestApp } from './harness';

// Calendars (issue 31): who may read which week, what a student's and a teacher's week hold, and the
// iCalendar feed read back with a real parser (ical.js). Lessons are written straight into the table
// (the timetable's own services are tested in their files).

let t: TestApp;
let tok: Record<string, string>;
let ids: Record<string, number>;
let classA: number;
let classB: number;
let venue: number;
let otherVenue: number;
let northVenue: number;
let examId: number;
let taskId: number;
const L: Record<string, number> = {};

// Wednesday 2031-03-05, noon in Shanghai; the week is Monday 3 to Sunday 9 March.
const NOW = '2031-03-05T04:00:00Z';
const WEEK = { from: '2031-03-03', to: '2031-03-09' };
// 'YYYY-MM-DD HH:MM' in Shanghai (UTC+8, no summer time) as an instant.
const at = (local: string) => new Date(`${local.replace(' ', 'T')}:00+08:00`);

beforeAll(async () => {
  t = await createTestApp();
  setClock(NOW);
  const people = await examPeople(t, ['student', 's2026001']);
  tok = { ...people.tokens, academic: people.academic, teacher: people.teacher };
  Object.assign(tok, await logins(t, ['wang.fang', 'admin']), { north: await t.login('north', 'admin') });
  ids = { ...people.ids, ...(await userIds(t, ['wang.fang', 'emma.clark'])) };
  [classA, classB] = await makeClasses(t, tok.academic, 2031, [
    { name: 'Calendar A', members: [ids.student], classTeacherId: ids.teacher },
    { name: 'Calendar B', members: [ids.s2026001], classTeacherId: ids['emma.clark'] },
  ]);
  const db = t.database.db;
  const venues = await db
    .select({ id: teachVenues.id, org: teachVenues.organizationId })
    .from(teachVenues)
    .orderBy(teachVenues.id);
  [venue, otherVenue] = venues.filter((v) => v.org === t.ids.demo.orgId).map((v) => v.id);
  const [north] = await db
    .insert(teachVenues)
    .values({ organizationId: t.ids.north.orgId, name: 'North hall' })
    .returning({ id: teachVenues.id });
  northVenue = north!.id;
  const [term] = await db
    .select({ id: semesters.id })
    .from(semesters)
    .where(eq(semesters.organizationId, t.ids.demo.orgId));
  const lesson = async (
    key: string,
    row: Partial<typeof lessons.$inferInsert> & { day: string; from: string; to: string },
  ) => {
    const { from, to, ...rest } = row;
    const [made] = await db
      .insert(lessons)
      .values({
        organizationId: t.ids.demo.orgId,
        semesterId: term!.id,
        title: `Maths ${key}`,
        teamId: classA,
        teacherId: ids.teacher,
        venueId: venue,
        startsAt: at(`${row.day} ${from}`),
        endsAt: at(`${row.day} ${to}`),
        periodFrom: 1,
        periodTo: 1,
        ...rest,
      })
      .returning({ id: lessons.id });
    L[key] = made!.id;
  };
  await lesson('plain', { day: '2031-03-03', from: '08:00', to: '08:45' });
  await lesson('cancelled', { day: '2031-03-04', from: '08:00', to: '08:45', status: LessonStatus.Cancelled });
  await lesson('moved', {
    day: '2031-03-05',
    from: '10:00',
    to: '10:45',
    periodFrom: 3,
    periodTo: 3,
    venueId: otherVenue,
    status: LessonStatus.Moved,
    movedFrom: { day: '2031-03-04', startsAt: at('2031-03-04 10:00'), endsAt: at('2031-03-04 10:45'), venueId: venue },
  });
  await lesson('substituted', {
    day: '2031-03-06',
    from: '08:00',
    to: '08:45',
    teacherId: ids['wang.fang'],
    originalTeacherId: ids.teacher,
    status: LessonStatus.Substituted,
  });
  await lesson('classB', {
    day: '2031-03-03',
    from: '08:00',
    to: '08:45',
    teamId: classB,
    teacherId: ids['emma.clark'],
  });
  // Next week: outside the range asked for.
  await lesson('later', { day: '2031-03-10', from: '08:00', to: '08:45' });
  // The exam class A sits (in `venue`, Tom invigilating) and homework due on Saturday.
  const paperId = await onePaper(t, tok.academic, { name: 'Calendar paper' });
  examId = ok(
    await t.call<{ id: number }>('POST', '/api/exam/create', {
      token: tok.academic,
      body: {
        name: 'Calendar exam',
        paperId,
        windowStart: at('2031-03-07 09:00').toISOString(),
        windowEnd: at('2031-03-07 11:00').toISOString(),
        durationMinutes: 90,
        teamIds: [classA],
        venueId: venue,
        invigilatorIds: [ids.teacher],
      },
    }),
  ).id;
  ok(await t.call('POST', `/api/exam/publish/${examId}`, { token: tok.academic, body: { acceptWarnings: true } }));
  const homeworkPaper = await onePaper(t, tok.academic, { name: 'Calendar homework', paperType: 6 });
  taskId = ok(
    await t.call<{ id: number }>('POST', '/api/task/create', {
      token: tok.academic,
      body: {
        name: 'Calendar homework',
        taskType: 1,
        rangeType: 2,
        teamIds: [classA],
        paperId: homeworkPaper,
        startTime: at('2031-03-01 08:00').toISOString(),
        dueTime: at('2031-03-08 18:00').toISOString(),
      },
    }),
  ).id;
  ok(await t.call('POST', `/api/task/publish/${taskId}`, { token: tok.academic, body: {} }));
});
afterAll(async () => {
  setClock(null);
  await t.close();
});

const week = (token: string, body: Record<string, unknown>) =>
  t.call<WeekCalendar>('POST', '/api/calendar/week', { token, body: { ...WEEK, ...body } });
const find = (w: WeekCalendar, kind: WeekEntry['kind'], id: number) =>
  w.entries.find((e) => e.kind === kind && e.id === id);
const lessonIds = (w: WeekCalendar) =>
  w.entries
    .filter((e) => e.kind === 'lesson')
    .map((e) => e.id)
    .sort((a, b) => a - b);
const sorted = (...keys: string[]) => keys.map((k) => L[k]!).sort((a, b) => a - b);

describe('who reads which week', () => {
  it('refuses staff views to students, their own included; `me` is theirs', async () => {
    for (const body of [
      { view: 'team', id: classA },
      { view: 'student', id: ids.s2026001 },
      { view: 'student', id: ids.student },
      { view: 'teacher', id: ids.teacher },
      { view: 'venue', id: venue },
    ]) {
      expect((await week(tok.student, body)).code, JSON.stringify(body)).toBe(ResultCode.Forbidden);
    }
    expect(ok(await week(tok.student, { view: 'me' })).subject).toBe('Sam Student');
  });

  it("answers another organisation's ids as not found, both ways", async () => {
    refused(await week(tok.north, { view: 'team', id: classA }), 'notFound');
    refused(await week(tok.north, { view: 'student', id: ids.student }), 'notFound');
    refused(await week(tok.admin, { view: 'venue', id: northVenue }), 'notFound');
    refused(await week(tok.admin, { view: 'team', id: 987_654 }), 'notFound');
  });

  it('refuses a bad request naming the field', async () => {
    refused(await week(tok.academic, { view: 'team' }), 'required', 'id');
    refused(await week(tok.student, { view: 'me', from: '2031-03-03', to: '2031-04-14' }), 'calendarSpanTooLong', 'to');
    refused(await week(tok.student, { view: 'me', from: '2031-03-03', to: '2031-03-02' }), 'endBeforeStart', 'to');
    refused(await week(tok.student, { view: 'me', from: '2031-02-30' }), 'invalidFormat', 'from');
    refused(await week(tok.student, { view: 'me', from: '0001-01-01', to: '0001-01-07' }), 'tooSmall', 'from');
    refused(await week(tok.student, { view: 'me', from: '9999-12-30', to: '9999-12-31' }), 'tooBig', 'from');
    expect((await week(tok.student, { view: 'class' })).code).toBe(ResultCode.InvalidParams);
  });
});

describe("a student's week", () => {
  it('holds their class’s lessons as they stand, their exam and their homework, with the school day', async () => {
    const w = ok(await week(tok.student, { view: 'me' }));
    expect(w).toMatchObject({ timeZone: 'Asia/Shanghai', today: '2031-03-05', from: WEEK.from, to: WEEK.to });
    expect(w.periods).toHaveLength(8);
    expect(w.periods[0]).toEqual({ no: 1, start: '08:00', end: '08:45' });
    expect(lessonIds(w)).toEqual(sorted('plain', 'cancelled', 'moved', 'substituted'));
    expect(find(w, 'lesson', L.cancelled!)?.status).toBe(LessonStatus.Cancelled);
    expect(find(w, 'lesson', L.moved!)).toMatchObject({
      startsAt: at('2031-03-05 10:00').toISOString(),
      status: LessonStatus.Moved,
      movedFrom: { day: '2031-03-04', startsAt: at('2031-03-04 10:00').toISOString(), venueName: expect.any(String) },
      periodFrom: 3,
      teamName: 'Calendar A',
      teacherName: 'Tom Teacher',
    });
    expect(find(w, 'lesson', L.substituted!)).toMatchObject({
      teacherName: '王芳',
      originalTeacherName: 'Tom Teacher',
      handedOver: false,
    });
    expect(find(w, 'exam', examId)).toMatchObject({ title: 'Calendar exam', allDay: false, status: 2 });
    expect(find(w, 'homework', taskId)).toMatchObject({
      title: 'Calendar homework',
      startsAt: at('2031-03-08 18:00').toISOString(),
      endsAt: at('2031-03-08 18:00').toISOString(),
    });
    // Earliest first.
    const starts = w.entries.map((e) => Date.parse(e.startsAt));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it("never shows another class's lessons, exams or homework", async () => {
    const w = ok(await week(tok.s2026001, { view: 'me' }));
    expect(lessonIds(w)).toEqual([L.classB]);
    expect(w.entries.filter((e) => e.kind !== 'lesson')).toEqual([]);
  });
});

describe("a teacher's week", () => {
  it('shows a lesson substituted away as handed over, and the substitute’s as theirs', async () => {
    const mine = ok(await week(tok.teacher, { view: 'me' }));
    expect(lessonIds(mine)).toEqual(sorted('plain', 'cancelled', 'moved', 'substituted'));
    expect(find(mine, 'lesson', L.substituted!)).toMatchObject({
      status: LessonStatus.Substituted,
      handedOver: true,
      teacherName: '王芳',
    });
    // Tom invigilates the exam; homework is not a teacher's to do.
    expect(find(mine, 'exam', examId)).toBeTruthy();
    expect(mine.entries.some((e) => e.kind === 'homework')).toBe(false);
    const substitute = ok(await week(tok['wang.fang'], { view: 'me' }));
    expect(lessonIds(substitute)).toEqual([L.substituted]);
    expect(find(substitute, 'lesson', L.substituted!)?.handedOver).toBe(false);
  });

  it('reads a class, a teacher, a venue and a student for staff', async () => {
    const team = ok(await week(tok.teacher, { view: 'team', id: classA }));
    expect(team.subject).toBe('Calendar A');
    expect(lessonIds(team)).toEqual(sorted('plain', 'cancelled', 'moved', 'substituted'));
    expect(find(team, 'exam', examId)).toBeTruthy();
    expect(find(team, 'homework', taskId)).toBeTruthy();
    const room = ok(await week(tok.academic, { view: 'venue', id: otherVenue }));
    expect(lessonIds(room)).toEqual([L.moved]);
    expect(room.entries.some((e) => e.kind === 'exam')).toBe(false);
    const wang = ok(await week(tok.academic, { view: 'teacher', id: ids['wang.fang'] }));
    expect(lessonIds(wang)).toEqual([L.substituted]);
    const sam = ok(await week(tok.academic, { view: 'student', id: ids.student }));
    expect(sam.entries.map((e) => `${e.kind}${e.id}`).sort()).toEqual(
      ok(await week(tok.student, { view: 'me' }))
        .entries.map((e) => `${e.kind}${e.id}`)
        .sort(),
    );
  });
});

// The feed's address as a path (inject's host is localhost:80).
const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;
async function ics(path: string) {
  const res = await t.app.inject({ method: 'GET', url: path });
  return res;
}
function events(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  return {
    cal,
    byUid: new Map(
      cal.getAllSubcomponents('vevent').map((v) => {
        const e = new ICAL.Event(v);
        return [e.uid, e] as const;
      }),
    ),
  };
}
const createFeed = (token: string, body: object = {}) =>
  t.call<{ url: string; active: boolean }>('POST', '/api/calendar/feed/create', { token, body, headers: ajax });

describe('the iCalendar feed', () => {
  it('parses with ical.js: the moved lesson at its new time, the cancelled one cancelled, exam and homework', async () => {
    const { url, active } = ok(await createFeed(tok.student));
    expect(active).toBe(true);
    expect(url).toMatch(/^http:\/\/localhost:80\/api\/calendar\/ics\/[A-Za-z0-9_-]{43}$/);
    const res = await ics(pathOf(url));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const { cal, byUid } = events(res.body);
    expect(cal.getFirstPropertyValue('x-wr-timezone')).toBe('Asia/Shanghai');
    expect(String(cal.getFirstPropertyValue('x-wr-calname'))).toContain('Sam Student');
    const moved = byUid.get(`lesson-${L.moved}@demo`)!;
    expect(moved.startDate.toJSDate().toISOString()).toBe(at('2031-03-05 10:00').toISOString());
    expect(moved.endDate.toJSDate().toISOString()).toBe(at('2031-03-05 10:45').toISOString());
    expect(moved.description).toContain('Moved from 2031-03-04 10:00');
    const cancelled = byUid.get(`lesson-${L.cancelled}@demo`)!;
    expect(cancelled.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(byUid.get(`lesson-${L.plain}@demo`)!.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(byUid.get(`exam-${examId}@demo`)!.summary).toBe('Exam: Calendar exam');
    expect(byUid.get(`task-${taskId}@demo`)!.startDate.toJSDate().toISOString()).toBe(
      at('2031-03-08 18:00').toISOString(),
    );
    // Next week's lesson is within the 120 days ahead; class B's never.
    expect(byUid.has(`lesson-${L.later}@demo`)).toBe(true);
    expect(byUid.has(`lesson-${L.classB}@demo`)).toBe(false);
    const state = ok(await t.call<{ lastReadAt: string | null }>('POST', '/api/calendar/feed', { token: tok.student }));
    // Read once, on the settable clock (which runs on from NOW).
    expect(Date.parse(state.lastReadAt ?? '') - Date.parse(NOW)).toBeGreaterThanOrEqual(0);
    expect(Date.parse(state.lastReadAt ?? '') - Date.parse(NOW)).toBeLessThan(60_000);
  });

  it("raises SEQUENCE when a lesson changes, and writes the words in the address's language", async () => {
    const { url } = ok(await createFeed(tok.student, { lang: 'zh' }));
    expect(url.endsWith('?lang=zh')).toBe(true);
    const before = events((await ics(pathOf(url))).body).byUid.get(`lesson-${L.cancelled}@demo`)!;
    expect(before.summary.startsWith('已取消')).toBe(true);
    await t.database.db
      .update(lessons)
      .set({ updateTime: sql`${lessons.updateTime} + interval '1 minute'` })
      .where(eq(lessons.id, L.cancelled!));
    const after = events((await ics(pathOf(url))).body).byUid.get(`lesson-${L.cancelled}@demo`)!;
    expect(after.sequence).toBeGreaterThan(before.sequence);
  });

  it("shows a teacher's substituted-away lesson cancelled, and another user's feed never shows mine", async () => {
    const teacher = events((await ics(pathOf(ok(await createFeed(tok.teacher)).url))).body).byUid;
    const handed = teacher.get(`lesson-${L.substituted}@demo`)!;
    expect(handed.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(handed.description).toContain('王芳');
    const other = events((await ics(pathOf(ok(await createFeed(tok.s2026001)).url))).body).byUid;
    expect([...other.keys()]).toEqual([`lesson-${L.classB}@demo`]);
  });

  it('answers a replaced, revoked, unknown or malformed address with the same 404', async () => {
    const first = ok(await createFeed(tok.student)).url;
    const second = ok(await createFeed(tok.student)).url;
    const gone = await ics(pathOf(first));
    expect(gone.statusCode).toBe(404);
    expect((await ics(pathOf(second))).statusCode).toBe(200);
    const revoked = ok(
      await t.call<{ active: boolean }>('POST', '/api/calendar/feed/revoke', { token: tok.student, headers: ajax }),
    );
    expect(revoked.active).toBe(false);
    const afterRevoke = await ics(pathOf(second));
    const unknown = await ics(`/api/calendar/ics/${'A'.repeat(43)}`);
    const malformed = await ics('/api/calendar/ics/not-a-token');
    for (const res of [afterRevoke, unknown, malformed]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(gone.body);
    }
    expect(ok(await t.call<{ active: boolean }>('POST', '/api/calendar/feed', { token: tok.student })).active).toBe(
      false,
    );
  });

  it('keeps one feed per user under parallel creates: only the last address answers', async () => {
    const urls = await Promise.all(Array.from({ length: 10 }, () => createFeed(tok.s2026001).then((r) => ok(r).url)));
    const rows = await t.database.db
      .select({ id: calendarFeeds.id })
      .from(calendarFeeds)
      .where(and(eq(calendarFeeds.organizationId, t.ids.demo.orgId), eq(calendarFeeds.userId, ids.s2026001)));
    expect(rows).toHaveLength(1);
    const codes = await Promise.all(urls.map(async (u) => (await ics(pathOf(u))).statusCode));
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
  });
});
