import {
  AttendanceKind,
  EnrolmentSource,
  MarkSource,
  PaperStatus,
  PointRuleKind,
  ResultCode,
  ShowScore,
  TaskReveal,
  TaskUserStatus,
} from '@lyceum/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendanceMarks, attendanceSessions } from '../src/modules/attendance/attendance.table';
import { ensureStatuses, statusesOf, statusOfKind } from '../src/modules/attendance/attendance-statuses';
import { courseEnrolments, courses } from '../src/modules/course/course.table';
import { examAttempts } from '../src/modules/exam/attempt.table';
import { exams } from '../src/modules/exam/exam.table';
import { ledgerBalances, ledgerEntries } from '../src/modules/ledger/ledger.table';
import { awardRules } from '../src/modules/points/point-awards';
import { checkAllDrift } from '../src/modules/points/point-drift';
import { tasks, taskUsers } from '../src/modules/task/task.table';
import { teams } from '../src/modules/team/team.table';
import { onePaper, userIds } from './exam-fixture';
import { createTestApp, ok, refused, type TestApp } from './harness';
import { withoutPoints } from './points-fixture';

// The points rules (issue 33): checked params per kind, and awards made exactly once per rule, thing
// and person, whether the job runs twice or two runs overlap; an exam whose scores are not released
// (not confirmed, or never shown) and homework whose result shows only after its due time award
// nothing until they are. Then the drift check: zero after all of it, the account named after a
// balance is changed around the ledger.

let t: TestApp;
let orgId: number;
let admin: string;
let ids: Record<string, number>;
let hidden: { examId: number; taskId: number };

const HOUR = 3_600_000;
const db = () => t.database.db;
const rule = (body: object) => t.call<{ id: number }>('POST', '/api/pointRule/create', { token: admin, body });
const balances = async () => {
  const rows = await db()
    .select({ userId: ledgerEntries.accountId, sum: sql<number>`sum(${ledgerEntries.amount})`.mapWith(Number) })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.organizationId, orgId))
    .groupBy(ledgerEntries.accountId);
  return Object.fromEntries(rows.map((r) => [r.userId, r.sum]));
};

// Homework, a course, exams and a run of roll calls, written straight to their tables: the sources
// the rules read, without walking each module's whole flow.
async function world() {
  const [s1, s2, s3] = [ids.s2026001!, ids.s2026002!, ids.s2026003!];
  const now = Date.now();
  const paperId = await onePaper(t, admin, { name: 'Points paper', score: 10 });
  const task = async (reveal: number, dueTime: Date, passed: number[], failed: number[]) => {
    const [row] = await db()
      .insert(tasks)
      .values({
        organizationId: orgId,
        name: `Homework ${reveal}`,
        startTime: new Date(now - 48 * HOUR),
        dueTime,
        reveal,
      })
      .returning({ id: tasks.id });
    const status = (userId: number, s: number) => ({ organizationId: orgId, taskId: row!.id, userId, status: s });
    await db()
      .insert(taskUsers)
      .values([
        ...passed.map((u) => status(u, TaskUserStatus.Passed)),
        ...failed.map((u) => status(u, TaskUserStatus.Failed)),
      ]);
    return row!.id;
  };
  await task(TaskReveal.AfterHandIn, new Date(now - HOUR), [s1], [s2]);
  const later = await task(TaskReveal.AfterDue, new Date(now + 24 * HOUR), [s3], []);
  const [course] = await db()
    .insert(courses)
    .values({ organizationId: orgId, code: 'PTS-1', title: 'Points course' })
    .returning({ id: courses.id });
  const enrol = (userId: number, done: boolean) => ({
    organizationId: orgId,
    courseId: course!.id,
    userId,
    source: EnrolmentSource.Self,
    completedAt: done ? new Date(now - HOUR) : null,
  });
  await db()
    .insert(courseEnrolments)
    .values([enrol(s1, true), enrol(s2, false)]);
  const exam = async (name: string, confirmed: boolean, showScore: number, scores: [number, number][]) => {
    const [e] = await db()
      .insert(exams)
      .values({
        organizationId: orgId,
        name,
        paperId,
        windowStart: new Date(now - 5 * HOUR),
        windowEnd: new Date(now - 3 * HOUR),
        durationMinutes: 60,
        showScore,
        scoresConfirmedAt: confirmed ? new Date(now - HOUR) : null,
      })
      .returning({ id: exams.id });
    const at = new Date(now - 4 * HOUR);
    await db()
      .insert(examAttempts)
      .values(
        scores.map(([userId, score]) => ({
          organizationId: orgId,
          examId: e!.id,
          userId,
          status: PaperStatus.Marked,
          paper: {},
          view: {},
          questionIds: [],
          totalScore: 100,
          startedAt: at,
          deadline: at,
          closesAt: at,
          endedAt: at,
          score,
          scoreMax: 100,
          markedAt: at,
        })),
      );
    return e!.id;
  };
  await exam('Confirmed', true, ShowScore.AfterConfirmed, [
    [s1, 90],
    [s2, 50],
    [s3, 85],
  ]);
  const unconfirmed = await exam('Not confirmed', false, ShowScore.AfterConfirmed, [[s1, 95]]);
  await exam('Never shown', true, ShowScore.Never, [[s2, 100]]);
  // Six roll calls of one class, an hour apart: s1 P L P P A P (a run of four), s2 P E P A P P
  // (excused neither counts nor breaks: two runs of two).
  const [team] = await db()
    .insert(teams)
    .values({ organizationId: orgId, name: 'Points 1', gradeYear: 2025 })
    .returning({ id: teams.id });
  await ensureStatuses(db(), orgId);
  const statuses = await statusesOf(db(), orgId);
  const kind = (k: number) => statusOfKind(statuses, k as AttendanceKind)!.id;
  const [P, L, E, A] = [AttendanceKind.Present, AttendanceKind.Late, AttendanceKind.Excused, AttendanceKind.Absent];
  const marks: Record<number, number[]> = { [s1]: [P, L, P, P, A, P], [s2]: [P, E, P, A, P, P] };
  for (let i = 0; i < 6; i++) {
    const startsAt = new Date(now - (8 - i) * HOUR);
    const [session] = await db()
      .insert(attendanceSessions)
      .values({
        organizationId: orgId,
        teamId: team!.id,
        teacherId: ids.teacher!,
        title: `Roll call ${i + 1}`,
        startsAt,
        endsAt: new Date(startsAt.getTime() + HOUR / 2),
        qrSecret: 'points',
      })
      .returning({ id: attendanceSessions.id });
    await db()
      .insert(attendanceMarks)
      .values(
        [s1, s2].map((studentId) => ({
          organizationId: orgId,
          sessionId: session!.id,
          studentId,
          statusId: kind(marks[studentId]![i]!),
          source: MarkSource.Teacher,
          markedBy: ids.teacher!,
        })),
      );
  }
  return { examId: unconfirmed, taskId: later };
}

beforeAll(async () => {
  t = await createTestApp();
  orgId = t.ids.demo.orgId;
  ids = await userIds(t, ['s2026001', 's2026002', 's2026003', 'teacher']);
  await withoutPoints(t, orgId);
  admin = await t.login('demo', 'admin');
  hidden = await world();
});
afterAll(() => t.close());

describe('points rules', () => {
  it('checks the params of each kind, naming the field', async () => {
    const band = { name: 'Top marks', kind: PointRuleKind.ExamScoreBand, points: 20 };
    refused(await rule({ ...band, params: { maxPercent: 100 } }), 'required', 'params.minPercent');
    refused(await rule({ ...band, params: { minPercent: 90, maxPercent: 80 } }), 'tooSmall', 'params.maxPercent');
    refused(await rule({ ...band, params: { minPercent: 80, maxPercent: 101 } }), 'tooBig', 'params.maxPercent');
    refused(
      await rule({ ...band, params: { minPercent: 80, maxPercent: 100, examId: 987_654 } }),
      'noSuchReference',
      'params.examId',
    );
    const streak = { name: 'Streak', kind: PointRuleKind.AttendanceStreak, points: 3 };
    refused(await rule({ ...streak, params: { days: 1 } }), 'tooSmall', 'params.days');
    refused(await rule({ ...streak, params: {} }), 'required', 'params.days');
    refused(await rule({ name: 'Any', kind: PointRuleKind.TaskPassed, points: 0 }), 'tooSmall', 'points');
    const student = await t.login('demo', 's2026001');
    expect((await t.call('POST', '/api/pointRule/create', { token: student, body: band })).code).toBe(
      ResultCode.Forbidden,
    );
  });

  it('awards each rule once per thing and person, even when two runs overlap', async () => {
    const made = [
      { name: 'Homework passed', kind: PointRuleKind.TaskPassed, points: 5, params: { days: 9 } },
      { name: 'Course completed', kind: PointRuleKind.CourseCompleted, points: 7 },
      {
        name: 'Exam 80 %+',
        kind: PointRuleKind.ExamScoreBand,
        points: 20,
        params: { minPercent: 80, maxPercent: 100 },
      },
      { name: 'Two in a row', kind: PointRuleKind.AttendanceStreak, points: 3, params: { days: 2 } },
      { name: 'Switched off', kind: PointRuleKind.TaskPassed, points: 1000, enabled: false },
    ];
    for (const body of made) ok(await rule(body));
    // Only the kind's own params are kept.
    const list = ok(
      await t.call<{ name: string; params: object }[]>('POST', '/api/pointRule/list', { token: admin, body: {} }),
    );
    expect(list.find((r) => r.name === 'Homework passed')?.params).toEqual({});

    const runs = await Promise.all([awardRules(db(), { orgId }), awardRules(db(), { orgId })]);
    expect(runs[0]!.awarded + runs[1]!.awarded).toBe(8);
    expect((await awardRules(db(), { orgId })).awarded).toBe(0);
    const [s1, s2, s3] = [ids.s2026001!, ids.s2026002!, ids.s2026003!];
    // s1: homework 5, course 7, exam 20, two streaks of two 3 + 3; s2: two streaks; s3: the exam.
    expect(await balances()).toEqual({ [s1]: 38, [s2]: 6, [s3]: 20 });
    const reasons = await db()
      .select({ reason: ledgerEntries.reason, key: ledgerEntries.idemKey })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.organizationId, orgId), eq(ledgerEntries.accountId, s2)));
    expect(reasons.map((r) => r.reason).sort()).toEqual([
      expect.stringMatching(/^Two in a row: 2 sessions in a row, to Roll call 3 \(\d{4}-\d{2}-\d{2}\)$/),
      expect.stringMatching(/^Two in a row: 2 sessions in a row, to Roll call 6 \(/),
    ]);
    expect(reasons.every((r) => /^rule:\d+:streak:\d+:\d+$/.test(r.key ?? ''))).toBe(true);
    const rows = ok(
      await t.call<{ name: string; awards: number; awarded: number }[]>('POST', '/api/pointRule/list', {
        token: admin,
        body: {},
      }),
    );
    expect(rows.find((r) => r.name === 'Two in a row')).toMatchObject({ awards: 4, awarded: 12 });
  });

  it('awards for a score or a homework result only once it is released', async () => {
    const [s1, s3] = [ids.s2026001!, ids.s2026003!];
    await db().update(exams).set({ scoresConfirmedAt: new Date() }).where(eq(exams.id, hidden.examId));
    await db()
      .update(tasks)
      .set({ dueTime: new Date(Date.now() - 60_000) })
      .where(eq(tasks.id, hidden.taskId));
    const run = await awardRules(db(), { orgId });
    expect(run).toMatchObject({ awarded: 2, points: 25 });
    expect(await balances()).toMatchObject({ [s1]: 58, [s3]: 25 });
  });

  it('keeps a rule that has awarded points: switch it off instead', async () => {
    const rows = ok(
      await t.call<{ id: number; name: string }[]>('POST', '/api/pointRule/list', { token: admin, body: {} }),
    );
    const used = rows.find((r) => r.name === 'Exam 80 %+')!;
    const res = await t.call('POST', `/api/pointRule/delete/${used.id}`, { token: admin });
    expect(res.code).not.toBe(ResultCode.Success);
    expect(res.error?.key).toBe('usedBy');
  });
});

describe('the drift check', () => {
  it('finds no drift after all of it, and names an account changed around the ledger', async () => {
    const check = async () =>
      ok(
        await t.call<{
          accounts: number;
          entries: number;
          drifted: { userId: number; balance: number; ledgerSum: number }[];
        }>('POST', '/api/point/driftCheck', { token: admin }),
      );
    expect(await check()).toEqual({ accounts: 3, entries: 10, drifted: [] });
    await db()
      .update(ledgerBalances)
      .set({ balance: sql`${ledgerBalances.balance} + 5` })
      .where(and(eq(ledgerBalances.organizationId, orgId), eq(ledgerBalances.accountId, ids.s2026002!)));
    expect((await check()).drifted).toEqual([
      { userId: ids.s2026002, userName: 's2026002', realName: expect.any(String), balance: 11, ledgerSum: 6 },
    ]);
    // The nightly job finds the same and logs it.
    const warnings: unknown[] = [];
    const found = await checkAllDrift(db(), { warn: (o: unknown) => warnings.push(o) });
    expect(found.drifted).toBe(1);
    expect(warnings).toEqual([{ orgId, drifted: [{ userId: ids.s2026002, balance: 11, ledgerSum: 6 }] }]);
  });
});
