import type { Attempt, StaffWork, Task } from '@lyceum/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../src/platform/clock';
import { createQuestions, ExamDays, FIVE_TYPES, logins, makeClasses, publishedPaper, userIds } from './exam-fixture';
import { createTestApp, ok, refused, type TestApp } from './harness';

// Issue 36, item 9: a staff member's home page lists their work: answers to mark, homework hand-ins to
// mark, today's exams with who has not started; each through the rows their own screens show.

let t: TestApp;
let academic: string;
let teacher: string;
let tokens: Record<string, string>;
let ids: Record<string, number>;
let qids: number[];
const STUDENTS = ['s2026001', 's2026002', 's2026003'];
const days = new ExamDays('2032-05-03T08:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  [academic, teacher] = await Promise.all([t.login('demo', 'academic'), t.login('demo', 'teacher')]);
  tokens = await logins(t, STUDENTS);
  ids = await userIds(t, STUDENTS);
  qids = await createQuestions(t, academic, FIVE_TYPES);
});
afterEach(() => setClock(null));
afterAll(() => t.close());

const work = (token: string, dayStart: string, dayEnd: string) =>
  t.call<StaffWork>('POST', '/api/dashboard/work', { token, body: { dayStart, dayEnd } });

describe("a staff member's work", () => {
  it("lists today's exam with who started, handed in and not yet; the answers to mark; a teacher not theirs", async () => {
    const paperId = await publishedPaper(t, academic, {
      name: 'Work paper',
      sections: [{ title: 'All', items: qids.map((questionId) => ({ questionId, score: 2 })) }],
    });
    const exam = await days.publish(t, academic, {
      name: 'Work exam',
      paperId,
      studentIds: STUDENTS.map((s) => ids[s]),
    });
    setClock(days.at(10));
    const start = async (who: string) =>
      ok(await t.call<Attempt>('POST', '/api/exam/attempt/start', { token: tokens[who], body: { examId: exam.id } }));
    const a = await start('s2026001');
    await start('s2026002');
    ok(
      await t.call('POST', '/api/exam/attempt/save', {
        token: tokens.s2026001,
        body: { attemptId: a.id, items: [{ questionId: qids[4], answer: 'A written answer', revision: 1 }] },
      }),
    );
    ok(await t.call('POST', '/api/exam/attempt/submit', { token: tokens.s2026001, body: { attemptId: a.id } }));
    await t.app.jobs.runUntilIdle();

    const dayStart = days.iso(-8 * 60);
    const dayEnd = days.iso(16 * 60);
    const mine = ok(await work(academic, dayStart, dayEnd));
    expect(mine.today).toEqual([
      expect.objectContaining({ id: exam.id, candidates: 3, started: 2, handedIn: 1, notStarted: 1 }),
    ]);
    expect(mine.marking?.list).toEqual([expect.objectContaining({ id: exam.id, pending: 1 })]);
    expect(mine.marking).toMatchObject({ exams: 1, answers: 1 });
    expect(mine.homework).toMatchObject({ tasks: 0, handIns: 0, list: [] });

    // The teacher neither made, invigilates nor marks it: none of it is theirs.
    const theirs = ok(await work(teacher, dayStart, dayEnd));
    expect(theirs.today).toEqual([]);
    expect(theirs.marking?.list ?? []).toEqual([]);
    // Another day has no exam.
    expect(ok(await work(academic, days.iso(16 * 60), days.iso(40 * 60))).today).toEqual([]);
  });

  it("counts the teacher's homework hand-ins waiting for them, and only their own", async () => {
    const base = Date.parse('2032-06-07T08:00:00Z');
    setClock(base - 3_600_000);
    const homePaper = await publishedPaper(t, academic, {
      name: 'Work homework',
      paperType: 6,
      sections: [{ title: 'All', items: [{ questionId: qids[4], score: 2 }] }],
    });
    const [teamId] = await makeClasses(t, academic, 2097, [
      {
        name: 'Work class',
        members: STUDENTS.map((s) => ids[s]),
        classTeacherId: (await userIds(t, ['teacher'])).teacher,
      },
    ]);
    const task = ok(
      await t.call<Task>('POST', '/api/task/create', {
        token: teacher,
        body: {
          name: 'Work homework',
          taskType: 1,
          rangeType: 2,
          teamIds: [teamId],
          paperId: homePaper,
          startTime: new Date(base).toISOString(),
          dueTime: new Date(base + 48 * 3_600_000).toISOString(),
        },
      }),
    );
    ok(await t.call('POST', `/api/task/publish/${task.id}`, { token: teacher, body: {} }));
    const [row] = ok(
      await t.call<{ list: Task[] }>('POST', '/api/task/page', { token: teacher, body: { id: task.id } }),
    ).list;
    setClock(base + 3_600_000);
    const a = ok(
      await t.call<Attempt>('POST', '/api/exam/attempt/start', {
        token: tokens.s2026002,
        body: { examId: row!.examId },
      }),
    );
    ok(
      await t.call('POST', '/api/exam/attempt/save', {
        token: tokens.s2026002,
        body: { attemptId: a.id, items: [{ questionId: qids[4], answer: 'My homework answer', revision: 1 }] },
      }),
    );
    ok(await t.call('POST', '/api/exam/attempt/submit', { token: tokens.s2026002, body: { attemptId: a.id } }));
    await t.app.jobs.runUntilIdle();
    const day = ['2032-06-07T00:00:00Z', '2032-06-08T00:00:00Z'] as const;
    expect(ok(await work(teacher, ...day)).homework).toEqual({
      tasks: 1,
      handIns: 1,
      list: [{ id: task.id, examId: row!.examId, name: 'Work homework', toMark: 1 }],
    });
    // Homework is not an exam to mark on the marking list, nor today's exam.
    const mine = ok(await work(teacher, ...day));
    expect(mine.marking?.list.some((e) => e.id === row!.examId)).toBe(false);
    expect(mine.today?.some((e) => e.id === row!.examId)).toBe(false);
  });

  it('is refused to a student, and a day that ends before it starts names dayEnd', async () => {
    const student = tokens.s2026001;
    const denied = await work(student, '2032-05-03T00:00:00Z', '2032-05-04T00:00:00Z');
    expect(denied.code).not.toBe(1);
    refused(await work(academic, '2032-05-04T00:00:00Z', '2032-05-03T00:00:00Z'), 'endBeforeStart', 'dayEnd');
    refused(await work(academic, '2032-05-01T00:00:00Z', '2032-05-09T00:00:00Z'), 'tooBig', 'dayEnd');
  });
});
