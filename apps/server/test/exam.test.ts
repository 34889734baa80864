import {
  BookingOwner,
  BookingResource,
  type Candidate,
  CandidateStatus,
  type Exam,
  type ExamConflict,
  ExamState,
  ExamStatus,
  type MyExams,
  type Page,
  RegistrationMode,
} from '@lyceum/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/modules/auth/auth.table';
import { book } from '../src/modules/timetable/booking.service';
import { userRoles, users } from '../src/modules/user/user.table';
import { setClock } from '../src/platform/clock';
import { sha256 } from '../src/platform/crypto';
import { logins, onePaper, userIds } from './exam-fixture';
import { createTestApp, ok, type TestApp } from './harness';

// Classes address exams; an exam's candidates, conflicts, registration under concurrency, extend,
// and the status derived from a clock the test sets.

let t: TestApp;
let academic: string;
let teacher: string;
let student: string;
let studentB: string;
let paperId: number;
let venueId: number;
let smallVenueId: number;
let ids: Record<string, number>;
const T0 = Date.parse('2030-03-02T08:00:00Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
// An exam's window from minute `from` for `minutes`, and how long a candidate has in it.
const slot = (from: number, minutes: number, durationMinutes: number) => ({
  windowStart: at(from),
  windowEnd: at(from + minutes),
  durationMinutes,
});
// An exam open for registration from 2000 minutes before its two-hour window to 500 minutes before.
const registering = (from: number) => ({
  registrationMode: RegistrationMode.Open,
  registrationStart: at(from - 2000),
  registrationEnd: at(from - 500),
  windowStart: at(from),
  windowEnd: at(from + 120),
});

beforeAll(async () => {
  t = await createTestApp();
  ({
    academic,
    teacher,
    student,
    s2026001: studentB,
  } = await logins(t, ['academic', 'teacher', 'student', 's2026001']));
  ids = await userIds(t, [
    'student',
    'teacher',
    'wang.fang',
    's2026001',
    's2026002',
    's2026003',
    's2026004',
    's2026005',
  ]);
  paperId = await onePaper(t, academic, { name: 'Arithmetic', score: 5 });
  venueId = ok(
    await t.call<{ id: number }>('POST', '/api/teachVenue/create', {
      token: academic,
      body: { name: 'Hall A', capacity: 40 },
    }),
  ).id;
  smallVenueId = ok(
    await t.call<{ id: number }>('POST', '/api/teachVenue/create', {
      token: academic,
      body: { name: 'Room 3', capacity: 2 },
    }),
  ).id;
});
afterEach(() => setClock(null));
afterAll(() => t.close());

async function makeTeam(name: string, gradeYear: number, members: string[]) {
  return ok(
    await t.call<{ id: number; memberCount: number }>('POST', '/api/team/create', {
      token: academic,
      body: { name, gradeYear, classTeacherId: ids.teacher, members: members.map((m) => ({ userId: ids[m] })) },
    }),
  );
}
function examBody(over: Record<string, unknown> = {}) {
  return {
    name: 'Mid-term',
    paperId,
    windowStart: at(0),
    windowEnd: at(120),
    durationMinutes: 90,
    ...over,
  };
}
async function makeExam(over: Record<string, unknown> = {}) {
  return ok(await t.call<Exam>('POST', '/api/exam/create', { token: academic, body: examBody(over) }));
}
const publish = (id: number, acceptWarnings = false) =>
  t.call<Exam>('POST', `/api/exam/publish/${id}`, { token: academic, body: { acceptWarnings } });
// An exam created and published (without accepting warnings).
async function publishedExam(over: Record<string, unknown>) {
  const exam = await makeExam(over);
  ok(await publish(exam.id));
  return exam;
}
const conflicts = async (id: number) =>
  ok(await t.call<ExamConflict[]>('POST', `/api/exam/conflicts/${id}`, { token: academic }));
const candidates = async (id: number) =>
  ok(
    await t.call<Page<Candidate>>('POST', `/api/exam/candidates/${id}`, {
      token: academic,
      body: { pageIndex: 1, pageSize: 100 },
    }),
  ).list;

describe('classes', () => {
  it('keeps members with join dates; a class teacher sees only their classes', async () => {
    const team = await makeTeam('Class 2030-A', 2030, ['student', 's2026001']);
    expect(team.memberCount).toBe(2);
    const read = ok(
      await t.call<{ members: { userId: number; joinDate: string }[] }>('POST', `/api/team/select/${team.id}`, {
        token: academic,
      }),
    );
    expect(read.members.map((m) => m.userId).sort()).toEqual([ids.student, ids.s2026001].sort());
    expect(read.members[0].joinDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const other = await t.login('demo', 'wang.fang');
    const seen = await t.call('POST', `/api/team/select/${team.id}`, { token: other });
    expect(seen.code).not.toBe(1);
    expect(ok(await t.call('POST', `/api/team/select/${team.id}`, { token: teacher }))).toBeTruthy();
    const bad = await t.call('POST', '/api/team/create', {
      token: academic,
      body: { name: 'Wrong', gradeYear: 2030, members: [{ userId: ids.teacher }] },
    });
    expect(bad.code).toBe(501);
    expect(bad.message).toContain('members.0.userId');
    const mine = ok(await t.call<{ name: string }[]>('POST', '/api/team/mine', { token: student }));
    expect(mine.map((m) => m.name)).toContain('Class 2030-A');
  });
});

describe('candidates', () => {
  it('resolves classes, grades, departments and individual students when published', async () => {
    const a = await makeTeam('Class 2031-A', 2031, ['s2026002']);
    await makeTeam('Class 2031-B', 2031, ['s2026003']);
    const byTeam = await publishedExam({ name: 'By class', teamIds: [a.id], ...slot(1000, 100, 60) });
    expect((await candidates(byTeam.id)).map((c) => c.userName)).toEqual(['s2026002']);

    const byGrade = await publishedExam({ name: 'By grade', gradeYears: [2031], ...slot(2000, 100, 60) });
    expect((await candidates(byGrade.id)).map((c) => c.userName).sort()).toEqual(['s2026002', 's2026003']);

    const maths = t.ids.demo.deptIds.maths;
    const byDept = await publishedExam({ name: 'By department', departmentIds: [maths], ...slot(3000, 100, 60) });
    const mathsStudents = await t.database.db
      .select({ n: users.userName })
      .from(users)
      .where(
        and(
          eq(users.organizationId, t.ids.demo.orgId),
          eq(users.departmentId, maths),
          inArray(
            users.userName,
            Array.from({ length: 12 }, (_, i) => `s2026${String(i + 1).padStart(3, '0')}`),
          ),
        ),
      );
    expect((await candidates(byDept.id)).map((c) => c.userName).sort()).toEqual(
      mathsStudents
        .map((s) => s.n)
        .filter((n) => n !== 's2026038')
        .sort(),
    );

    const byName = await publishedExam({ name: 'By name', studentIds: [ids.s2026004], ...slot(4000, 100, 60) });
    const published = ok(await t.call<Exam>('POST', `/api/exam/select/${byName.id}`, { token: academic }));
    expect(published).toMatchObject({ state: ExamState.Published, candidateCount: 1 });
    expect((await candidates(byName.id)).map((c) => c.userName)).toEqual(['s2026004']);
    // A published exam changes only through its actions.
    const edit = await t.call('POST', '/api/exam/update', { token: academic, body: { id: byName.id, ...examBody() } });
    expect(edit.code).toBe(501);
    // A student is refused as invigilator; a teacher as candidate.
    const wrong = await t.call('POST', '/api/exam/create', {
      token: academic,
      body: examBody({ studentIds: [ids.teacher] }),
    });
    expect(wrong.message).toContain('studentIds.0');
  });
});

describe('conflicts', () => {
  it('refuses a double-booked venue, a busy invigilator, more candidates than seats; warns of a candidate in two exams', async () => {
    const base = slot(10_000, 120, 90);
    const first = await makeExam({
      ...base,
      name: 'Physics',
      venueId,
      invigilatorIds: [ids.teacher],
      studentIds: [ids.s2026005],
    });
    ok(await publish(first.id));

    const sameVenue = await makeExam({ ...base, name: 'Chemistry', venueId, studentIds: [ids.s2026001] });
    expect((await conflicts(sameVenue.id)).map((c) => c.kind)).toEqual(['venueDoubleBooked']);
    const refused = await publish(sameVenue.id);
    expect(refused.code).not.toBe(1);
    expect(refused.message).toContain('Hall A');

    const busy = await makeExam({
      ...base,
      name: 'Biology',
      invigilatorIds: [ids.teacher],
      studentIds: [ids.s2026001],
    });
    expect((await conflicts(busy.id)).map((c) => c.kind)).toEqual(['invigilatorBusy']);

    const twice = await makeExam({ ...base, name: 'History', studentIds: [ids.s2026005] });
    const [overlap] = await conflicts(twice.id);
    // Decision 43: a candidate clash never refuses the publish; the publisher accepts it.
    expect(overlap).toMatchObject({ kind: 'candidateOverlap', severity: 'warning', count: 1 });

    const crowded = await makeExam({
      ...base,
      name: 'Art',
      venueId: smallVenueId,
      studentIds: [ids.s2026001, ids.s2026002, ids.s2026003],
    });
    expect((await conflicts(crowded.id)).map((c) => c.kind)).toEqual(['overCapacity']);
    // Moved to a free time, the same exams publish.
    const moved = ok(
      await t.call<Exam>('POST', '/api/exam/update', {
        token: academic,
        body: {
          id: sameVenue.id,
          ...examBody({
            name: 'Chemistry',
            venueId,
            studentIds: [ids.s2026001],
            windowStart: at(10_200),
            windowEnd: at(10_320),
          }),
        },
      }),
    );
    ok(await publish(moved.id));
  });

  it('books a sitting in the clash engine: its venue, invigilator and class refuse a lesson; cancel frees them', async () => {
    const team = await makeTeam('Booked class', 2031, ['s2026003']);
    const sitting = await publishedExam({
      ...slot(60_000, 120, 90),
      name: 'Geography',
      venueId,
      invigilatorIds: [ids['wang.fang']],
      teamIds: [team.id],
    });
    // A lesson takes its time through the same engine the timetable uses.
    const lesson = (resource: BookingResource, resourceId: number, field: string, from = 60_030, to = 60_075) =>
      t.database.db.transaction((tx) =>
        book(tx, t.ids.demo.orgId, { kind: BookingOwner.Lesson, id: 9_000_001 }, [
          { resource, resourceId, startsAt: new Date(at(from)), endsAt: new Date(at(to)), field },
        ]),
      );
    for (const [resource, id, field] of [
      [BookingResource.Venue, venueId, 'venueId'],
      [BookingResource.Teacher, ids['wang.fang'], 'teacherId'],
      [BookingResource.Team, team.id, 'teamId'],
    ] as const) {
      await expect(lesson(resource, id, field)).rejects.toMatchObject({
        detail: { key: 'clashesWithExam', field, params: { name: 'Geography' } },
      });
    }
    // Back to back with the exam is no clash.
    await lesson(BookingResource.Venue, venueId, 'venueId', 60_120, 60_165);
    // A second sitting of the same class at the same time warns (decision 43) and is published.
    const second = await makeExam({ ...slot(60_000, 120, 90), name: 'History B', teamIds: [team.id] });
    ok(await publish(second.id, true));
    ok(await t.call('POST', `/api/exam/cancel/${sitting.id}`, { token: academic, body: { reason: 'moved' } }));
    await lesson(BookingResource.Venue, venueId, 'venueId');
    await expect(lesson(BookingResource.Team, team.id, 'teamId')).rejects.toMatchObject({
      detail: { key: 'clashesWithExam', params: { name: 'History B' } },
    });
    ok(await t.call('POST', `/api/exam/cancel/${second.id}`, { token: academic, body: { reason: 'done' } }));
  });

  it('counts a candidate’s extra time: an overlap only with it is a warning to accept', async () => {
    ok(
      await t.call('POST', `/api/user/accommodation/${ids.s2026003}`, {
        token: academic,
        body: { extraTimeFactor: 1.5, extraMinutes: 0 },
      }),
    );
    await publishedExam({ name: 'Morning', studentIds: [ids.s2026003], ...slot(20_000, 60, 60) });
    // Starts when Morning ends; with 1.5x the student is still in Morning for 30 minutes.
    const next = await makeExam({ name: 'Next', studentIds: [ids.s2026003], ...slot(20_060, 60, 60) });
    const [warning] = await conflicts(next.id);
    expect(warning).toMatchObject({ kind: 'candidateOverlap', severity: 'warning' });
    expect((await publish(next.id)).code).not.toBe(1);
    ok(await publish(next.id, true));
  });
});

describe('the clock', () => {
  it('derives status 2/3/4 from the clock; extend moves every candidate’s end; a paper in use stays published', async () => {
    const exam = await publishedExam({ name: 'Clocked', studentIds: [ids.student], ...slot(30_000, 120, 60) });
    const status = async () =>
      ok(await t.call<Exam>('POST', `/api/exam/select/${exam.id}`, { token: academic })).status;
    setClock(at(29_999));
    expect(await status()).toBe(ExamStatus.NotStarted);
    let mine = ok(await t.call<MyExams>('POST', '/api/exam/my', { token: student })).exams.find(
      (e) => e.id === exam.id,
    );
    expect(mine?.phase).toBe('upcoming');
    setClock(at(30_010));
    expect(await status()).toBe(ExamStatus.InProgress);
    mine = ok(await t.call<MyExams>('POST', '/api/exam/my', { token: student })).exams.find((e) => e.id === exam.id);
    expect(mine).toMatchObject({ phase: 'open', personalEnd: at(30_120) });
    const filtered = ok(
      await t.call<Page<Exam>>('POST', '/api/exam/page', {
        token: academic,
        body: { pageIndex: 1, pageSize: 50, status: ExamStatus.InProgress },
      }),
    );
    expect(filtered.list.map((e) => e.id)).toContain(exam.id);
    // The paper cannot be withdrawn under a running exam.
    const withdraw = await t.call('POST', `/api/examPaper/withdraw/${paperId}`, { token: academic });
    expect(withdraw.code).not.toBe(1);
    expect(withdraw.message).toContain('Clocked');

    ok(await t.call('POST', `/api/exam/extend/${exam.id}`, { token: academic, body: { windowEnd: at(30_150) } }));
    mine = ok(await t.call<MyExams>('POST', '/api/exam/my', { token: student })).exams.find((e) => e.id === exam.id);
    expect(mine?.personalEnd).toBe(at(30_150));
    const earlier = await t.call('POST', `/api/exam/extend/${exam.id}`, {
      token: academic,
      body: { windowEnd: at(30_100) },
    });
    expect(earlier.code).toBe(501);
    setClock(at(30_151));
    expect(await status()).toBe(ExamStatus.Ended);
    mine = ok(await t.call<MyExams>('POST', '/api/exam/my', { token: student })).exams.find((e) => e.id === exam.id);
    expect(mine?.phase).toBe('finished');
  });
});

describe('registration', () => {
  it('holds the capacity under 500 parallel registrations: exactly 100 registered', async () => {
    const db = t.database.db;
    const org = t.ids.demo.orgId;
    const [hash] = await db.select({ h: users.passwordHash }).from(users).where(eq(users.id, ids.student));
    const made = await db
      .insert(users)
      .values(
        Array.from({ length: 500 }, (_, i) => ({
          organizationId: org,
          userName: `race${i}`,
          realName: `Racer ${i}`,
          passwordHash: hash.h,
        })),
      )
      .returning({ id: users.id });
    const studentRole = t.ids.demo.roleIds.student;
    await db.insert(userRoles).values(made.map((u) => ({ organizationId: org, userId: u.id, roleId: studentRole })));
    const tokens = made.map((_, i) => `race-token-${i}-${'x'.repeat(20)}`);
    await db.insert(sessions).values(
      made.map((u, i) => ({
        tokenHash: sha256(tokens[i]),
        organizationId: org,
        userId: u.id,
        activeRoleId: studentRole,
        expireTime: new Date(Date.now() + 3_600_000),
      })),
    );
    setClock(at(39_000));
    const exam = await publishedExam({ name: 'Olympiad', capacity: 100, ...registering(40_000) });
    const results = await Promise.all(
      tokens.map((token) => t.call('POST', `/api/exam/register/${exam.id}`, { token })),
    );
    expect(results.filter((r) => r.code === 1)).toHaveLength(100);
    expect(results.filter((r) => r.code !== 1).every((r) => /places are taken/.test(r.message))).toBe(true);
    const row = ok(await t.call<Exam>('POST', `/api/exam/select/${exam.id}`, { token: academic }));
    expect(row.candidateCount).toBe(100);
    expect(await candidates(exam.id)).toHaveLength(100);
  });

  it('registers, approves, seats and prints tickets; student B sees nothing of A', async () => {
    setClock(at(49_000));
    const exam = await publishedExam({ name: 'Certificate', needsApproval: true, venueId, ...registering(50_000) });
    const list = ok(
      await t.call<{ exams: { id: number; myStatus: number | null }[] }>('POST', '/api/exam/registrable', {
        token: student,
      }),
    );
    expect(list.exams.find((e) => e.id === exam.id)?.myStatus).toBeNull();
    expect(
      ok(await t.call<{ status: number }>('POST', `/api/exam/register/${exam.id}`, { token: student })).status,
    ).toBe(CandidateStatus.Pending);
    // Twice is harmless.
    expect(
      ok(await t.call<{ status: number }>('POST', `/api/exam/register/${exam.id}`, { token: student })).status,
    ).toBe(CandidateStatus.Pending);
    // Not approved: no ticket yet, for anyone.
    expect((await t.call('POST', `/api/exam/myTicket/${exam.id}`, { token: student })).code).not.toBe(1);
    ok(
      await t.call('POST', `/api/examRegister/approve/${exam.id}`, {
        token: academic,
        body: { userIds: [ids.student], approve: true },
      }),
    );
    const seats = ok(
      await t.call<{ assigned: number }>('POST', `/api/examRegister/assignSeats/${exam.id}`, { token: academic }),
    );
    expect(seats.assigned).toBe(1);
    const ticket = ok(
      await t.call<{ seatNo: number; venueName: string }>('POST', `/api/exam/myTicket/${exam.id}`, { token: student }),
    );
    expect(ticket).toMatchObject({ seatNo: 1, venueName: 'Hall A' });
    // Student B: no ticket of A's exam, A's registration not in B's list.
    expect((await t.call('POST', `/api/exam/myTicket/${exam.id}`, { token: studentB })).code).not.toBe(1);
    const bList = ok(
      await t.call<{ exams: { id: number; myStatus: number | null }[] }>('POST', '/api/exam/registrable', {
        token: studentB,
      }),
    );
    expect(bList.exams.find((e) => e.id === exam.id)?.myStatus ?? null).toBeNull();
    const bMine = ok(await t.call<MyExams>('POST', '/api/exam/my', { token: studentB }));
    expect(bMine.exams.find((e) => e.id === exam.id)).toBeUndefined();
    // Staff see the registrants; a student cannot.
    expect(
      (
        await t.call('POST', `/api/exam/candidates/${exam.id}`, {
          token: student,
          body: { pageIndex: 1, pageSize: 10 },
        })
      ).code,
    ).toBe(403);
    // Registration closes with its window.
    setClock(at(49_600));
    expect((await t.call('POST', `/api/exam/unregister/${exam.id}`, { token: student })).code).not.toBe(1);
  });
});
