import {
  AlertRuleKind,
  type AlertsPage,
  type AttendanceStats,
  DayAttendance,
  type DaysPage,
  MarkSource,
  ResultCode,
  type UntakenBoard,
} from '@lyceum/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendanceAlerts, attendanceMarks, attendanceSessions } from '../src/modules/attendance/attendance.table';
import { ALERTS_JOB, checkAlerts } from '../src/modules/attendance/attendance-alerts.service';
import { messageReceipts, messages } from '../src/modules/message/message.table';
import { setClock } from '../src/platform/clock';
import { enqueue } from '../src/platform/jobs';
import { rows } from '../src/platform/sql-rows';
import { buildWeek, NOW, WEEK, type Week } from './attendance-stats-fixture';
import { createTestApp, ok, refused, type TestApp } from './harness';

// Attendance statistics (issue 31) over a hand-made week (attendance-stats-fixture.ts): weighted
// rates with Excused at its weight, streaks of absences, the untaken board and its reminders, the
// daily roll-up by thresholds, the alert rules (once per rule, student and day, also when run twice
// at once), and who reaches what.

let t: TestApp;
let w: Week;
const week = { from: WEEK[0], to: WEEK[4] };
const post = <T>(url: string, token: string, body?: unknown) => t.call<T>('POST', url, { token, body });
const stats = (token: string, body: object) => post<AttendanceStats>('/api/attendance/stats', token, body);
const close = (v: number | null | undefined, expected: number) => expect(v).toBeCloseTo(expected, 6);

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWeek(t);
  setClock(NOW);
});
afterAll(async () => {
  setClock(null);
  await t.close();
});

describe('rates and trends', () => {
  it('weighs each current mark by its status (Excused at its weight) per class, student and day', async () => {
    const s = ok(await stats(w.academic, week));
    // 26 current marks; weights P 1, L 0.5, LE 0.75, E 1, A 0.
    expect(s.total).toMatchObject({ marks: 26, present: 14, late: 2, leftEarly: 1, excused: 1, absent: 8 });
    close(s.total.rate, 16.75 / 26);
    const [a, b] = s.classes;
    expect(a).toMatchObject({ teamId: w.classA, sessions: 6, taken: 6, marks: 18, present: 10, absent: 4, excused: 1 });
    close(a!.rate, 12.75 / 18);
    // Friday's class B lesson has started but is not taken.
    expect(b).toMatchObject({ teamId: w.classB, sessions: 5, taken: 4, marks: 8, present: 4, absent: 4 });
    close(b!.rate, 0.5);
    expect(s.students).toEqual([]);
    expect(s.trend.map((p) => [p.day, p.marks])).toEqual([
      ['2030-03-04', 8],
      ['2030-03-05', 5],
      ['2030-03-06', 5],
      ['2030-03-07', 5],
      ['2030-03-08', 3],
    ]);
    close(s.trend[0]!.rate, 6.5 / 8);
    close(s.trend[4]!.rate, 1.75 / 3);
  });

  it("lists a class's students with rate, kinds and runs of absences (Excused neither extends nor breaks one)", async () => {
    const s = ok(await stats(w.academic, { ...week, teamId: w.classA }));
    expect(s.classes.map((c) => c.teamId)).toEqual([w.classA]);
    const by = Object.fromEntries(s.students.map((x) => [x.userName, x]));
    expect(by.s2026001).toMatchObject({ marks: 6, present: 6, absent: 0, streak: 0, longestStreak: 0, rate: 1 });
    // Mon P P, Tue A, Wed E, Thu A, Fri A.
    expect(by.s2026002).toMatchObject({ marks: 6, present: 2, excused: 1, absent: 3, streak: 3, longestStreak: 3 });
    close(by.s2026002!.rate, 0.5);
    // Thursday: the office's present stands over the teacher's later absent.
    expect(by.s2026003).toMatchObject({ present: 2, late: 2, leftEarly: 1, absent: 1, streak: 0, longestStreak: 1 });
    close(by.s2026003!.rate, 3.75 / 6);
    const one = ok(await stats(w.academic, { ...week, studentId: w.ids.s2026002 }));
    expect(one.students.map((x) => x.userName)).toEqual(['s2026002']);
    expect(one.classes.map((c) => c.teamId)).toEqual([w.classA]);
  });

  it('shows a teacher the sessions they teach and the classes they lead, and nothing else', async () => {
    const own = ok(await stats(w.teacher, week));
    expect(own.classes.map((c) => [c.teamId, c.sessions])).toEqual([[w.classA, 6]]);
    // wang.fang teaches class A's English (not its Maths) and leads class B.
    const wang = ok(await stats(w.wang, { ...week, teamId: w.classA }));
    expect(wang.classes.map((c) => [c.teamId, c.sessions, c.marks])).toEqual([[w.classA, 1, 3]]);
    refused(await stats(w.teacher, { ...week, teamId: w.classB }), 'notYourClass', 'teamId');
    refused(await stats(w.teacher, { ...week, studentId: w.ids.s2026004 }), 'notYourClass', 'studentId');
  });

  it('exports the per-student rates through the export list', async () => {
    const started = ok(await post<{ exportId: number }>('/api/attendance/statsExport', w.academic, week));
    await t.app.jobs.runUntilIdle();
    const sheet = await t.call<unknown[][]>('GET', `/api/export/download/${started.exportId}`, { token: w.academic });
    const header = sheet.response[0] as string[];
    expect(header.slice(0, 3)).toEqual(['Class', 'Student', 'User name']);
    expect(sheet.response).toHaveLength(1 + 5);
    refused(await post('/api/attendance/statsExport', w.student, week), 'forbidden');
  });
});

describe('the untaken board', () => {
  it('lists started, not cancelled lessons without a taken roll call, by teacher; a teacher sees their own', async () => {
    const all = ok(await post<UntakenBoard>('/api/attendance/untaken', w.academic, { day: WEEK[4] }));
    const lessonsOf = (b: UntakenBoard) => b.teachers.flatMap((x) => x.lessons.map((l) => l.lessonId)).sort();
    expect(lessonsOf(all)).toEqual([w.friday.science, w.friday.classB].sort());
    expect(all.teachers.map((x) => x.teacherId).sort()).toEqual([w.ids.teacher, w.ids['wang.fang']].sort());
    const mine = ok(await post<UntakenBoard>('/api/attendance/untaken', w.teacher, {}));
    expect(mine.day).toBe(WEEK[4]);
    expect(lessonsOf(mine)).toEqual([w.friday.science]);
  });

  it('reminds each teacher once per day, however often and however many at once ask', async () => {
    const remind = () =>
      post<{ reminded: number; already: number }>('/api/attendance/remindUntaken', w.academic, { day: WEEK[4] });
    const first = await Promise.all([remind(), remind(), remind()]);
    expect(first.map((r) => ok(r).reminded).reduce((a, b) => a + b, 0)).toBe(2);
    expect(ok(await remind())).toEqual({ reminded: 0, already: 2 });
    const [n] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ${messageReceipts} r join ${messages} m
        on m.organization_id = r.organization_id and m.id = r.message_id where m.notice = 'attendanceUntaken'`,
    );
    expect(n!.n).toBe(2);
    const board = ok(await post<UntakenBoard>('/api/attendance/untaken', w.academic, { day: WEEK[4] }));
    expect(board.teachers.every((x) => x.reminded)).toBe(true);
    refused(await post('/api/attendance/remindUntaken', w.teacher, { day: WEEK[4] }), 'forbidden');
    refused(await post('/api/attendance/remindUntaken', w.academic, { day: '2030-03-09' }), 'afterToday', 'day');
  });
});

describe('the daily roll-up', () => {
  const days = (token: string, body: object) =>
    post<DaysPage>('/api/attendance/days', token, { from: WEEK[1], to: WEEK[1], pageSize: 50, ...body });
  const results = (p: DaysPage) => Object.fromEntries(p.list.map((d) => [d.userName, d.result]));

  it('makes each student’s day full, half or absent by the thresholds, and replaces the day when run again', async () => {
    expect(ok(await post('/api/attendance/rollup', w.academic, { day: WEEK[1] }))).toEqual({
      day: WEEK[1],
      students: 5,
    });
    const { Full, Half, Absent } = DayAttendance;
    let p = ok(await days(w.academic, {}));
    expect(results(p)).toEqual({ s2026001: Full, s2026002: Absent, s2026003: Half, s2026004: Full, s2026005: Absent });
    expect(p.summary).toEqual({ full: 2, half: 1, absent: 2 });
    // Stricter half days, and the office corrects s2026001's Tuesday to absent: the day is replaced.
    ok(await post('/api/attendance/saveThresholds', w.academic, { fullRate: 0.75, halfRate: 0.6 }));
    const [tue] = await t.database.db
      .select({ id: attendanceSessions.id })
      .from(attendanceSessions)
      .where(
        and(eq(attendanceSessions.teamId, w.classA), sql`${attendanceSessions.startsAt}::date = ${WEEK[1]}::date`),
      );
    await t.database.db.insert(attendanceMarks).values({
      organizationId: t.ids.demo.orgId,
      sessionId: tue!.id,
      studentId: w.ids.s2026001!,
      statusId: w.statusOf.A,
      source: MarkSource.Office,
      markedBy: w.ids.academic!,
    });
    await Promise.all([
      post('/api/attendance/rollup', w.academic, { day: WEEK[1] }),
      post('/api/attendance/rollup', w.academic, { day: WEEK[1] }),
    ]);
    p = ok(await days(w.academic, {}));
    expect(results(p)).toEqual({
      s2026001: Absent,
      s2026002: Absent,
      s2026003: Absent,
      s2026004: Full,
      s2026005: Absent,
    });
    expect(p.total).toBe(5);
    // A class teacher reads their class's students only.
    expect(Object.keys(results(ok(await days(w.teacher, {})))).sort()).toEqual(['s2026001', 's2026002', 's2026003']);
    expect(ok(await post('/api/attendance/thresholds', w.teacher))).toEqual({ fullRate: 0.75, halfRate: 0.6 });
  });

  it('refuses thresholds out of order and a day after today, naming the field', async () => {
    refused(
      await post('/api/attendance/saveThresholds', w.academic, { fullRate: 0.5, halfRate: 0.6 }),
      'halfAboveFull',
      'halfRate',
    );
    refused(await post('/api/attendance/saveThresholds', w.teacher, { fullRate: 0.8, halfRate: 0.5 }), 'forbidden');
    refused(await post('/api/attendance/rollup', w.academic, { day: '2030-03-10' }), 'afterToday', 'day');
    expect(ok(await post('/api/attendance/thresholds', w.academic))).toEqual({ fullRate: 0.75, halfRate: 0.6 });
  });
});

describe('alert rules', () => {
  const alertRows = () => t.database.db.select().from(attendanceAlerts).where(eq(attendanceAlerts.day, WEEK[4]));
  const alertNotices = async () =>
    (
      await rows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from ${messages} where notice = 'attendanceAlert'`,
      )
    )[0]!.n;

  it('reports N absences in a row and a low rate to the class teacher, once per rule, student and day', async () => {
    const create = (body: object) => post<{ id: number }>('/api/attendanceAlertRule/create', w.academic, body);
    const streak = ok(await create({ kind: AlertRuleKind.ConsecutiveAbsences, threshold: 3 }));
    const low = ok(await create({ kind: AlertRuleKind.RateBelow, threshold: 60, days: 7 }));
    ok(await create({ kind: AlertRuleKind.RateBelow, threshold: 100, days: 7, enabled: false }));
    // Three runs of Friday at once (two like the job's, one asked for by the office), then the
    // nightly job for Friday (the clock at Saturday night).
    const run = () => t.database.db.transaction((tx) => checkAlerts(tx, t.ids.demo.orgId, WEEK[4]));
    const asked = post<{ alerts: number }>('/api/attendance/checkAlerts', w.academic, { day: WEEK[4] });
    const [one, two, three] = await Promise.all([run(), run(), asked]);
    expect(one + two + ok(three).alerts).toBe(4);
    refused(await post('/api/attendance/checkAlerts', w.teacher, { day: WEEK[4] }), 'forbidden');
    setClock('2030-03-09T03:00:00+08:00');
    await enqueue(t.database.db, { kind: ALERTS_JOB, orgId: null, dedupeKey: 'test:1' });
    await t.app.jobs.runUntilIdle();
    setClock(NOW);
    const found = (await alertRows()).map((a) => `${a.ruleId}:${a.studentId}`).sort();
    expect(found).toEqual(
      [
        `${streak.id}:${w.ids.s2026002}`,
        `${streak.id}:${w.ids.s2026005}`,
        `${low.id}:${w.ids.s2026002}`,
        `${low.id}:${w.ids.s2026005}`,
      ].sort(),
    );
    expect(await alertNotices()).toBe(4);
    // The next day finds the same run and the same low rate: already reported, nothing new.
    expect(await t.database.db.transaction((tx) => checkAlerts(tx, t.ids.demo.orgId, '2030-03-09'))).toBe(0);
    // Each class teacher received theirs: the teacher s2026002's two.
    const inbox = await rows<{ title: string }>(
      t.database.db,
      sql`select m.title from ${messages} m join ${messageReceipts} r on r.organization_id = m.organization_id
        and r.message_id = m.id where m.notice = 'attendanceAlert' and r.user_id = ${w.ids.teacher}`,
    );
    const [s2] = await rows<{ name: string }>(
      t.database.db,
      sql`select real_name as name from users where id = ${w.ids.s2026002}`,
    );
    expect(inbox.map((m) => m.title)).toEqual([1, 2].map(() => `Attendance alert: ${s2!.name}`));
  });

  it('lists the alerts sent: a class teacher their classes’, the office all', async () => {
    const list = (token: string, body: object = {}) => post<AlertsPage>('/api/attendance/alerts', token, body);
    expect(ok(await list(w.academic)).total).toBe(4);
    const mine = ok(await list(w.teacher));
    expect(mine.list.map((a) => a.userName)).toEqual(['s2026002', 's2026002']);
    const streak = mine.list.find((a) => a.kind === AlertRuleKind.ConsecutiveAbsences)!;
    expect(streak).toMatchObject({ streak: 3, day: WEEK[4], teamNames: ['Stats A'] });
    close(mine.list.find((a) => a.kind === AlertRuleKind.RateBelow)!.rate, 0.5);
    expect(ok(await list(w.wang)).list.map((a) => a.userName)).toEqual(['s2026005', 's2026005']);
    refused(await list(w.teacher, { teamId: w.classB }), 'notYourClass', 'teamId');
  });

  it('keeps rules to the settings permission and refuses a rule that has sent alerts from being deleted', async () => {
    const page = await post<{ list: { id: number }[] }>('/api/attendanceAlertRule/page', w.academic, {});
    const first = ok(page).list[0]!.id;
    expect((await post(`/api/attendanceAlertRule/delete/${first}`, w.academic)).message).toMatch(/alerts sent/);
    refused(await post('/api/attendanceAlertRule/page', w.teacher, {}), 'forbidden');
    const bad = await post('/api/attendanceAlertRule/create', w.academic, {
      kind: AlertRuleKind.RateBelow,
      threshold: 0,
    });
    expect(bad.code).toBe(ResultCode.InvalidParams);
    expect(bad.message).toMatch(/^threshold: /);
  });
});

describe('access', () => {
  it('refuses a student every statistics route', async () => {
    for (const [url, body] of [
      ['/api/attendance/untaken', {}],
      ['/api/attendance/stats', week],
      ['/api/attendance/days', week],
      ['/api/attendance/alerts', {}],
      ['/api/attendance/thresholds', undefined],
      ['/api/attendanceAlertRule/page', {}],
    ] as const) {
      refused(await post(url, w.student, body), 'forbidden');
    }
  });

  it("answers another organisation's class, student and rule as not found", async () => {
    const north = await t.login('north', 'admin');
    refused(await stats(north, { ...week, teamId: w.classA }), 'notFound');
    refused(await stats(north, { ...week, studentId: w.ids.s2026002 }), 'notFound');
    const rule = ok(await post<{ list: { id: number }[] }>('/api/attendanceAlertRule/page', w.academic, {})).list[0]!
      .id;
    refused(await post(`/api/attendanceAlertRule/select/${rule}`, north), 'notFound');
    refused(await post('/api/attendance/alerts', north, { ruleId: rule }), 'notFound');
    expect(ok(await post<AlertsPage>('/api/attendance/alerts', north, {})).total).toBe(0);
  });

  it('refuses bad input with 501 naming the field', async () => {
    const bad = async (body: object, field: string) => {
      const res = await stats(w.academic, body);
      expect(res.code, res.message).toBe(ResultCode.InvalidParams);
      expect(res.message).toMatch(new RegExp(`^${field}: `));
    };
    await bad({ from: 'monday', to: WEEK[4] }, 'from');
    await bad({ from: WEEK[4], to: WEEK[0] }, 'to');
    await bad({ from: '2029-01-01', to: '2030-03-08' }, 'to');
    await bad({ ...week, teamId: 'A' }, 'teamId');
  });
});
