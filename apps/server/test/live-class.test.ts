import {
  type LiveClassRow,
  LiveClassStatus,
  LivePhase,
  LiveProviderKind,
  type LiveProviderRow,
  LiveRole,
  MessageAssociation,
  type MyLiveClass,
  ResultCode,
  type StudentPortal,
  type WeekCalendar,
} from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { semesters } from '../src/modules/calendar/calendar.table';
import { feedText } from '../src/modules/calendar-view/calendar-ics';
import { liveProviders } from '../src/modules/live-class/live-class.table';
import { onLiveEnded } from '../src/modules/live-class/live-events';
import { messageReceipts, messages } from '../src/modules/message/message.table';
import { bookLesson } from '../src/modules/timetable/lesson-booking';
import { lessons } from '../src/modules/timetable/timetable.table';
import { setClock } from '../src/platform/clock';
import { chapter, createCourse, lesson, readCourse } from './course-fixture';
import { logins, makeClasses, onePaper, userIds } from './exam-fixture';
import { createTestApp, ok, refused, type TestApp } from './harness';
import { type FakeBbb, startFakeBbb } from './support/fake-bbb';

// Live classes (issue 32), the resource and its actions: who may make, read and change which, the
// rules of a change, the clash engine (a teacher's lesson or exam, a class's lesson, another live
// class), the notices, the member's list and portal, the calendars, and the organisation's servers
// (secrets never read back). Joining and the session are live-session.test.ts's.

const PEOPLE = ['academic', 'teacher', 'wang.fang', 'student', 's2026001'] as const;
// Monday 5 May 2031, 08:00 in Shanghai (the demo's zone); the classes are on Tuesday and Wednesday.
const NOW = '2031-05-05T00:00:00Z';
const slot = (day: number, hourUtc: number) => ({
  startsAt: `2031-05-0${day}T${String(hourUtc).padStart(2, '0')}:00:00.000Z`,
  endsAt: `2031-05-0${day}T${String(hourUtc + 1).padStart(2, '0')}:00:00.000Z`,
});

let t: TestApp;
let fake: FakeBbb;
let tok: Record<string, string>;
let ids: Record<string, number>;
let north: string;
let classA: number;
let classB: number;
let orgId: number;

const call = <T>(who: string, path: string, body?: unknown) =>
  t.call<T>('POST', path, { token: tok[who] ?? who, ...(body === undefined ? {} : { body }) });

// A draft of Tom's for class A, an external link unless told otherwise.
const draft = (over: Record<string, unknown> = {}, who = 'teacher') =>
  call<LiveClassRow>(who, '/api/liveClass/create', {
    title: 'Fractions live',
    teamIds: [classA],
    teacherIds: [ids.teacher],
    ...slot(6, 2),
    providerKind: LiveProviderKind.ExternalLink,
    externalUrl: 'https://meet.example.edu/fractions',
    ...over,
  });
const publish = (id: number, who = 'teacher') => call<LiveClassRow>(who, `/api/liveClass/publish/${id}`, {});

// A lesson written straight into the timetable and booked, as the timetable's own save does.
async function bookedLesson(
  title: string,
  teamId: number,
  teacherId: number,
  at: { startsAt: string; endsAt: string },
) {
  const db = t.database.db;
  const [term] = await db.select({ id: semesters.id }).from(semesters).where(eq(semesters.organizationId, orgId));
  const startsAt = new Date(at.startsAt);
  const endsAt = new Date(at.endsAt);
  const [made] = await db
    .insert(lessons)
    .values({
      organizationId: orgId,
      semesterId: term!.id,
      title,
      teamId,
      teacherId,
      startsAt,
      endsAt,
      day: at.startsAt.slice(0, 10),
    })
    .returning({ id: lessons.id });
  await bookLesson(db, orgId, made!.id, { teacherId, assistantId: null, venueId: null, teamId, startsAt, endsAt });
}

async function noticed(id: number, notice: string): Promise<number[]> {
  const rows = await t.database.db
    .select({ userId: messageReceipts.userId })
    .from(messages)
    .innerJoin(messageReceipts, eq(messageReceipts.messageId, messages.id))
    .where(
      and(
        eq(messages.associationType, MessageAssociation.LiveClass),
        eq(messages.associationId, id),
        eq(messages.notice, notice),
      ),
    );
  return rows.map((r) => r.userId).sort((a, b) => a - b);
}

beforeAll(async () => {
  t = await createTestApp();
  fake = await startFakeBbb();
  setClock(NOW);
  orgId = t.ids.demo.orgId;
  tok = await logins(t, PEOPLE);
  ids = await userIds(t, PEOPLE);
  north = await t.login('north', 'admin');
  [classA, classB] = (await makeClasses(t, tok.academic!, 2092, [
    { name: 'Live A', members: [ids.student!], classTeacherId: ids.teacher },
    { name: 'Live B', members: [ids.s2026001!], classTeacherId: ids['wang.fang'] },
  ])) as [number, number];
});
afterAll(async () => {
  setClock(null);
  await fake.close();
  await t.close();
});

describe('making and changing a live class', () => {
  it('makes a draft with its meeting kept on the server, and checks teachers, classes and lessons', async () => {
    const made = ok(await draft());
    expect(made).toMatchObject({ status: LiveClassStatus.Draft, phase: LivePhase.Draft, teamNames: ['Live A'] });
    expect(made).toMatchObject({ teacherNames: ['Tom Teacher'], createdBy: ids.teacher, manageable: true });
    expect(made).not.toHaveProperty('meetingId');
    expect(made).not.toHaveProperty('moderatorPw');
    refused(await draft({ teacherIds: [ids.student] }), 'notATeacher', 'teacherIds.0');
    // Tom leads class A, not B: without liveClass:all a teacher reaches only their own classes.
    refused(await draft({ teamIds: [classB] }), 'notYourClass', 'teamIds.0');
    refused(await draft({ teamIds: [], courseLessonId: null }), 'liveNoAudience', 'teamIds');
    refused(await draft({ endsAt: slot(6, 2).startsAt }), 'endBeforeStart', 'endsAt');
    // Another organisation's classes and teachers are not there.
    const theirs = await draft({}, north);
    expect(theirs.code).toBe(ResultCode.InvalidParams);
    expect(theirs.error?.key).toBe('noSuchReference');
  });

  it("takes a course's live lesson only, and a teacher only a course they teach", async () => {
    const course = await createCourse(t, tok.academic!, {
      chapters: [
        chapter('Week 1', [
          { key: 'live-1', title: 'Live fractions', lessonType: 5, completionRule: 5 },
          lesson.article('Reading'),
        ]),
      ],
    });
    const [live, reading] = (await readCourse(t, tok.academic!, course.id)).chapters![0]!.lessons;
    const body = { courseId: course.id, courseLessonId: reading!.id, teamIds: [] };
    refused(await draft(body, 'academic'), 'notLiveLesson', 'courseLessonId');
    const made = ok(await draft({ ...body, courseLessonId: live!.id }, 'academic'));
    expect(made).toMatchObject({ courseTitle: 'Course', lessonTitle: 'Live fractions', teamNames: [] });
    refused(await draft({ ...body, courseLessonId: live!.id }), 'notYourCourse', 'courseId');
  });

  it('changes a draft freely, a scheduled class until it starts (telling its people), and deletes drafts only', async () => {
    const id = ok(await draft({ title: 'To move', ...slot(8, 2) })).id;
    const moved = { title: 'Moved', teamIds: [classA], teacherIds: [ids.teacher], providerKind: 2 };
    const edit = (at: { startsAt: string; endsAt: string }) =>
      call<LiveClassRow>('teacher', '/api/liveClass/update', {
        id,
        ...moved,
        ...at,
        externalUrl: 'https://x.example/a',
      });
    expect(ok(await edit(slot(8, 3))).title).toBe('Moved');
    ok(await publish(id));
    ok(await edit(slot(8, 4)));
    expect(await noticed(id, 'liveChanged')).toEqual([ids.student, ids.teacher].sort((a, b) => a - b));
    refused(await call('teacher', `/api/liveClass/delete/${id}`), 'liveDeleteDrafts');
    setClock('2031-05-08T04:30:00Z');
    refused(await edit(slot(8, 5)), 'liveStarted', 'status');
    setClock(NOW);
    const gone = ok(await draft({ title: 'Gone', ...slot(9, 2) })).id;
    expect(ok(await call<{ deleted: number }>('teacher', `/api/liveClass/delete/${gone}`)).deleted).toBe(1);
  });
});

describe('who reaches which live class', () => {
  it('keeps a teacher to the ones they teach or made; academic staff see all; students and other schools none', async () => {
    const id = ok(await draft({ title: 'Tom only', ...slot(9, 4) })).id;
    expect((await call('wang.fang', `/api/liveClass/select/${id}`)).message).toMatch(/not found/);
    const update = { id, title: 'Taken', teamIds: [classA], teacherIds: [ids.teacher], ...slot(9, 4) };
    const taken = await call('wang.fang', '/api/liveClass/update', {
      ...update,
      providerKind: 2,
      externalUrl: 'https://x.example',
    });
    expect(taken.message).toMatch(/not found/);
    expect((await call('wang.fang', `/api/liveClass/cancel/${id}`, {})).message).toMatch(/not found/);
    const page = (who: string) =>
      call<{ list: LiveClassRow[] }>(who, '/api/liveClass/page', { pageIndex: 1, pageSize: 50 });
    expect(ok(await page('wang.fang')).list.map((r) => r.id)).not.toContain(id);
    expect(ok(await page('academic')).list.find((r) => r.id === id)?.manageable).toBe(true);
    const filtered = (filter: object) =>
      call<{ list: LiveClassRow[] }>('academic', '/api/liveClass/page', { pageIndex: 1, pageSize: 50, ...filter })
        .then(ok)
        .then((p) => p.list.map((r) => r.id));
    // Days in the organisation's zone: 12:00 on the 9th in Shanghai.
    expect(await filtered({ from: '2031-05-09', to: '2031-05-09', teacherId: ids.teacher, teamId: classA })).toContain(
      id,
    );
    expect(await filtered({ from: '2031-05-10' })).not.toContain(id);
    expect(await filtered({ teacherId: ids['wang.fang'] })).not.toContain(id);
    expect((await page('student')).code).toBe(ResultCode.Forbidden);
    expect((await call(north, `/api/liveClass/select/${id}`)).message).toMatch(/not found/);
    expect((await call(north, `/api/liveClass/publish/${id}`, {})).message).toMatch(/not found/);
  });
});

describe('the clash engine', () => {
  it("refuses the teacher's lesson or exam and the class's lesson, and frees the time on cancel", async () => {
    await bookedLesson('Maths', classB, ids.teacher!, slot(6, 2));
    await bookedLesson('History', classA, ids['wang.fang']!, slot(6, 6));
    const paperId = await onePaper(t, tok.academic!, { name: 'Live clash paper' });
    const examId = ok(
      await call<{ id: number }>('academic', '/api/exam/create', {
        name: 'Clash exam',
        paperId,
        windowStart: slot(6, 4).startsAt,
        windowEnd: slot(6, 4).endsAt,
        durationMinutes: 60,
        teamIds: [classB],
        invigilatorIds: [ids.teacher],
      }),
    ).id;
    ok(await call('academic', `/api/exam/publish/${examId}`, { acceptWarnings: true }));

    const overLesson = await publish(ok(await draft(slot(6, 2))).id);
    refused(overLesson, 'clashesWithLesson', 'teacherIds');
    expect(overLesson.message).toContain('Maths · Live B');
    const overExam = await publish(ok(await draft(slot(6, 4))).id);
    refused(overExam, 'clashesWithExam', 'teacherIds');
    expect(overExam.message).toContain('Clash exam');
    refused(await publish(ok(await draft(slot(6, 6))).id), 'clashesWithLesson', 'teamIds');

    const first = ok(await draft({ title: 'First', ...slot(7, 2) })).id;
    expect(ok(await publish(first)).status).toBe(LiveClassStatus.Scheduled);
    const second = ok(await draft({ title: 'Second', ...slot(7, 2) })).id;
    const clash = await publish(second);
    refused(clash, 'clashesWithLiveClass', 'teacherIds');
    expect(clash.message).toContain('First');
    const cancelled = ok(await call<LiveClassRow>('teacher', `/api/liveClass/cancel/${first}`, { reason: 'Ill' }));
    expect(cancelled).toMatchObject({ status: LiveClassStatus.Cancelled, cancelReason: 'Ill' });
    expect(await noticed(first, 'liveCancelled')).toEqual([ids.student, ids.teacher].sort((a, b) => a - b));
    expect(ok(await publish(second)).status).toBe(LiveClassStatus.Scheduled);
  });
});

describe('the people it is for', () => {
  let id: number;
  beforeAll(async () => {
    id = ok(await draft({ title: 'For class A', ...slot(9, 6), joinOpensMinutes: 10 })).id;
    ok(await publish(id));
  });
  const mine = (who: string, when = 'upcoming') =>
    call<MyLiveClass[]>(who, '/api/liveClass/mine', { when, limit: 50 }).then(ok);

  it('tells the students of its classes and its teachers, and nobody else', async () => {
    expect(await noticed(id, 'liveScheduled')).toEqual([ids.student, ids.teacher].sort((a, b) => a - b));
  });

  it("lists it to the class's student and its teacher (the portal too), joinable once the window opens", async () => {
    const seen = (await mine('student')).find((l) => l.id === id);
    expect(seen).toMatchObject({ phase: LivePhase.Scheduled, canJoin: false, role: LiveRole.Viewer });
    expect(seen?.teacherNames).toEqual(['Tom Teacher']);
    expect((await mine('s2026001')).map((l) => l.id)).not.toContain(id);
    expect((await mine('teacher')).find((l) => l.id === id)?.role).toBe(LiveRole.Moderator);
    const portal = ok(await call<StudentPortal>('student', '/api/dashboard/student', {}));
    expect(portal.live.map((l) => l.id)).toContain(id);
    setClock('2031-05-09T05:55:00Z');
    expect((await mine('student')).find((l) => l.id === id)).toMatchObject({ phase: LivePhase.Open, canJoin: true });
    setClock(NOW);
  });

  it("puts it in the class's and the student's week and in the student's calendar feed", async () => {
    const week = (who: string, body: object) =>
      call<WeekCalendar>(who, '/api/calendar/week', { from: '2031-05-05', to: '2031-05-11', ...body }).then(ok);
    const entry = (await week('student', { view: 'me' })).entries.find((e) => e.kind === 'liveClass' && e.id === id);
    expect(entry).toMatchObject({ title: 'For class A', teamName: 'Live A', teacherName: 'Tom Teacher' });
    expect((await week('academic', { view: 'team', id: classA })).entries.some((e) => e.id === id)).toBe(true);
    expect((await week('s2026001', { view: 'me' })).entries.some((e) => e.kind === 'liveClass')).toBe(false);
    const owner = { feedId: 0, orgId, userId: ids.student!, realName: 'Sam', domain: 'demo', school: 'Demo' };
    const text = await feedText(t.database.db, owner, 'en', new Date(NOW));
    expect(text).toContain(`UID:liveClass-${id}@demo`);
    expect(text).toContain('SUMMARY:Live class: For class A');
  });
});

describe("the organisation's servers", () => {
  const save = (path: string, body: object) => call<LiveProviderRow>('academic', `/api/liveProvider/${path}`, body);
  const sealed = async (id: number) =>
    (
      await t.database.db.select({ s: liveProviders.secretSealed }).from(liveProviders).where(eq(liveProviders.id, id))
    )[0]?.s;

  it('refuses a BigBlueButton class with no server to run on', async () => {
    if (process.env.LIVE_BBB_URL) return;
    const id = ok(await draft({ title: 'No server', providerKind: LiveProviderKind.BigBlueButton, ...slot(9, 8) })).id;
    refused(await publish(id), 'liveNoServer');
  });

  it('keeps the secret sealed and unread, a blank one unchanged; one default; a test says what answered', async () => {
    const base = { name: 'Fake BBB', url: fake.url, isDefault: true };
    const made = ok(await save('create', { ...base, secret: fake.secret }));
    expect(made).toMatchObject({ hasSecret: true, isDefault: true });
    expect(JSON.stringify(made)).not.toContain(fake.secret);
    expect(made).not.toHaveProperty('secretSealed');
    const before = await sealed(made.id);
    expect(before).not.toContain(fake.secret);
    ok(await save('update', { id: made.id, ...base, name: 'Fake', secret: '' }));
    expect(await sealed(made.id)).toBe(before);
    const tested = ok(
      await call<{ ok: boolean; version: string | null }>('academic', `/api/liveProvider/test/${made.id}`),
    );
    expect(tested.ok).toBe(true);
    expect(tested.version).toBeTruthy();

    const down = ok(
      await save('create', { ...base, name: 'Down', url: 'http://127.0.0.1:9/bigbluebutton/', secret: 'not-a-secret' }),
    );
    expect(ok(await call<LiveProviderRow>('academic', `/api/liveProvider/select/${made.id}`)).isDefault).toBe(false);
    const failed = ok(await call<{ ok: boolean; detail: string }>('academic', `/api/liveProvider/test/${down.id}`));
    expect(failed.ok).toBe(false);
    expect(failed.detail).not.toBe('');
    refused(
      await save('create', { ...base, name: 'Link', kind: LiveProviderKind.ExternalLink, secret: 'whatever1' }),
      'liveAccountKind',
      'kind',
    );
    // Teachers read the list (the editor picks an account) without any secret; only settings change it.
    const seen = ok(
      await call<{ list: Record<string, unknown>[] }>('teacher', '/api/liveProvider/page', {
        pageIndex: 1,
        pageSize: 10,
      }),
    );
    expect(seen.list.every((r) => !('secret' in r) && !('secretSealed' in r))).toBe(true);
    expect(
      (await call('teacher', '/api/liveProvider/create', { ...base, name: 'Mine', secret: 'whatever1' })).code,
    ).toBe(ResultCode.Forbidden);
    ok(
      await save('update', {
        id: down.id,
        ...base,
        name: 'Down',
        url: 'http://127.0.0.1:9/bigbluebutton/',
        isDefault: false,
        enabled: false,
        secret: '',
      }),
    );
    ok(await save('update', { id: made.id, ...base, name: 'Fake', secret: '' }));
  });

  it('ends a running class on the server at best, giving back the rest of its time', async () => {
    const ended: number[] = [];
    onLiveEnded(async (_tx, _org, liveClassId) => {
      ended.push(liveClassId);
    });
    const id = ok(await draft({ title: 'On BBB', providerKind: LiveProviderKind.BigBlueButton, ...slot(9, 9) })).id;
    ok(await publish(id));
    setClock('2031-05-09T09:30:00Z');
    // The fake has no such meeting running: the server's refusal is logged, the class ends anyway.
    const done = ok(await call<LiveClassRow>('teacher', `/api/liveClass/end/${id}`, {}));
    expect(done.status).toBe(LiveClassStatus.Ended);
    expect(done.endedAt).toMatch(/^2031-05-09T09:30:/);
    expect(ended).toContain(id);
    expect(fake.calls.some((c) => c.call === 'end')).toBe(true);
    // The half hour left is free again for the same teacher and class.
    const after = ok(
      await draft({ title: 'After', startsAt: '2031-05-09T09:40:00.000Z', endsAt: '2031-05-09T10:00:00.000Z' }),
    ).id;
    expect(ok(await publish(after)).status).toBe(LiveClassStatus.Scheduled);
    const past = ok(await call<MyLiveClass[]>('student', '/api/liveClass/mine', { when: 'past', limit: 10 }));
    expect(past.find((l) => l.id === id)).toMatchObject({ phase: LivePhase.Ended, myMinutes: null, recordings: [] });
    setClock(NOW);
  });
});
