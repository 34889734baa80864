import { AttendanceKind, MarkSource } from '@lyceum/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../src/platform/clock';
import {
  type AttendanceWorld,
  addLesson,
  at,
  attendanceWorld,
  DAY,
  HOUR,
  MINUTE,
  MONDAY,
  noticesOf,
  type RosterReply,
  rosterOf,
  statusId,
} from './attendance-fixture';
import { ok, refused } from './harness';

// Statuses, sessions, taking and its log, office overrides, QR check-in and the student's own view
// (issue 31). Lessons are written into the timetable's table; the clock is set, never waited on.

let w: AttendanceWorld;
let lesson1: number; // class A, taught by `teacher` (its class teacher), Monday 09:00
let lesson2: number; // class A, taught by li.wei, Monday 10:00
let lesson3: number; // class B, taught by li.wei, Monday 11:00
let roster: RosterReply;
const START1 = MONDAY + HOUR;

beforeAll(async () => {
  w = await attendanceWorld(['teacher', 'li.wei', 's2026001', 's2026002', 's2026003', 's2026004', 's2026005']);
  lesson1 = await addLesson(w, { teamId: w.teamA, teacherId: w.ids.teacher, startsAt: START1, title: 'Maths' });
  lesson2 = await addLesson(w, { teamId: w.teamA, teacherId: w.ids['li.wei'], startsAt: START1 + HOUR, title: 'Art' });
  lesson3 = await addLesson(w, { teamId: w.teamB, teacherId: w.ids['li.wei'], startsAt: START1 + 2 * HOUR });
});
afterEach(() => setClock(null));
afterAll(() => w.t.close());

const take = (token: string, body: object) =>
  w.t.call<{ changed: number; sessionId: number }>('POST', '/api/attendance/take', { token, body });
const marks = (r: RosterReply, change: Record<number, number>, reasons: Record<number, string> = {}) =>
  r.students.map((s) => ({
    studentId: s.studentId,
    statusId: change[s.studentId] ?? s.statusId,
    ...(reasons[s.studentId] ? { reason: reasons[s.studentId] } : {}),
  }));

describe('statuses', () => {
  it('gives every organisation the five defaults on first use, Present the default', async () => {
    setClock(START1 - 30 * MINUTE);
    roster = await rosterOf(w, w.tokens.teacher, { lessonId: lesson1 });
    expect(roster.statuses.map((s) => s.name)).toEqual(['Present', 'Late', 'Left early', 'Excused', 'Absent']);
    expect(roster.defaultStatusId).toBe(statusId(roster, AttendanceKind.Present));
    expect(roster.students.map((s) => s.prefill)).toEqual(['default', 'default', 'default', 'default']);
    // Listed to every staff member; changed only with the settings permission.
    const listed = ok(
      await w.t.call<unknown[]>('POST', '/api/attendanceStatus/list', { token: w.tokens.teacher, body: {} }),
    );
    expect(listed).toHaveLength(5);
    const denied = await w.t.call('POST', '/api/attendanceStatus/create', {
      token: w.tokens.teacher,
      body: { name: 'Sick', kind: AttendanceKind.Excused },
    });
    expect(denied.code).toBe(403);
  });

  it('moves the default to a new default status, and refuses a weight above 1', async () => {
    const made = ok(
      await w.t.call<{ id: number }>('POST', '/api/attendanceStatus/create', {
        token: w.tokens.academic,
        body: { name: 'On duty', kind: AttendanceKind.Present, weight: 1, isDefault: true, sort: 9 },
      }),
    );
    const list = ok(
      await w.t.call<{ id: number; isDefault: boolean }[]>('POST', '/api/attendanceStatus/list', {
        token: w.tokens.academic,
        body: {},
      }),
    );
    expect(list.filter((s) => s.isDefault).map((s) => s.id)).toEqual([made.id]);
    const back = statusId(roster, AttendanceKind.Present);
    ok(
      await w.t.call('POST', '/api/attendanceStatus/update', {
        token: w.tokens.academic,
        body: { id: back, name: 'Present', kind: AttendanceKind.Present, weight: 1, isDefault: true, sort: 1 },
      }),
    );
    ok(await w.t.call('POST', `/api/attendanceStatus/delete/${made.id}`, { token: w.tokens.academic }));
    const heavy = await w.t.call('POST', '/api/attendanceStatus/create', {
      token: w.tokens.academic,
      body: { name: 'Heavy', kind: AttendanceKind.Present, weight: 1.5 },
    });
    expect(heavy.code).toBe(501);
    expect(heavy.message).toMatch(/^weight: /);
  });
});

describe('sessions and rosters', () => {
  it("lists a teacher's lessons and their classes' with what they may take", async () => {
    setClock(START1 - 10 * MINUTE);
    type Summary = { lessonId: number; canTake: boolean; unmarked: number; students: number };
    const mine = ok(
      await w.t.call<Summary[]>('POST', '/api/attendance/sessions', {
        token: w.tokens.teacher,
        body: { day: '2031-03-03' },
      }),
    );
    const byLesson = new Map(mine.map((s) => [s.lessonId, s]));
    expect(byLesson.get(lesson1)).toMatchObject({ canTake: true, students: 4, unmarked: 4 });
    // Class A's other lesson is theirs to see (they lead the class), not to take; class B's is not theirs.
    expect(byLesson.get(lesson2)?.canTake).toBe(false);
    expect(byLesson.has(lesson3)).toBe(false);
    refused(
      await w.t.call('POST', '/api/attendance/sessions', {
        token: w.tokens.teacher,
        body: { day: '2031-03-03', scope: 'all' },
      }),
      'forbidden',
    );
    const all = ok(
      await w.t.call<Summary[]>('POST', '/api/attendance/sessions', {
        token: w.tokens.academic,
        body: { day: '2031-03-03', scope: 'all' },
      }),
    );
    expect(all.map((s) => s.lessonId)).toEqual(expect.arrayContaining([lesson1, lesson2, lesson3]));
    const bad = await w.t.call('POST', '/api/attendance/sessions', {
      token: w.tokens.teacher,
      body: { from: '2031-03-03', to: '2031-05-03' },
    });
    expect(bad.message).toMatch(/^to: /);
  });

  it("keeps another class's roster from a teacher who neither teaches nor leads it", async () => {
    refused(
      await w.t.call('POST', '/api/attendance/roster', { token: w.tokens.teacher, body: { lessonId: lesson3 } }),
      'notFound',
    );
    refused(
      await w.t.call('POST', '/api/attendance/roster', { token: w.tokens['li.wei'], body: { lessonId: lesson1 } }),
      'notFound',
    );
    // The class teacher reads the lesson another teacher gives their class, and may not take it.
    const art = await rosterOf(w, w.tokens.teacher, { lessonId: lesson2 });
    expect(art.session.canTake).toBe(false);
    refused(await take(w.tokens.teacher, { lessonId: lesson2, marks: marks(art, {}) }), 'notYourLesson');
    const both = await w.t.call('POST', '/api/attendance/roster', {
      token: w.tokens.teacher,
      body: { lessonId: lesson1, sessionId: 1 },
    });
    expect(both.message).toMatch(/^lessonId: /);
  });
});

describe('taking attendance', () => {
  it('opens a quarter of an hour before the lesson and refuses bad marks naming the field', async () => {
    setClock(START1 - 20 * MINUTE);
    refused(await take(w.tokens.teacher, { lessonId: lesson1, marks: marks(roster, {}) }), 'attendanceNotOpen');
    setClock(START1 + 5 * MINUTE);
    const excused = statusId(roster, AttendanceKind.Excused);
    const absent = statusId(roster, AttendanceKind.Absent);
    const [a] = roster.students;
    const outsider = await take(w.tokens.teacher, {
      lessonId: lesson1,
      marks: [{ studentId: w.ids.s2026005, statusId: absent }],
    });
    expect(outsider.message).toMatch(/^marks\.0\.studentId: /);
    const noReason = await take(w.tokens.teacher, {
      lessonId: lesson1,
      marks: marks(roster, { [a!.studentId]: excused }),
    });
    expect(noReason.message).toMatch(/^marks\.0\.reason: /);
    refused(noReason, 'reasonRequired', 'marks.0.reason');
    const log = ok(
      await w.t.call<unknown[]>('POST', `/api/attendance/log/${roster.session.sessionId}`, { token: w.tokens.teacher }),
    );
    expect(log).toEqual([]);
  });

  it('writes one mark per changed student, tells the absent once, and keeps every mark in the log', async () => {
    setClock(START1 + 5 * MINUTE);
    const [a, b, c] = roster.students.map((s) => s.studentId) as [number, number, number];
    const absent = statusId(roster, AttendanceKind.Absent);
    const late = statusId(roster, AttendanceKind.Late);
    const first = ok(await take(w.tokens.teacher, { lessonId: lesson1, marks: marks(roster, { [b]: absent }) }));
    expect(first.changed).toBe(4);
    expect(await noticesOf(w, b, 'absenceNotice')).toBe(1);
    // The same marks again: nothing new; b now late, c absent: two marks; b is not told again.
    expect(
      ok(await take(w.tokens.teacher, { sessionId: first.sessionId, marks: marks(roster, { [b]: absent }) })).changed,
    ).toBe(0);
    setClock(START1 + 30 * MINUTE);
    const second = ok(
      await take(w.tokens.teacher, { sessionId: first.sessionId, marks: marks(roster, { [b]: late, [c]: absent }) }),
    );
    expect(second.changed).toBe(2);
    expect(await noticesOf(w, b, 'absenceNotice')).toBe(1);
    expect(await noticesOf(w, c, 'absenceNotice')).toBe(1);
    expect(await noticesOf(w, a, 'absenceNotice')).toBe(0);
    type Entry = { studentId: number; statusId: number; source: number; markedByName: string; current: boolean };
    const log = ok(
      await w.t.call<Entry[]>('POST', `/api/attendance/log/${first.sessionId}`, { token: w.tokens.teacher }),
    );
    expect(log.filter((e) => e.studentId === b).map((e) => [e.statusId, e.current])).toEqual([
      [absent, false],
      [late, true],
    ]);
    expect(log.every((e) => e.source === MarkSource.Teacher && e.markedByName === 'Tom Teacher')).toBe(true);
    expect(log).toHaveLength(6);
  });

  it("lets an office mark stand over the teacher's, before and after, and shows it", async () => {
    setClock(START1 + 40 * MINUTE);
    const [a] = roster.students.map((s) => s.studentId) as [number];
    const absent = statusId(roster, AttendanceKind.Absent);
    const lateId = statusId(roster, AttendanceKind.Late);
    const office = ok(
      await take(w.tokens.academic, { lessonId: lesson1, marks: [{ studentId: a, statusId: absent }] }),
    );
    expect(office.changed).toBe(1);
    // The teacher marks a late afterwards: logged, but the office's mark stays current.
    const later = ok(await take(w.tokens.teacher, { lessonId: lesson1, marks: [{ studentId: a, statusId: lateId }] }));
    expect(later.changed).toBe(1);
    const now = await rosterOf(w, w.tokens.teacher, { lessonId: lesson1 });
    const row = now.students.find((s) => s.studentId === a);
    expect(row?.current).toMatchObject({ source: MarkSource.Office, statusId: absent, overridesTeacher: true });
    const log = ok(
      await w.t.call<{ studentId: number; source: number; current: boolean }[]>(
        'POST',
        `/api/attendance/log/${office.sessionId}`,
        {
          token: w.tokens.academic,
        },
      ),
    );
    expect(log.filter((e) => e.studentId === a).map((e) => [e.source, e.current])).toEqual([
      [MarkSource.Teacher, false],
      [MarkSource.Office, true],
      [MarkSource.Teacher, false],
    ]);
  });

  it('closes a week after the lesson for the teacher, never for the office', async () => {
    setClock(START1 + 8 * DAY);
    const present = statusId(roster, AttendanceKind.Present);
    const [, , , d] = roster.students.map((s) => s.studentId) as [number, number, number, number];
    refused(
      await take(w.tokens.teacher, {
        lessonId: lesson1,
        marks: [{ studentId: d, statusId: statusId(roster, AttendanceKind.Absent) }],
      }),
      'attendanceClosed',
    );
    ok(await take(w.tokens.academic, { lessonId: lesson1, marks: [{ studentId: d, statusId: present }] }));
    // A status some mark uses stays.
    const gone = await w.t.call('POST', `/api/attendanceStatus/delete/${statusId(roster, AttendanceKind.Absent)}`, {
      token: w.tokens.academic,
    });
    refused(gone, 'usedBy');
  });
});

describe('ad hoc roll calls', () => {
  it("are made by the class's teachers and academic staff only", async () => {
    const body = { teamId: w.teamA, title: 'Assembly', startsAt: at(MONDAY + 5 * HOUR), endsAt: at(MONDAY + 6 * HOUR) };
    const made = ok(
      await w.t.call<{ sessionId: number; lessonId: null }>('POST', '/api/attendance/session/create', {
        token: w.tokens.teacher,
        body,
      }),
    );
    expect(made.lessonId).toBeNull();
    // Class B is neither led nor taught by `teacher`; li.wei teaches it, so may call its roll.
    ok(
      await w.t.call('POST', '/api/attendance/session/create', {
        token: w.tokens['li.wei'],
        body: { ...body, teamId: w.teamB },
      }),
    );
    refused(
      await w.t.call('POST', '/api/attendance/session/create', {
        token: w.tokens.teacher,
        body: { ...body, teamId: w.teamB },
      }),
      'notYourClass',
      'teamId',
    );
    const backwards = await w.t.call('POST', '/api/attendance/session/create', {
      token: w.tokens.teacher,
      body: { ...body, endsAt: body.startsAt },
    });
    expect(backwards.message).toMatch(/^endsAt: /);
  });
});

describe('QR check-in', () => {
  type Code = { code: string; url: string; expiresAt: string };
  const checkIn = (token: string, sessionId: number, code: string, device = 'phone-1') =>
    w.t.call<{ kind: number; source: number; kept: boolean }>('POST', '/api/attendance/checkIn', {
      token,
      body: { sessionId, code },
      headers: { cookie: `lyceum_device=${device}` },
    });

  it('takes the current code from a student of the class, late after ten minutes, one student per login and device', async () => {
    const start = MONDAY + DAY + HOUR;
    const lesson = await addLesson(w, { teamId: w.teamA, teacherId: w.ids.teacher, startsAt: start });
    const other = await addLesson(w, { teamId: w.teamA, teacherId: w.ids.teacher, startsAt: start + HOUR });
    setClock(start - 5 * MINUTE);
    const r = await rosterOf(w, w.tokens.teacher, { lessonId: lesson });
    const o = await rosterOf(w, w.tokens.teacher, { lessonId: other });
    const id = r.session.sessionId;
    // Closed until the teacher opens it.
    refused(await checkIn(w.tokens.s2026001, id, 'AAAAAAAAAA'), 'checkInClosed', 'code');
    const qr = ok(await w.t.call<Code>('POST', `/api/attendance/qr/${id}`, { token: w.tokens.teacher, body: {} }));
    expect(qr.url).toBe(`/study/checkIn?s=${id}&c=${qr.code}`);
    refused(await w.t.call('POST', `/api/attendance/qr/${id}`, { token: w.tokens['li.wei'], body: {} }), 'notFound');
    // Not yet the other lesson's teacher's time: the office opens it.
    refused(
      await w.t.call('POST', `/api/attendance/qr/${o.session.sessionId}`, { token: w.tokens.teacher, body: {} }),
      'attendanceNotOpen',
    );
    const otherQr = ok(
      await w.t.call<Code>('POST', `/api/attendance/qr/${o.session.sessionId}`, { token: w.tokens.academic, body: {} }),
    );
    // Another session's code, and a made-up one, name the code.
    refused(await checkIn(w.tokens.s2026001, id, otherQr.code), 'checkInCode', 'code');
    refused(await checkIn(w.tokens.s2026001, id, 'ABCDEFGHIJ'), 'checkInCode', 'code');
    const first = ok(await checkIn(w.tokens.s2026001, id, qr.code));
    expect(first).toMatchObject({ kind: AttendanceKind.Present, source: MarkSource.QrCheckIn, kept: false });
    // The same phone, now logged in as a friend, cannot check the friend in.
    refused(await checkIn(w.tokens.s2026002, id, qr.code, 'phone-1'), 'checkInOtherStudent');
    // A student of another class does not learn the session exists.
    refused(await checkIn(w.tokens.s2026005, id, qr.code, 'phone-5'), 'notFound');
    // The previous window's code still counts; two windows on, it does not.
    setClock(Date.parse(qr.expiresAt) + 5_000);
    ok(await checkIn(w.tokens.s2026003, id, qr.code, 'phone-3'));
    setClock(Date.parse(qr.expiresAt) + 20_000);
    refused(await checkIn(w.tokens.s2026002, id, qr.code, 'phone-2'), 'checkInCode', 'code');
    // After ten minutes a fresh code makes the student late.
    setClock(start + 12 * MINUTE);
    const now = ok(await w.t.call<Code>('POST', `/api/attendance/qr/${id}`, { token: w.tokens.teacher, body: {} }));
    expect(ok(await checkIn(w.tokens.s2026002, id, now.code, 'phone-2')).kind).toBe(AttendanceKind.Late);
    // After the lesson, even the current code is refused.
    setClock(start + 50 * MINUTE);
    const after = ok(await w.t.call<Code>('POST', `/api/attendance/qr/${id}`, { token: w.tokens.teacher, body: {} }));
    refused(await checkIn(w.tokens.s2026004, id, after.code, 'phone-4'), 'checkInClosed', 'code');
    // The teacher's take stands over the check-ins where it differs; the log keeps both.
    const absent = statusId(r, AttendanceKind.Absent);
    ok(await take(w.tokens.teacher, { sessionId: id, marks: [{ studentId: w.ids.s2026003, statusId: absent }] }));
    const marked = await rosterOf(w, w.tokens.teacher, { sessionId: id });
    expect(marked.students.find((x) => x.studentId === w.ids.s2026003)?.current).toMatchObject({
      source: MarkSource.Teacher,
      statusId: absent,
    });
    type Entry = { studentId: number; source: number; evidence: Record<string, unknown> | null };
    const log = ok(await w.t.call<Entry[]>('POST', `/api/attendance/log/${id}`, { token: w.tokens.teacher }));
    const qrMarks = log.filter((e) => e.source === MarkSource.QrCheckIn);
    expect(qrMarks.map((e) => e.studentId).sort()).toEqual([w.ids.s2026001, w.ids.s2026002, w.ids.s2026003].sort());
    expect(qrMarks[0]?.evidence).toMatchObject({
      login: expect.any(String),
      device: expect.any(String),
      window: expect.any(Number),
    });
  });
});

describe("the student's own record", () => {
  it('shows their sessions with their current marks and rates, and nobody else’s', async () => {
    setClock(MONDAY + 3 * DAY);
    type Mine = {
      sessions: { lessonId: number | null; kind: number | null }[];
      rates: { marked: number; rate: number | null };
    };
    const range = { from: '2031-03-03', to: '2031-03-05' };
    // The second student of the roster was marked late in lesson 1 (above).
    const b = roster.students[1]?.studentId;
    const name = (Object.keys(w.ids) as (keyof typeof w.ids)[]).find((k) => w.ids[k] === b) as keyof typeof w.tokens;
    const mine = ok(await w.t.call<Mine>('POST', '/api/attendance/mine', { token: w.tokens[name], body: range }));
    expect(mine.sessions.find((s) => s.lessonId === lesson1)?.kind).toBe(AttendanceKind.Late);
    expect(mine.rates.marked).toBeGreaterThan(0);
    const other = ok(await w.t.call<Mine>('POST', '/api/attendance/mine', { token: w.tokens.s2026005, body: range }));
    expect(other.sessions.map((s) => s.lessonId)).not.toContain(lesson1);
    expect(
      (await w.t.call('POST', '/api/attendance/roster', { token: w.tokens[name], body: { lessonId: lesson1 } })).code,
    ).toBe(403);
  });
});
