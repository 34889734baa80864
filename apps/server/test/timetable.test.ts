import { LessonStatus, ResultCode, TermDayKind, WeekParity } from '@lyceum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, refused } from './harness';
import { changedTables, snapshotOrganization } from './snapshot';
import { lessonsOf, type TimetableWorld, timetableWorld } from './timetable-fixture';

// The timetable (issue 31): period settings, the term calendar, assignments with their slots,
// generation (odd and even weeks, a holiday, make-up days, a repeat, a change of slots) and the
// check that lists clashes before anything is saved.

let w: TimetableWorld;
beforeAll(async () => {
  w = await timetableWorld();
});
afterAll(() => w.t.close());

const call = <T>(url: string, token: string, body?: unknown) => w.t.call<T>('POST', url, { token, body });

describe('period settings', () => {
  it('gives every staff member the defaults until the office saves its own, and refuses periods out of order', async () => {
    const read = ok(
      await call<{ saved: boolean; periods: { no: number }[]; timeZone: string }>('/api/timetable/settings', w.teacher),
    );
    expect(read).toMatchObject({ saved: false, timeZone: 'Asia/Shanghai' });
    expect(read.periods).toHaveLength(8);
    expect((await call('/api/timetable/settings', w.student)).code).toBe(ResultCode.Forbidden);
    expect((await call('/api/timetable/saveSettings', w.teacher, { periods: read.periods })).code).toBe(
      ResultCode.Forbidden,
    );
    const bad = [
      { no: 1, start: '08:00', end: '08:45' },
      { no: 2, start: '08:55', end: '09:40' },
      { no: 3, start: '10:00', end: '09:50' },
    ];
    refused(
      await call('/api/timetable/saveSettings', w.admin, { periods: bad }),
      'endBeforeStartTime',
      'periods.2.end',
    );
    bad[2] = { no: 3, start: '09:30', end: '10:10' };
    refused(await call('/api/timetable/saveSettings', w.admin, { periods: bad }), 'periodOverlap', 'periods.2.start');
    refused(
      await call('/api/timetable/saveSettings', w.admin, { periods: [{ no: 1, start: '8:00', end: '08:45' }] }),
      'invalidFormat',
      'periods.0.start',
    );
    expect(ok(await call<{ saved: boolean }>('/api/timetable/settings', w.admin)).saved).toBe(false);
    // Saving the defaults as the school's own.
    const saved = ok(await call<{ saved: boolean }>('/api/timetable/saveSettings', w.admin, { periods: read.periods }));
    expect(saved.saved).toBe(true);
  });
});

describe('the term calendar', () => {
  it('keeps each day inside its semester and a followed weekday for make-up days only', async () => {
    const day = (body: object) =>
      call<{ id: number; weekday: number; week: number }>('/api/termDay/create', w.admin, {
        semesterId: w.semesterId,
        ...body,
      });
    refused(await day({ day: '2031-12-24', kind: TermDayKind.Holiday }), 'outsideSemester', 'day');
    refused(await day({ day: '2031-09-28', kind: TermDayKind.MakeUp }), 'required', 'followsWeekday');
    refused(
      await day({ day: '2031-10-01', kind: TermDayKind.Holiday, followsWeekday: 3 }),
      'onlyForMakeUp',
      'followsWeekday',
    );
    expect((await day({ day: '2031-10-01', kind: TermDayKind.Holiday })).code).toBe(ResultCode.Success);
    // Sunday of week 4 works as a Wednesday; Saturdays of weeks 6 and 7 as Mondays.
    expect(ok(await day({ day: '2031-09-28', kind: TermDayKind.MakeUp, followsWeekday: 3 }))).toMatchObject({
      weekday: 7,
      week: 4,
    });
    ok(await day({ day: '2031-10-11', kind: TermDayKind.MakeUp, followsWeekday: 1 }));
    ok(await day({ day: '2031-10-18', kind: TermDayKind.MakeUp, followsWeekday: 1 }));
    refused(await day({ day: '2031-10-01', kind: TermDayKind.Closure }), 'unique', 'day');
    expect(
      (await call('/api/termDay/create', w.teacher, { semesterId: w.semesterId, day: '2031-10-02', kind: 1 })).code,
    ).toBe(ResultCode.Forbidden);
    const listed = ok(await call<{ total: number }>('/api/termDay/page', w.teacher, { semesterId: w.semesterId }));
    expect(listed.total).toBe(4);
  });
});

// Biology for 7A with Tom: Mondays periods 1-2 in odd weeks, Wednesdays period 3, until 20 October.
const biology = () => ({
  semesterId: w.semesterId,
  subject: 'Biology',
  teamId: w.classes[0],
  teacherId: w.people.teacher,
  venueId: w.venues[0],
  periodsPerWeek: 3,
  slots: [
    { weekday: 1, periodFrom: 1, periodTo: 2, parity: WeekParity.Odd, validTo: '2031-10-20' },
    { weekday: 3, periodFrom: 3, periodTo: 3, validTo: '2031-10-20' },
  ],
});
interface Assignment {
  id: number;
  scheduledPerWeek: number;
  lessonCount: number;
  teamName: string;
  teacherName: string;
  slots: { id: number; weekday: number }[];
}
interface Generated {
  created: number;
  existing: number;
  removed: number;
  failed: number[];
  clashCount: number;
  clashes: {
    startTime: string;
    field: string;
    day: string;
    assignmentId: number | null;
    with: { name: string; kind: number; draftIndex: number | null };
  }[];
}
let biologyId: number;

describe('teaching assignments and generation', () => {
  it('checks the slots against the day’s periods and the semester, and counts what they schedule', async () => {
    const bad = biology();
    bad.slots[1] = { ...bad.slots[1]!, periodTo: 9 };
    refused(await call('/api/teachingAssignment/create', w.admin, bad), 'noSuchPeriod', 'slots.1.periodTo');
    refused(
      await call('/api/teachingAssignment/create', w.admin, {
        ...biology(),
        slots: [{ weekday: 2, periodFrom: 1, periodTo: 1, validFrom: '2031-01-01' }],
      }),
      'outsideSemester',
      'slots.0.validFrom',
    );
    refused(
      await call('/api/teachingAssignment/create', w.admin, { ...biology(), teacherId: w.people.student }),
      'notATeacher',
      'teacherId',
    );
    expect((await call('/api/teachingAssignment/create', w.teacher, biology())).code).toBe(ResultCode.Forbidden);
    const a = ok(await call<Assignment>('/api/teachingAssignment/create', w.admin, biology()));
    biologyId = a.id;
    expect(a).toMatchObject({ scheduledPerWeek: 2, lessonCount: 0, teamName: 'Class 7A', teacherName: 'Tom Teacher' });
    const mine = ok(
      await call<{ total: number }>('/api/teachingAssignment/page', w.teacher, { teacherId: w.people.teacher }),
    );
    expect(mine.total).toBe(1);
    const room = ok(await call<{ total: number }>('/api/teachingAssignment/page', w.teacher, { venueId: w.venues[1] }));
    expect(room.total).toBe(0);
  });

  it('generates odd weeks, every week, no holiday and the make-up days, then nothing the second time', async () => {
    expect((await call('/api/timetable/generate', w.teacher, { semesterId: w.semesterId })).code).toBe(
      ResultCode.Forbidden,
    );
    const first = ok(await call<Generated>('/api/timetable/generate', w.admin, { semesterId: w.semesterId }));
    expect(first).toMatchObject({ created: 11, existing: 0, removed: 0, failed: [], clashCount: 0 });
    const got = await lessonsOf(w, { assignmentId: biologyId });
    // Mondays of odd weeks 3, 5, 7 and Saturday 18 October (week 7) working as a Monday; not
    // Saturday 11 October (week 6, even). Wednesdays from the first day, not 1 October (a holiday),
    // and Sunday 28 September working as a Wednesday.
    expect(got.filter((l) => l.startTime === '08:00').map((l) => l.day)).toEqual([
      '2031-09-15',
      '2031-09-29',
      '2031-10-13',
      '2031-10-18',
    ]);
    expect(got.filter((l) => l.startTime === '10:00').map((l) => l.day)).toEqual([
      '2031-09-03',
      '2031-09-10',
      '2031-09-17',
      '2031-09-24',
      '2031-09-28',
      '2031-10-08',
      '2031-10-15',
    ]);
    expect(got[0]).toMatchObject({
      startsAt: '2031-09-03T02:00:00.000Z',
      endTime: '10:45',
      teamName: 'Class 7A',
      title: 'Biology',
    });
    const again = ok(await call<Generated>('/api/timetable/generate', w.admin, { semesterId: w.semesterId }));
    expect(again).toMatchObject({ created: 0, existing: 11, removed: 0 });
  });

  it('refuses a whole assignment that clashes and names what is in the way', async () => {
    const chemistry = ok(
      await call<Assignment>('/api/teachingAssignment/create', w.admin, {
        ...biology(),
        subject: 'Chemistry',
        teamId: w.classes[1],
        venueId: w.venues[1],
        slots: [
          { weekday: 2, periodFrom: 1, periodTo: 1 },
          { weekday: 1, periodFrom: 2, periodTo: 2, parity: WeekParity.Odd },
        ],
      }),
    );
    const res = ok(
      await call<Generated>('/api/timetable/generate', w.admin, {
        semesterId: w.semesterId,
        assignmentIds: [chemistry.id],
      }),
    );
    expect(res.failed).toEqual([chemistry.id]);
    expect(res.created).toBe(0);
    expect(res.clashes[0]).toMatchObject({
      field: 'teacherId',
      day: '2031-09-15',
      assignmentId: chemistry.id,
      with: { name: 'Biology · Class 7A' },
    });
    expect(await lessonsOf(w, { assignmentId: chemistry.id })).toEqual([]);
    // Asked to, it leaves out only the clashing occurrences (Mondays while Biology runs) and lists them.
    const rest = ok(
      await call<Generated>('/api/timetable/generate', w.admin, {
        semesterId: w.semesterId,
        assignmentIds: [chemistry.id],
        skipClashes: true,
      }),
    );
    expect(rest).toMatchObject({ created: 15, failed: [], clashCount: 4 });
    expect(rest.clashes.map((c) => `${c.day} ${c.startTime}`)).toEqual([
      '2031-09-15 08:55',
      '2031-09-29 08:55',
      '2031-10-13 08:55',
      '2031-10-18 08:55',
    ]);
    // Deleting the assignment takes its lessons still to come with it.
    ok(await call(`/api/teachingAssignment/delete/${chemistry.id}`, w.admin));
    expect(await lessonsOf(w, { assignmentId: chemistry.id })).toEqual([]);
  });

  it('remakes the lessons still to come after the slots change and keeps the one already moved', async () => {
    const [moved] = await lessonsOf(w, { assignmentId: biologyId, from: '2031-09-17', to: '2031-09-17' });
    ok(
      await call(`/api/lesson/move/${moved!.id}`, w.admin, {
        day: '2031-09-18',
        periodFrom: 3,
        periodTo: 3,
        reason: 'Trip',
      }),
    );
    const a = ok(await call<Assignment>(`/api/teachingAssignment/select/${biologyId}`, w.teacher));
    const slots = a.slots.map((s) => ({ ...s }));
    const wednesday = slots.find((s) => s.weekday === 3)!;
    Object.assign(wednesday, { periodFrom: 4, periodTo: 4 });
    ok(await call('/api/teachingAssignment/update', w.admin, { ...biology(), id: biologyId, slots }));
    const res = ok(await call<Generated>('/api/timetable/generate', w.admin, { semesterId: w.semesterId }));
    expect(res).toMatchObject({ created: 6, removed: 6, existing: 5, clashCount: 0 });
    const got = await lessonsOf(w, { assignmentId: biologyId });
    expect(got.filter((l) => l.startTime === '10:55')).toHaveLength(6);
    const kept = got.find((l) => l.id === moved!.id)!;
    expect(kept).toMatchObject({ day: '2031-09-18', status: LessonStatus.Moved, startTime: '10:00' });
    expect(kept.movedFrom).toMatchObject({ day: '2031-09-17' });
  });
});

describe('the check before saving', () => {
  it('lists clashes among unsaved assignments and with existing lessons, writing nothing', async () => {
    const before = await snapshotOrganization(w.t.database.db, w.t.ids.demo.orgId);
    const draft = (subject: string, teacherId: number, slot: object) => ({
      semesterId: w.semesterId,
      subject,
      teamId: w.classes[1],
      teacherId,
      venueId: w.venues[2],
      slots: [{ weekday: 2, periodFrom: 1, periodTo: 1, validTo: '2031-09-10', ...slot }],
    });
    const res = ok(
      await call<{ occurrences: number; clashCount: number; clashes: Generated['clashes'] }>(
        '/api/timetable/check',
        w.admin,
        {
          semesterId: w.semesterId,
          assignments: [
            draft('Maths', w.people['li.wei'], {}),
            draft('English', w.people['zhang.min'], {}),
            // Tom on Monday 15 September, period 2: his Biology is there.
            {
              ...draft('Physics', w.people.teacher, { weekday: 1, periodFrom: 2, periodTo: 2, validTo: '2031-09-16' }),
              venueId: null,
            },
          ],
        },
      ),
    );
    const among = res.clashes.filter((c) => c.with.draftIndex === 0);
    expect(among.map((c) => c.field).sort()).toEqual(['teamId', 'venueId']);
    expect(among[0]!.with.name).toBe('Maths · Class 7B');
    const stored = res.clashes.filter(
      (c) => c.with.kind === 1 && c.with.draftIndex === null && c.field === 'teacherId',
    );
    expect(stored.map((c) => c.day)).toEqual(['2031-09-15']);
    expect(stored[0]!.with.name).toBe('Biology · Class 7A');
    expect(changedTables(before, await snapshotOrganization(w.t.database.db, w.t.ids.demo.orgId))).toEqual([]);
    // The saved assignment checked as it is: its own lessons are not in its way.
    const self = ok(
      await call<{ clashCount: number; occurrences: number }>('/api/timetable/check', w.admin, {
        semesterId: w.semesterId,
      }),
    );
    expect(self).toMatchObject({ clashCount: 0, occurrences: 11 });
  });
});
