import type { Attempt, MyExams, MyTasks, Task, TaskStudentPage } from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { attemptHistory } from '../src/modules/exam/attempt.table';
import { setClock } from '../src/platform/clock';
import { choice, createQuestions, ExamDays, logins, makeClasses, publishedPaper, userIds } from './exam-fixture';
import { createTestApp, ok, refused, type TestApp } from './harness';

// Issue 36, practice that can be repeated: homework handed in more than once, and an exam sat more
// than once, keep every sitting, and the score is the best, the last or the average of them.

let t: TestApp;
let teacher: string;
let tokens: Record<string, string>;
let ids: Record<string, number>;
let q: number[];
let paperId: number;
let examPaperId: number;
let academic: string;
let teamId: number;
const STUDENTS = ['s2026001', 's2026002'];
const HOUR = 3_600_000;
const T0 = Date.parse('2037-05-04T08:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  academic = await t.login('demo', 'academic');
  teacher = await t.login('demo', 'teacher');
  tokens = await logins(t, STUDENTS);
  ids = await userIds(t, [...STUDENTS, 'teacher']);
  [teamId] = await makeClasses(t, academic, 2037, [
    { name: 'Attempts class', members: STUDENTS.map((s) => ids[s]!), classTeacherId: ids.teacher },
  ]);
  q = await createQuestions(t, academic, [choice('1 + 1?', ['2', '3'], 'A', 6), choice('2 + 2?', ['4', '5'], 'A', 4)]);
  paperId = await publishedPaper(t, academic, {
    name: 'Attempts paper',
    paperType: 6,
    sections: [{ title: 'All', items: q.map((questionId, i) => ({ questionId, score: i ? 4 : 6 })) }],
  });
  examPaperId = await publishedPaper(t, academic, {
    name: 'Sittings paper',
    sections: [{ title: 'All', items: q.map((questionId, i) => ({ questionId, score: i ? 4 : 6 })) }],
  });
});
afterEach(() => setClock(null));
afterAll(() => t.close());

let seq = 0;
async function makeTask(scoreCounting: number, attemptsAllowed = 3): Promise<Task> {
  const base = T0 + seq * 7 * 24 * HOUR;
  setClock(base - HOUR);
  const task = ok(
    await t.call<Task>('POST', '/api/task/create', {
      token: teacher,
      body: {
        name: `Practice ${++seq}`,
        taskType: 1,
        rangeType: 2,
        teamIds: [teamId],
        paperId,
        startTime: new Date(base).toISOString(),
        dueTime: new Date(base + 48 * HOUR).toISOString(),
        attemptsAllowed,
        scoreCounting,
        showKey: false,
      },
    }),
  );
  ok(await t.call('POST', `/api/task/publish/${task.id}`, { token: teacher, body: {} }));
  const [row] = ok(
    await t.call<{ list: Task[] }>('POST', '/api/task/page', { token: teacher, body: { id: task.id } }),
  ).list;
  setClock(base + HOUR);
  return row!;
}

// One hand-in with the two answers (right: 'A'), marked by the machine.
async function handIn(who: string, task: Task, answers: [string, string], revision: number) {
  const a = ok(
    await t.call<Attempt>('POST', '/api/exam/attempt/start', { token: tokens[who], body: { examId: task.examId } }),
  );
  const items = q.map((questionId, i) => ({ questionId, answer: answers[i], revision }));
  ok(await t.call('POST', '/api/exam/attempt/submit', { token: tokens[who], body: { attemptId: a.id, items } }));
  await t.app.jobs.runUntilIdle();
}
const redo = (who: string, task: Task) => t.call('POST', `/api/task/redo/${task.id}`, { token: tokens[who] });
const mine = async (who: string, task: Task) =>
  ok(await t.call<MyTasks>('POST', '/api/task/my', { token: tokens[who], body: { view: 'all' } })).tasks.find(
    (x) => x.id === task.id,
  )!;
const student = async (task: Task, who: string) =>
  ok(
    await t.call<TaskStudentPage>('POST', `/api/user/taskStudentList/${task.id}`, {
      token: teacher,
      body: { pageSize: 50 },
    }),
  ).list.find((s) => s.userId === ids[who])!;

// Three hand-ins of 10, 4 and 6 points.
async function threeHandIns(task: Task) {
  await handIn('s2026001', task, ['A', 'A'], 1);
  ok(await redo('s2026001', task));
  await handIn('s2026001', task, ['B', 'A'], 2);
  ok(await redo('s2026001', task));
  await handIn('s2026001', task, ['A', 'B'], 3);
}

describe('homework handed in more than once', () => {
  it('counts the best hand-in, and keeps each one with its answers', async () => {
    const task = await makeTask(1);
    await handIn('s2026001', task, ['A', 'A'], 1);
    ok(await redo('s2026001', task));
    // While the redo is open the best so far stands; the earlier hand-in is listed with its score.
    expect(await student(task, 's2026001')).toMatchObject({ score: 10, earlierScores: [10], handIns: 1 });
    await handIn('s2026001', task, ['B', 'A'], 2);
    const me = await mine('s2026001', task);
    expect(me).toMatchObject({ score: 10, handIns: 2, scoreCounting: 1 });
    expect(me.earlier).toEqual([expect.objectContaining({ no: 1, score: 10, late: false, returned: false })]);
    const [kept] = await t.database.db
      .select()
      .from(attemptHistory)
      .where(and(eq(attemptHistory.examId, task.examId!), eq(attemptHistory.userId, ids.s2026001!)));
    expect(kept).toMatchObject({ attemptNo: 1, rawScore: 10, score: 10, maxScore: 10 });
    expect(kept!.answers).toEqual([
      { questionId: q[0], answer: 'A', score: 6 },
      { questionId: q[1], answer: 'A', score: 4 },
    ]);
  });

  it('counts the last hand-in, or the average of them', async () => {
    const last = await makeTask(2);
    await threeHandIns(last);
    expect(await student(last, 's2026001')).toMatchObject({ score: 6, earlierScores: [10, 4], handIns: 3 });
    const average = await makeTask(3);
    await threeHandIns(average);
    // (10 + 4 + 6) / 3 = 6.67.
    expect(await student(average, 's2026001')).toMatchObject({ score: 6.67, earlierScores: [10, 4] });
    refused(await redo('s2026001', average), 'noRedoLeft');
  });

  it('keeps one copy when the student redoes twice at the same moment, and answers both alike', async () => {
    const task = await makeTask(1);
    await handIn('s2026002', task, ['A', 'B'], 1);
    // Both are answered alike (the paper is open); one copy of the hand-in is kept, one redo counted.
    const replies = await Promise.all([redo('s2026002', task), redo('s2026002', task)]);
    for (const r of replies) ok(r);
    const kept = await t.database.db
      .select()
      .from(attemptHistory)
      .where(and(eq(attemptHistory.examId, task.examId!), eq(attemptHistory.userId, ids.s2026002!)));
    expect(kept.map((k) => k.attemptNo)).toEqual([1]);
    expect(await student(task, 's2026002')).toMatchObject({ handIns: 1, earlierScores: [6] });
  });

  it('refuses a counting rule that is not one of the three', async () => {
    setClock(T0 - HOUR);
    refused(
      await t.call('POST', '/api/task/create', {
        token: teacher,
        body: {
          name: 'Bad counting',
          rangeType: 2,
          teamIds: [teamId],
          paperId,
          startTime: new Date(T0).toISOString(),
          dueTime: new Date(T0 + HOUR).toISOString(),
          scoreCounting: 4,
        },
      }),
      'notOneOf',
      'scoreCounting',
    );
  });
});

describe('an exam sat more than once', () => {
  const days = new ExamDays('2038-03-01T08:00:00Z');
  const sitOnce = async (examId: number, answers: [string, string]) => {
    const a = ok(
      await t.call<Attempt>('POST', '/api/exam/attempt/start', { token: tokens.s2026001, body: { examId } }),
    );
    const items = q.map((questionId, i) => ({ questionId, answer: answers[i], revision: 1 }));
    ok(await t.call('POST', '/api/exam/attempt/submit', { token: tokens.s2026001, body: { attemptId: a.id, items } }));
    await t.app.jobs.runUntilIdle();
    return a;
  };
  const retake = (examId: number) =>
    t.call('POST', '/api/exam/attempt/retake', { token: tokens.s2026001, body: { examId } });
  const myExam = async (examId: number) =>
    ok(await t.call<MyExams>('POST', '/api/exam/my', { token: tokens.s2026001 })).exams.find((e) => e.id === examId)!;
  // An exam of the paper for every student, on the next exam day; `over` sets the sittings' rules.
  const publish = (name: string, over: Record<string, unknown> = {}) =>
    days.publish(t, academic, { name, paperId: examPaperId, studentIds: STUDENTS.map((s) => ids[s]!), ...over });

  it('opens a fresh paper for each sitting while they remain, keeps each, and counts the best', async () => {
    const exam = await publish('Practice', { durationMinutes: 20, showScore: 2, attemptsAllowed: 3, scoreCounting: 1 });
    setClock(days.at(5));
    const first = await sitOnce(exam.id, ['A', 'A']);
    expect(await myExam(exam.id)).toMatchObject({
      score: 10,
      sittings: { no: 1, allowed: 3, counting: 1, canRetake: true, earlier: [] },
    });
    setClock(days.at(30));
    ok(await retake(exam.id));
    const second = ok(
      await t.call<Attempt>('POST', '/api/exam/attempt/start', { token: tokens.s2026001, body: { examId: exam.id } }),
    );
    // The same paper row, open again, with no answers and a new deadline.
    expect(second.id).toBe(first.id);
    expect(second.answers).toEqual([]);
    // Timed from the retake (the test clock runs on from where it was set).
    expect(Math.abs(second.deadline - days.at(50))).toBeLessThan(5_000);
    await sitOnce(exam.id, ['B', 'A']);
    const after = await myExam(exam.id);
    expect(after).toMatchObject({ score: 10, sittings: { no: 2, canRetake: true } });
    expect(after.sittings.earlier).toEqual([expect.objectContaining({ no: 1, score: 10 })]);
    // Two retakes at the same moment: one new sitting, one copy kept.
    setClock(days.at(60));
    const both = await Promise.all([retake(exam.id), retake(exam.id)]);
    for (const r of both) ok(r);
    await sitOnce(exam.id, ['A', 'B']);
    const kept = await t.database.db
      .select()
      .from(attemptHistory)
      .where(and(eq(attemptHistory.examId, exam.id), eq(attemptHistory.userId, ids.s2026001!)));
    expect(kept.map((k) => [k.attemptNo, k.score])).toEqual([
      [1, 10],
      [2, 4],
    ]);
    expect(await myExam(exam.id)).toMatchObject({ score: 10, sittings: { no: 3, canRetake: false } });
    refused(await retake(exam.id), 'noRetakeLeft');
  });

  it('refuses another sitting of an exam sat once, or once its scores are confirmed', async () => {
    const once = await publish('Once');
    setClock(days.at(5));
    await sitOnce(once.id, ['A', 'A']);
    refused(await retake(once.id), 'noRetakeLeft');
    const confirmed = await publish('Confirmed', { attemptsAllowed: 2, scoreCounting: 3 });
    setClock(days.at(5));
    await sitOnce(confirmed.id, ['A', 'B']);
    ok(
      await t.call('POST', '/api/examScore/confirm', { token: academic, body: { examId: confirmed.id, force: true } }),
    );
    refused(await retake(confirmed.id), 'notRetakable');
  });
});
