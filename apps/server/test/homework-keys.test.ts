import {
  type Attempt,
  type CheckAnswerResult,
  type Exam,
  type MarkedPaper,
  type MyResult,
  type Task,
  TaskReveal,
} from '@lyceum/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../src/platform/clock';
import { choice, createQuestions, ExamDays, examPeople, makeClasses, publishedPaper } from './exam-fixture';
import { createTestApp, ok, refused, type TestApp } from './harness';

// Issue 27, findings 3-6: who may change a score through a query (the marker assignment of
// `answer/mark`), a checked homework answer staying final, and when keys reach students: never
// while they may still hand the homework in again, and for an exam only once it has closed for
// everyone (the window's end plus the longest extra time), unless it is a practice exam that says so.
// The demo's Week 3 homework and practice exam are checked in demo-data.test.ts, which builds the demo.

let t: TestApp;
let academic: string;
let teacher: string;
let northTeacher: string;
let tokens: Record<string, string>;
let ids: Record<string, number>;
let examQ: number[];
let examPaperId: number;
let homeQ: number[];
let homePaperId: number;
let teamId: number;
const days = new ExamDays('2034-05-02T08:00:00Z');
const MINUTE = 60_000;
const HOUR = 3_600_000;
const T0 = Date.parse('2034-06-04T08:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const STUDENTS = ['s2026001', 's2026002', 's2026003', 's2026004'];

beforeAll(async () => {
  t = await createTestApp();
  ({ academic, teacher, northTeacher, tokens, ids } = await examPeople(t, STUDENTS));
  examQ = await createQuestions(t, academic, [
    { ...choice('2 + 2?', ['3', '4'], 'B'), analysis: '<p>Count on from two.</p>' },
    { type: 5, stem: '<p>Why is the sky blue?</p>', answer: { reference: '<p>Scattering.</p>' }, score: 2 },
  ]);
  examPaperId = await publishedPaper(t, academic, {
    name: 'Keys paper',
    sections: [{ title: 'All', items: examQ.map((questionId) => ({ questionId, score: 2 })) }],
  });
  homeQ = await createQuestions(t, academic, [
    choice('3 × 3?', ['6', '9'], 'B', 4),
    choice('2 × 5?', ['10', '12'], 'A', 6),
  ]);
  homePaperId = await publishedPaper(t, academic, {
    name: 'Keys homework',
    paperType: 6,
    sections: [{ title: 'All', items: homeQ.map((questionId, i) => ({ questionId, score: [4, 6][i] })) }],
  });
  // The teacher's own class: teachers set homework to the classes they lead.
  [teamId] = await makeClasses(t, academic, 2098, [
    { name: 'Keys class', members: STUDENTS.map((s) => ids[s]), classTeacherId: ids.teacher },
  ]);
});
afterEach(() => setClock(null));
afterAll(() => t.close());

const start = (who: string, examId: number) =>
  t.call<Attempt>('POST', '/api/exam/attempt/start', { token: tokens[who], body: { examId } });
const save = (who: string, attemptId: number, items: { questionId: number; answer: unknown; revision: number }[]) =>
  t.call('POST', '/api/exam/attempt/save', { token: tokens[who], body: { attemptId, items } });
const submit = (who: string, attemptId: number, items: unknown[] = []) =>
  t.call('POST', '/api/exam/attempt/submit', { token: tokens[who], body: { attemptId, items } });
const myResult = (who: string, examId: number) =>
  t.call<MyResult>('POST', '/api/examScore/my', { token: tokens[who], body: { examId } });
const keyOf = (paper: MarkedPaper | null, questionId: number) =>
  paper?.sections.flatMap((s) => s.items).find((i) => i.question.questionId === questionId)?.question.question;

// Starts, answers and hands in; the marking job runs.
async function sit(who: string, examId: number, answers: [number, unknown][]): Promise<number> {
  const a = ok(await start(who, examId));
  const items = answers.map(([questionId, answer]) => ({ questionId, answer, revision: 1 }));
  ok(await submit(who, a.id, items));
  await t.app.jobs.runUntilIdle();
  return a.id;
}

let seq = 0;
const taskBody = (over: Record<string, unknown>, base: number) => ({
  name: `Keys homework ${++seq}`,
  taskType: 1,
  rangeType: 2,
  teamIds: [teamId],
  paperId: homePaperId,
  startTime: iso(base),
  dueTime: iso(base + 48 * HOUR),
  ...over,
});
async function publishTask(over: Record<string, unknown>, base: number): Promise<Task> {
  setClock(base - HOUR);
  const task = ok(await t.call<Task>('POST', '/api/task/create', { token: teacher, body: taskBody(over, base) }));
  ok(await t.call('POST', `/api/task/publish/${task.id}`, { token: teacher, body: {} }));
  const page = ok(await t.call<{ list: Task[] }>('POST', '/api/task/page', { token: teacher, body: { id: task.id } }));
  return page.list[0]!;
}
const redo = (who: string, taskId: number) => t.call('POST', `/api/task/redo/${taskId}`, { token: tokens[who] });

describe('a query answered with a score', () => {
  it('is refused to a marker assigned other questions, as answer/mark is', async () => {
    const exam: Exam = await days.publish(t, academic, {
      name: 'Queries',
      paperId: examPaperId,
      studentIds: [ids.s2026001],
      showScore: 2,
    });
    setClock(days.at(5));
    const attemptId = await sit('s2026001', exam.id, [
      [examQ[0]!, 'B'],
      [examQ[1]!, 'Light scattering'],
    ]);
    ok(
      await t.call('POST', '/api/answer/assign', {
        token: academic,
        body: { examId: exam.id, markers: [{ userId: ids.teacher, questionIds: [examQ[1]] }] },
      }),
    );
    const query = ok(
      await t.call<{ id: number }>('POST', '/api/examScore/myQuery', {
        token: tokens.s2026001,
        body: { examId: exam.id, questionId: examQ[0], text: 'Please look again.' },
      }),
    );
    const scoreOfQ1 = async () => {
      const paper = ok(
        await t.call<MarkedPaper>('POST', '/api/answer/paper', {
          token: academic,
          body: { examId: exam.id, attemptId },
        }),
      );
      return paper.sections.flatMap((s) => s.items).find((i) => i.question.questionId === examQ[0])?.mark.score;
    };
    expect(await scoreOfQ1()).toBe(2);

    // The teacher marks question 2 only: neither `mark` nor a query's answer changes question 1.
    refused(
      await t.call('POST', '/api/answer/mark', {
        token: teacher,
        body: { examId: exam.id, attemptId, questionId: examQ[0], score: 0 },
      }),
      'notYourQuestion',
    );
    const viaQuery = await t.call('POST', '/api/answer/answerQuery', {
      token: teacher,
      body: { examId: exam.id, queryId: query.id, reply: 'Wrong after all.', score: 0 },
    });
    refused(viaQuery, 'notYourQuestion');
    expect(viaQuery.code).toBe(403);
    expect(await scoreOfQ1()).toBe(2);
    // A student, and another school's teacher with the same ids, are refused too.
    expect(
      (
        await t.call('POST', '/api/answer/answerQuery', {
          token: tokens.s2026001,
          body: { examId: exam.id, queryId: query.id, reply: 'x', score: 0 },
        })
      ).code,
    ).toBe(403);
    refused(
      await t.call('POST', '/api/answer/answerQuery', {
        token: northTeacher,
        body: { examId: exam.id, queryId: query.id, reply: 'x', score: 0 },
      }),
      'notFound',
    );
    expect(await scoreOfQ1()).toBe(2);
    // The exam's owner may.
    const answered = ok(
      await t.call<{ status: number; score: number }>('POST', '/api/answer/answerQuery', {
        token: academic,
        body: { examId: exam.id, queryId: query.id, reply: 'Half marks.', score: 1 },
      }),
    );
    expect(answered).toMatchObject({ status: 2, score: 1 });
  });
});

describe('a checked homework answer', () => {
  it('is final: a save of it is refused whatever its revision, and nothing of that save is written', async () => {
    const task = await publishTask({ instantFeedback: true }, T0);
    setClock(T0 + HOUR);
    const a = ok(await start('s2026001', task.examId!));
    ok(await save('s2026001', a.id, [{ questionId: homeQ[0]!, answer: 'A', revision: 1 }]));
    const checked = ok(
      await t.call<CheckAnswerResult>('POST', '/api/task/check', {
        token: tokens.s2026001,
        body: { attemptId: a.id, questionId: homeQ[0] },
      }),
    );
    expect(checked.correct).toBe(false);

    // The probe's save: a revision above the check's, with another question in the same batch.
    const forged = await save('s2026001', a.id, [
      { questionId: homeQ[1]!, answer: 'A', revision: 1 },
      { questionId: homeQ[0]!, answer: 'B', revision: 1_000_000_001 },
    ]);
    refused(forged, 'answerChecked', 'items.1.questionId');
    expect(forged.code).toBe(501);
    refused(
      await save('s2026001', a.id, [{ questionId: homeQ[0]!, answer: 'B', revision: 2 }]),
      'answerChecked',
      'items.0.questionId',
    );
    // With the hand-in, too: the paper stays open.
    refused(
      await submit('s2026001', a.id, [{ questionId: homeQ[0]!, answer: 'B', revision: 2_000_000_000 }]),
      'answerChecked',
    );
    const held = ok(await start('s2026001', task.examId!));
    expect(held.answers.map((x) => [x.questionId, x.answer])).toEqual([[homeQ[0], 'A']]);

    // Another student cannot save into it either.
    refused(await save('s2026002', a.id, [{ questionId: homeQ[1]!, answer: 'A', revision: 5 }]), 'notFound');
    // The rest saves as usual; the checked answer is marked as it was checked.
    ok(await save('s2026001', a.id, [{ questionId: homeQ[1]!, answer: 'A', revision: 1 }]));
    ok(await submit('s2026001', a.id));
    await t.app.jobs.runUntilIdle();
    const result = ok(await myResult('s2026001', task.examId!));
    expect(result.score).toBe(6);
  });
});

describe('homework keys', () => {
  it('refuses a task that shows keys as soon as work is marked while another hand-in remains', async () => {
    setClock(T0 + 5 * 86_400_000 - HOUR);
    const base = T0 + 5 * 86_400_000;
    const bad = await t.call('POST', '/api/task/create', {
      token: teacher,
      body: taskBody({ attemptsAllowed: 2, reveal: TaskReveal.AfterHandIn, showKey: true }, base),
    });
    refused(bad, 'keysBeforeLastHandIn', 'showKey');
    expect(bad.code).toBe(501);
    // Keys after the due time, or no keys, are fine with two hand-ins; one hand-in may show them at once.
    const later = ok(
      await t.call<Task>('POST', '/api/task/create', {
        token: teacher,
        body: taskBody({ attemptsAllowed: 2, reveal: TaskReveal.AfterDue, showKey: true }, base),
      }),
    );
    ok(
      await t.call('POST', '/api/task/create', {
        token: teacher,
        body: taskBody({ attemptsAllowed: 2, showKey: false }, base),
      }),
    );
    ok(await t.call('POST', '/api/task/create', { token: teacher, body: taskBody({ attemptsAllowed: 1 }, base) }));
    // An update into the combination is refused the same way, and changes nothing.
    refused(
      await t.call('POST', '/api/task/update', {
        token: teacher,
        body: { ...taskBody({ attemptsAllowed: 2, reveal: TaskReveal.AfterHandIn }, base), id: later.id },
      }),
      'keysBeforeLastHandIn',
      'showKey',
    );
    const kept = ok(
      await t.call<{ list: Task[] }>('POST', '/api/task/page', { token: teacher, body: { id: later.id } }),
    );
    expect(kept.list[0]?.reveal).toBe(TaskReveal.AfterDue);
  });

  it('shows no key while the student may still hand in again; after the cutoff the keys show', async () => {
    const base = T0 + 10 * 86_400_000;
    const task = await publishTask({ attemptsAllowed: 2, reveal: TaskReveal.AfterDue, showKey: true }, base);
    setClock(base + HOUR);
    const attemptId = await sit('s2026002', task.examId!, []);
    const blank = ok(await myResult('s2026002', task.examId!));
    expect(blank).toMatchObject({ visible: false, reason: 'notDue', paper: null });
    ok(await redo('s2026002', task.id));
    // A redo is of the caller's own paper only: a classmate who handed nothing in has none to reopen.
    refused(await redo('s2026003', task.id), 'taskNotOpen');
    const reopened = ok(await start('s2026002', task.examId!));
    expect(reopened.id).toBe(attemptId);
    ok(await submit('s2026002', attemptId, [{ questionId: homeQ[0]!, answer: 'B', revision: 2 }]));
    await t.app.jobs.runUntilIdle();
    expect(ok(await myResult('s2026002', task.examId!)).paper).toBeNull();
    // Past the cutoff nobody hands in again: score and keys.
    // The hidden exam's grace (a minute) after the cutoff.
    setClock(Date.parse(task.dueTime) + 2 * MINUTE);
    const after = ok(await myResult('s2026002', task.examId!));
    expect(after).toMatchObject({ visible: true, score: 4 });
    expect(keyOf(after.paper, homeQ[1]!)?.answer).toBe('A');
  });

  it('shows keys right after marking when the homework is handed in once', async () => {
    const base = T0 + 15 * 86_400_000;
    const task = await publishTask({ attemptsAllowed: 1, reveal: TaskReveal.AfterHandIn, showKey: true }, base);
    setClock(base + HOUR);
    await sit('s2026003', task.examId!, [[homeQ[0]!, 'B']]);
    const r = ok(await myResult('s2026003', task.examId!));
    expect(r).toMatchObject({ visible: true, score: 4 });
    expect(keyOf(r.paper, homeQ[1]!)?.answer).toBe('A');
    refused(await redo('s2026003', task.id), 'noRedoLeft');
  });
});

describe('exam keys', () => {
  it('reach a student only once the exam has closed for everyone, counting the longest extra time', async () => {
    const exam = await days.publish(t, academic, {
      name: 'Keys exam',
      paperId: examPaperId,
      studentIds: [ids.s2026001, ids.s2026002, ids.s2026003],
      showScore: 2,
      allowReview: true,
    });
    ok(
      await t.call('POST', `/api/exam/override/${exam.id}`, {
        token: academic,
        body: { userId: ids.s2026003, extraTimeFactor: null, extraMinutes: 30 },
      }),
    );
    setClock(days.at(5));
    await sit('s2026001', exam.id, [
      [examQ[0]!, 'B'],
      [examQ[1]!, ''],
    ]);
    // Handed in and marked: the score shows at once, the keys and analysis do not.
    const early = ok(await myResult('s2026001', exam.id));
    expect(early).toMatchObject({ visible: true, score: 2, paper: null });
    const closes = days.at(120) + 30 * MINUTE + 30_000;
    expect(early.reviewFrom).toBe(iso(closes));
    // Others may still start; at the window's end the student with extra time still may.
    setClock(days.at(100));
    ok(await start('s2026002', exam.id));
    setClock(days.at(121));
    expect(ok(await myResult('s2026001', exam.id)).paper).toBeNull();
    ok(await start('s2026003', exam.id));
    setClock(closes - 1000);
    expect(ok(await myResult('s2026001', exam.id)).paper).toBeNull();
    setClock(closes);
    const late = ok(await myResult('s2026001', exam.id));
    expect(late.reviewFrom).toBe(iso(closes));
    const q1 = keyOf(late.paper, examQ[0]!);
    expect(q1?.answer).toBe('B');
    expect(q1?.analysis).toContain('Count on');
    // A student who did not sit it reads nothing of it.
    refused(await myResult('s2026004', exam.id), 'notFound');
  });

  it('reach a student right after hand-in only in a practice exam that says so', async () => {
    for (const [over, field] of [
      [{ showScore: 3, allowReview: true }, 'reviewAfterHandIn'],
      [{ showScore: 2, allowReview: false }, 'reviewAfterHandIn'],
    ] as const) {
      const bad = await t.call('POST', '/api/exam/create', {
        token: academic,
        body: {
          name: 'Not practice',
          paperId: examPaperId,
          windowStart: days.iso(0),
          windowEnd: days.iso(120),
          durationMinutes: 60,
          studentIds: [ids.s2026001],
          reviewAfterHandIn: true,
          ...over,
        },
      });
      refused(bad, 'practiceReview', field);
      expect(bad.code).toBe(501);
    }
    const exam = await days.publish(t, academic, {
      name: 'Practice',
      paperId: examPaperId,
      studentIds: [ids.s2026001, ids.s2026002],
      showScore: 2,
      allowReview: true,
      reviewAfterHandIn: true,
    });
    expect(exam.reviewAfterHandIn).toBe(true);
    setClock(days.at(5));
    await sit('s2026001', exam.id, [[examQ[0]!, 'A']]);
    const r = ok(await myResult('s2026001', exam.id));
    expect(r).toMatchObject({ visible: true, score: 0, reviewFrom: null });
    expect(keyOf(r.paper, examQ[0]!)?.answer).toBe('B');
    // Not to the student still sitting it: their paper is open, so nothing is shown.
    ok(await start('s2026002', exam.id));
    expect(ok(await myResult('s2026002', exam.id))).toMatchObject({ visible: false, reason: 'notEnded', paper: null });
  });
});
