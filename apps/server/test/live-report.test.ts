import {
  AttendanceKind,
  CompletionRule,
  LeaveStatus,
  LiveProviderKind,
  LiveRole,
  LessonType as LT,
  MarkSource,
  ParticipationSource,
} from '@lyceum/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendanceMarks, attendanceSessions, leaveRequests } from '../src/modules/attendance/attendance.table';
import { statusesOf } from '../src/modules/attendance/attendance-statuses';
import {
  courseChapters,
  courseEnrolments,
  courseLessons,
  lessonProgress,
  progressLog,
} from '../src/modules/course/course.table';
import { liveJoins } from '../src/modules/live-class/live-class.table';
import { type ParticipantInput, writeReport } from '../src/modules/live-class/live-report';
import { users } from '../src/modules/user/user.table';
import { setClock } from '../src/platform/clock';
import { article, chapter, enrol, lesson, makeCourse, publish, staffContext } from './course-learn-fixture';
import { logins, makeClasses, userIds } from './exam-fixture';
import { ajax, createTestApp, ok, refused, type TestApp } from './harness';

// What a finished live class leaves behind (issue 32): the participants, the derived marks in the
// register (source Live) with people's own marks standing, the course's live lesson attended, the
// report and its CSV, an import, and a teacher's correction.

const MINUTE = 60_000;
// Monday 14 April 2031, 09:00 in Shanghai; an hour long.
const START = Date.parse('2031-04-14T01:00:00Z');
const END = START + 60 * MINUTE;
const at = (min: number) => new Date(START + min * MINUTE);
const S = ['s2026001', 's2026002', 's2026003', 's2026004', 's2026005', 's2026006', 's2026007', 's2026008'] as const;
const PEOPLE = ['academic', 'teacher', 'li.wei', 's2026001', ...S.slice(1)] as const;

let t: TestApp;
let orgId: number;
let tokens: Record<string, string>;
let ids: Record<string, number>;
let liveId: number;
let courseId: number;
let lessonId: number;
let status: Record<number, number>;

const row = (who: string, from: number, minutes: number, role: LiveRole = LiveRole.Viewer): ParticipantInput => ({
  userId: ids[who] as number,
  role,
  firstJoin: at(from),
  lastLeave: at(from + minutes),
  seconds: minutes * 60,
  joins: 1,
  engagement: role === LiveRole.Moderator ? { talks: 3 } : null,
});
// s2026004 never came; s2026006 has a teacher's mark already; s2026005 is on approved leave.
const REPORT = () => [
  row('teacher', -5, 65, LiveRole.Moderator),
  row('s2026001', 0, 55),
  row('s2026002', 15, 50),
  row('s2026003', 0, 20),
  row('s2026005', 0, 60),
  row('s2026007', 1, 58),
  row('academic', 10, 30, LiveRole.Moderator),
];
const report = (rows: ParticipantInput[], source: ParticipationSource = ParticipationSource.Provider, id = liveId) =>
  t.database.db.transaction((tx) => writeReport(tx, orgId, id, rows, source));

async function marksOf(id = liveId) {
  return t.database.db
    .select({
      studentId: attendanceMarks.studentId,
      statusId: attendanceMarks.statusId,
      source: attendanceMarks.source,
    })
    .from(attendanceMarks)
    .innerJoin(attendanceSessions, eq(attendanceSessions.id, attendanceMarks.sessionId))
    .where(eq(attendanceSessions.liveClassId, id))
    .orderBy(attendanceMarks.id);
}

interface Participant {
  userId: number;
  invited: boolean;
  minutes: number;
  percent: number;
  joins: number;
  firstJoin: string | null;
  role: number;
  statusId: number | null;
  markSource: number | null;
  markReason: string | null;
  source: number | null;
}
interface Report {
  liveClass: { id: number; reportAt: string | null };
  participants: Participant[];
  summary: Record<string, number>;
}
const readReport = async (token = tokens.teacher, id = liveId) =>
  t.call<Report>('POST', `/api/liveClass/report/${id}`, { token });
const person = (r: Report, who: string) => r.participants.find((p) => p.userId === ids[who]) as Participant;

async function scheduled(body: Record<string, unknown>): Promise<number> {
  const made = ok(
    await t.call<{ id: number }>('POST', '/api/liveClass/create', {
      token: tokens.academic,
      body: {
        teacherIds: [ids.teacher],
        providerKind: LiveProviderKind.ExternalLink,
        externalUrl: 'https://meet.example.edu/room',
        startsAt: new Date(START).toISOString(),
        endsAt: new Date(END).toISOString(),
        ...body,
      },
    }),
  );
  ok(await t.call('POST', `/api/liveClass/publish/${made.id}`, { token: tokens.academic, body: {} }));
  return made.id;
}

beforeAll(async () => {
  t = await createTestApp();
  orgId = t.ids.demo.orgId;
  tokens = await logins(t, ['academic', 'teacher', 'li.wei', 's2026001']);
  ids = await userIds(t, PEOPLE);
  const [teamA, teamB] = (await makeClasses(t, tokens.academic, 2092, [
    { name: 'Report A', members: S.slice(0, 6).map((s) => ids[s] as number), classTeacherId: ids.teacher },
    { name: 'Report B', members: [ids.s2026008 as number], classTeacherId: ids.teacher },
  ])) as [number, number];
  // A course whose live lesson this class is; s2026007 learns it without being in the class.
  const db = t.database.db;
  courseId = await makeCourse(t, { orgId, code: 'LIVE-R' });
  const [ch] = await db
    .insert(courseChapters)
    .values({ organizationId: orgId, courseId, key: 'ch1', title: 'Week 1' })
    .returning({ id: courseChapters.id });
  const [ls] = await db
    .insert(courseLessons)
    .values({
      organizationId: orgId,
      chapterId: ch!.id,
      key: 'live1',
      title: 'Fractions live',
      lessonType: LT.Live,
      completionRule: CompletionRule.Attended,
    })
    .returning({ id: courseLessons.id });
  lessonId = ls!.id;
  const live = lesson('Fractions live', LT.Live, CompletionRule.Attended, { id: lessonId, key: 'live1' });
  await publish(t, staffContext(t, orgId, ids.academic as number), courseId, {
    chapters: [chapter('Week 1', [live, article('Reading')])],
  });
  await enrol(t, orgId, courseId, [ids.s2026001, ids.s2026002, ids.s2026003, ids.s2026007] as number[]);
  // s2026005's leave was approved before any roll call of the live class existed.
  await db.insert(leaveRequests).values({
    organizationId: orgId,
    studentId: ids.s2026005 as number,
    fromAt: at(-120),
    toAt: at(180),
    reason: 'Dentist',
    status: LeaveStatus.Approved,
    createdBy: ids.s2026005 as number,
    reviewedBy: ids.academic as number,
  });
  const statuses = await statusesOf(db, orgId);
  status = Object.fromEntries(statuses.map((s) => [s.kind, s.id]));
  setClock(START - 24 * 60 * MINUTE);
  liveId = await scheduled({ title: 'Fractions live', teamIds: [teamA], courseId, courseLessonId: lessonId });
  await scheduled({
    title: 'Join-log class',
    teamIds: [teamB],
    startsAt: at(120).toISOString(),
    endsAt: at(180).toISOString(),
  });
  setClock(END + 30 * MINUTE);
});

afterAll(async () => {
  setClock(null);
  await t?.close();
});

describe('a teacher’s correction', () => {
  it('writes a teacher’s mark with the reason kept, for a student of its classes only', async () => {
    const body = {
      studentId: ids.s2026006,
      statusId: status[AttendanceKind.Present],
      reason: 'In the room, camera off',
    };
    const made = ok(
      await t.call<{ markId: number }>('POST', `/api/liveClass/override/${liveId}`, { token: tokens.teacher, body }),
    );
    const [mark] = await t.database.db.select().from(attendanceMarks).where(eq(attendanceMarks.id, made.markId));
    expect(mark).toMatchObject({ source: MarkSource.Teacher, reason: body.reason, markedBy: ids.teacher });
    // A course's learner alone has no roll call; an unknown status, another school's student: refused.
    const call = (b: object, token = tokens.teacher) =>
      t.call('POST', `/api/liveClass/override/${liveId}`, { token, body: { ...body, ...b } });
    refused(await call({ studentId: ids.s2026007 }), 'notInClass', 'studentId');
    refused(await call({ statusId: 999_999_999 }), 'noSuchReference', 'statusId');
    const north = await userIds(t, ['teacher'], 'north');
    refused(await call({ studentId: north.teacher }), 'noSuchReference', 'studentId');
  });

  it('is refused to a teacher who does not teach it, a student and another school', async () => {
    const body = { studentId: ids.s2026001, statusId: status[AttendanceKind.Absent], reason: 'x' };
    const before = (await marksOf()).length;
    refused(await t.call('POST', `/api/liveClass/override/${liveId}`, { token: tokens['li.wei'], body }), 'notFound');
    expect((await t.call('POST', `/api/liveClass/override/${liveId}`, { token: tokens.s2026001, body })).code).toBe(
      403,
    );
    const northTeacher = await t.login('north', 'teacher');
    refused(await readReport(northTeacher), 'notFound');
    refused(await readReport(tokens['li.wei']), 'notFound');
    expect((await readReport(tokens.s2026001)).code).toBe(403);
    expect((await marksOf()).length).toBe(before);
  });
});

describe('the report written', () => {
  it('derives present, late, left early and absent; approved leave and a teacher’s mark stand', async () => {
    await report(REPORT());
    const r = ok(await readReport());
    expect(r.liveClass.reportAt).not.toBeNull();
    const seen = (who: string) => {
      const p = person(r, who);
      return [p.minutes, p.percent, p.statusId, p.markSource];
    };
    expect(seen('s2026001')).toEqual([55, 91, status[AttendanceKind.Present], MarkSource.Live]);
    expect(seen('s2026002')).toEqual([50, 83, status[AttendanceKind.Late], MarkSource.Live]);
    expect(seen('s2026003')).toEqual([20, 33, status[AttendanceKind.LeftEarly], MarkSource.Live]);
    expect(seen('s2026004')).toEqual([0, 0, status[AttendanceKind.Absent], MarkSource.Live]);
    expect(seen('s2026005')).toEqual([60, 100, status[AttendanceKind.Excused], MarkSource.Leave]);
    expect(seen('s2026006')).toEqual([0, 0, status[AttendanceKind.Present], MarkSource.Teacher]);
    expect(person(r, 's2026006').markReason).toBe('In the room, camera off');
    // The course's learner outside the class: minutes, and no roll call to be marked in.
    expect(seen('s2026007')).toEqual([58, 96, null, null]);
    expect(person(r, 'teacher')).toMatchObject({ invited: true, role: LiveRole.Moderator, minutes: 65, percent: 100 });
    expect(person(r, 'academic')).toMatchObject({ invited: false, minutes: 30, source: ParticipationSource.Provider });
    expect(r.summary).toEqual({
      invited: 7,
      attended: 5,
      present: 3,
      late: 1,
      absent: 2,
      averageMinutes: 48.6,
      scheduledMinutes: 60,
    });
  });

  it('marks the course’s live lesson attended at presentPercent, and the enrolment moves', async () => {
    const db = t.database.db;
    const attended = await db
      .select({ userId: lessonProgress.userId })
      .from(lessonProgress)
      .where(and(eq(lessonProgress.lessonId, lessonId), eq(lessonProgress.attended, true)));
    expect(attended.map((a) => a.userId).sort()).toEqual([ids.s2026001, ids.s2026002, ids.s2026007].sort() as number[]);
    const progress = await db
      .select({ userId: courseEnrolments.userId, progress: courseEnrolments.progress })
      .from(courseEnrolments)
      .where(eq(courseEnrolments.courseId, courseId));
    const of = (who: string) => progress.find((p) => p.userId === ids[who])?.progress;
    expect([of('s2026001'), of('s2026007'), of('s2026003')]).toEqual([50, 50, 0]);
  });

  it('changes nothing when the same report comes again', async () => {
    const before = await marksOf();
    const logged = () =>
      t.database.db.select({ n: count() }).from(progressLog).where(eq(progressLog.lessonId, lessonId));
    const [log] = await logged();
    await report(REPORT());
    expect(await marksOf()).toEqual(before);
    const [again] = await logged();
    expect(log?.n).toBe(3);
    expect(again?.n).toBe(log?.n);
    expect(before.filter((m) => m.source === MarkSource.Live)).toHaveLength(4);
  });
});

const post = (url: string, token: string, payload: Buffer | string, query: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, query, headers: { token, 'content-type': 'text/csv', ...ajax }, payload });

describe('the report as CSV', () => {
  it('is UTF-8 with a BOM, headed in the asked language, with formula cells escaped', async () => {
    await t.database.db
      .update(users)
      .set({ realName: '=HYPERLINK("http://x.test")' })
      .where(eq(users.id, ids.s2026004 as number));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/liveClass/report/export/${liveId}`,
      query: { lang: 'zh' },
      headers: { token: tokens.teacher },
    });
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]?.split(',').slice(0, 3)).toEqual(['用户名', '姓名', '角色']);
    const s4 = lines.find((l) => l.startsWith('s2026004,'));
    expect(s4).toContain(`"'=HYPERLINK(""http://x.test"")"`);
    expect(s4).toContain('缺勤');
    // A course learner without a roll call shows what the minutes make of them.
    expect(lines.find((l) => l.startsWith('s2026007,'))).toContain('出勤');
  });
});

describe('an attendance import', () => {
  const url = () => `/api/liveClass/importAttendance/${liveId}`;
  const FILE = [
    '用户名,时长（分钟）,首次进入,最后离开',
    's2026004,40,2031-04-14 09:02:00,2031-04-14 09:42:00',
    'nobody,10,,',
    'S2026004,15,2031-04-14T01:44:00Z,2031-04-14 09:59',
  ].join('\r\n');

  it('matches in a dry run and writes nothing', async () => {
    const before = await marksOf();
    const res = (await post(url(), tokens.teacher, FILE)).json();
    expect(ok(res)).toEqual({ matched: 1, unknown: [{ line: 3, name: 'nobody' }], written: false });
    expect(await marksOf()).toEqual(before);
  });

  it('replaces the report and derives the marks again in one go', async () => {
    const res = (await post(url(), tokens.teacher, `\ufeff${FILE}`, { dryRun: 'false' })).json();
    expect(ok(res)).toMatchObject({ matched: 1, written: true });
    const r = ok(await readReport());
    expect(person(r, 's2026004')).toMatchObject({
      minutes: 55,
      percent: 91,
      source: ParticipationSource.Import,
      statusId: status[AttendanceKind.Present],
      markSource: MarkSource.Live,
    });
    // Local times are the organisation's (Shanghai); the rows of one person add up.
    expect(person(r, 's2026004')).toMatchObject({ joins: 2, firstJoin: '2031-04-14T01:02:00.000Z' });
    // Not in the file: absent now (a new mark beside the old one); the teacher's mark still stands.
    expect(person(r, 's2026001')).toMatchObject({ minutes: 0, statusId: status[AttendanceKind.Absent] });
    expect(person(r, 's2026006')).toMatchObject({ markSource: MarkSource.Teacher });
  });

  it('refuses bad columns naming the line, files over 1 MB, and callers who do not manage it', async () => {
    const bad = async (file: string | Buffer) => (await post(url(), tokens.teacher, file)).json();
    refused(await bad('Name,Duration\nx,1'), 'columnMissing', 'line 1, User name');
    refused(await bad('User name,Minutes\ns2026001,12\ns2026002,abc'), 'cellNotNumber', 'line 3, Minutes');
    refused(await bad('User name,Minutes,First join\ns2026001,12,yesterday'), 'invalidFormat', 'line 2, First join');
    refused(await bad(Buffer.alloc(1024 * 1024 + 1, 'a')), 'fileTooLarge', 'file');
    refused((await post(url(), tokens['li.wei'], FILE)).json(), 'notFound');
    expect((await post(url(), tokens.s2026001, FILE)).json().code).toBe(403);
  });
});

describe('an external link’s join log', () => {
  it('is the report when the class ends: from the first join to the end', async () => {
    const r0 = ok(
      await t.call<{ list: { id: number; title: string }[] }>('POST', '/api/liveClass/page', {
        token: tokens.academic,
        body: { pageIndex: 1, pageSize: 10, keyword: 'Join-log' },
      }),
    );
    const id = r0.list[0]!.id;
    // Joined (the log written as the join writes it) 25 minutes in; ended 50 minutes in.
    await t.database.db.insert(liveJoins).values([
      {
        organizationId: orgId,
        liveClassId: id,
        userId: ids.s2026008 as number,
        role: LiveRole.Viewer,
        createTime: at(145),
      },
      {
        organizationId: orgId,
        liveClassId: id,
        userId: ids.s2026008 as number,
        role: LiveRole.Viewer,
        createTime: at(150),
      },
    ]);
    setClock(at(170).getTime());
    ok(await t.call('POST', `/api/liveClass/end/${id}`, { token: tokens.teacher, body: {} }));
    const r = ok(await readReport(tokens.teacher, id));
    expect(person(r, 's2026008')).toMatchObject({
      minutes: 25,
      percent: 41,
      joins: 2,
      source: ParticipationSource.JoinLog,
      statusId: status[AttendanceKind.LeftEarly],
    });
    const marks = await marksOf(id);
    expect(marks).toEqual([
      { studentId: ids.s2026008, statusId: status[AttendanceKind.LeftEarly], source: MarkSource.Live },
    ]);
  });
});
