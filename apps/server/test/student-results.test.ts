import type {
  Analysis,
  Attempt,
  Exam,
  ExamScores,
  MyExams,
  MyResult,
  Statistics,
  StudentPortal,
} from '@lyceum/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../src/platform/clock';
import { choice, createQuestions, ExamDays, logins, publishedPaper, userIds } from './exam-fixture';
import { createTestApp, ok, type TestApp } from './harness';

// Issue 36, items 3, 4, 7 and 8: what a student is told of their score follows one rule (myResult's
// visibility) on every surface (My exams, the result, the page after hand-in, the portal's latest
// results), and scores or ranks before marking is finished say so.

let t: TestApp;
let academic: string;
let tokens: Record<string, string>;
let ids: Record<string, number>;
let q: number[];
let machinePaper: number;
let mixedPaper: number;
const days = new ExamDays('2035-03-01T08:00:00Z');
const STUDENTS = ['s2026001', 's2026002', 's2026003'];

beforeAll(async () => {
  t = await createTestApp();
  academic = await t.login('demo', 'academic');
  tokens = await logins(t, STUDENTS);
  ids = await userIds(t, STUDENTS);
  q = await createQuestions(t, academic, [
    choice('2 + 2?', ['3', '4'], 'B'),
    { type: 5, stem: '<p>Why is the sky blue?</p>', answer: { reference: '<p>Scattering.</p>' }, score: 2 },
  ]);
  machinePaper = await publishedPaper(t, academic, {
    name: 'Results machine paper',
    sections: [{ title: 'All', items: [{ questionId: q[0], score: 2 }] }],
  });
  mixedPaper = await publishedPaper(t, academic, {
    name: 'Results mixed paper',
    sections: [{ title: 'All', items: q.map((questionId) => ({ questionId, score: 2 })) }],
  });
});
afterEach(() => setClock(null));
afterAll(() => t.close());

const myResult = async (who: string, examId: number) =>
  ok(await t.call<MyResult>('POST', '/api/examScore/my', { token: tokens[who], body: { examId } }));
const myExams = async (who: string) => ok(await t.call<MyExams>('POST', '/api/exam/my', { token: tokens[who] }));

// Starts, answers and hands in; the marking job runs unless told not to.
async function sit(who: string, examId: number, answers: [number, unknown][], mark = true): Promise<number> {
  const a = ok(await t.call<Attempt>('POST', '/api/exam/attempt/start', { token: tokens[who], body: { examId } }));
  const items = answers.map(([questionId, answer]) => ({ questionId, answer, revision: 1 }));
  ok(await t.call('POST', '/api/exam/attempt/submit', { token: tokens[who], body: { attemptId: a.id, items } }));
  if (mark) await t.app.jobs.runUntilIdle();
  return a.id;
}
const publish = (name: string, paperId: number, showScore: number, students = STUDENTS) =>
  days.publish(t, academic, { name, paperId, studentIds: students.map((s) => ids[s]), showScore });

describe('item 3: My exams and the result drawer give one answer', () => {
  it('a shown score is in the list as in the result; a hidden one is hidden in both, with the same reason', async () => {
    const shown: Exam = await publish('Shown after hand-in', machinePaper, 2, ['s2026001']);
    setClock(days.at(5));
    await sit('s2026001', shown.id, [[q[0], 'B']]);
    const waiting: Exam = await publish('Shown after confirmation', machinePaper, 3, ['s2026001']);
    setClock(days.at(5));
    await sit('s2026001', waiting.id, [[q[0], 'B']]);
    setClock(days.at(200));
    const list = await myExams('s2026001');
    for (const exam of [shown, waiting]) {
      const row = list.exams.find((e) => e.id === exam.id)!;
      const result = await myResult('s2026001', exam.id);
      expect(row.phase).toBe('finished');
      expect({ reason: row.scoreReason, score: row.score }).toEqual({ reason: result.reason, score: result.score });
    }
    expect(list.exams.find((e) => e.id === shown.id)!.score).toBe(2);
    expect(list.exams.find((e) => e.id === waiting.id)!.scoreReason).toBe('notConfirmed');
  });
});

describe('item 4: the score after hand-in', () => {
  it('says "being marked" until the marking job has run, then shows the score', async () => {
    const exam: Exam = await publish('Hand-in score', machinePaper, 2, ['s2026002']);
    setClock(days.at(5));
    await sit('s2026002', exam.id, [[q[0], 'B']], false);
    const before = await myResult('s2026002', exam.id);
    expect({ reason: before.reason, score: before.score }).toEqual({ reason: 'marking', score: null });
    await t.app.jobs.runUntilIdle();
    const after = await myResult('s2026002', exam.id);
    expect({ reason: after.reason, score: after.score, pending: after.pending }).toEqual({
      reason: 'shown',
      score: 2,
      pending: 0,
    });
  });
});

describe('item 7: scores before marking is finished', () => {
  it('are provisional with the answers still to mark; the student gets no rank until nothing is left', async () => {
    const exam: Exam = await publish('Provisional', mixedPaper, 2);
    setClock(days.at(5));
    const attempts: Record<string, number> = {};
    attempts.s2026001 = await sit('s2026001', exam.id, [
      [q[0], 'A'],
      [q[1], 'Scattering'],
    ]);
    attempts.s2026002 = await sit('s2026002', exam.id, [
      [q[0], 'B'],
      [q[1], 'No idea'],
    ]);
    attempts.s2026003 = await sit('s2026003', exam.id, [
      [q[0], 'B'],
      [q[1], 'Light'],
    ]);
    setClock(days.at(200));
    // The student: their score, provisional with their own answers to mark; no rank, no means.
    const mine = await myResult('s2026001', exam.id);
    expect({
      reason: mine.reason,
      score: mine.score,
      pending: mine.pending,
      examPending: mine.examPending,
      rank: mine.rank,
      examMean: mine.examMean,
    }).toEqual({ reason: 'shown', score: 0, pending: 1, examPending: 3, rank: null, examMean: null });
    // Staff: the list and the report say how many answers wait.
    const scores = ok(
      await t.call<ExamScores>('POST', '/api/examScore/page', { token: academic, body: { examId: exam.id } }),
    );
    expect(scores.pending).toBe(3);
    const report = ok(
      await t.call<Analysis>('POST', '/api/examScore/analysis', { token: academic, body: { examId: exam.id } }),
    );
    expect(report.pending).toBe(3);
    // Marked: the figures are final (until confirmation) and the rank appears.
    for (const [who, score] of [
      ['s2026001', 2],
      ['s2026002', 0],
      ['s2026003', 1],
    ] as const) {
      ok(
        await t.call('POST', '/api/answer/mark', {
          token: academic,
          body: { examId: exam.id, attemptId: attempts[who], questionId: q[1], score },
        }),
      );
    }
    const done = await myResult('s2026001', exam.id);
    expect({
      pending: done.pending,
      examPending: done.examPending,
      rank: done.rank,
      candidates: done.candidates,
    }).toEqual({ pending: 0, examPending: 0, rank: 2, candidates: 3 });
    const after = ok(
      await t.call<ExamScores>('POST', '/api/examScore/page', { token: academic, body: { examId: exam.id } }),
    );
    expect(after.pending).toBe(0);
    // Across exams (gradebook-like): confirmed scores only.
    const across = async () =>
      ok(await t.call<Statistics>('POST', '/api/examScore/statistics', { token: academic, body: {} })).exams.map(
        (e) => e.examId,
      );
    expect(await across()).not.toContain(exam.id);
    ok(await t.call('POST', '/api/examScore/confirm', { token: academic, body: { examId: exam.id } }));
    expect(await across()).toContain(exam.id);
  });
});

describe('item 8: the portal latest results', () => {
  it('lists exams whose score the student may see, newest first, beside homework', async () => {
    const older: Exam = await publish('Portal older', machinePaper, 2, ['s2026003']);
    setClock(days.at(5));
    await sit('s2026003', older.id, [[q[0], 'B']]);
    const hidden: Exam = await publish('Portal hidden', machinePaper, 3, ['s2026003']);
    setClock(days.at(5));
    await sit('s2026003', hidden.id, [[q[0], 'B']]);
    const newer: Exam = await publish('Portal newer', machinePaper, 2, ['s2026003']);
    setClock(days.at(5));
    await sit('s2026003', newer.id, [[q[0], 'A']]);
    setClock(days.at(200));
    const portal = ok(await t.call<StudentPortal>('POST', '/api/dashboard/student', { token: tokens.s2026003 }));
    // (The student also sat the provisional exam above, marked since.)
    const exams = portal.results.filter((r) => r.kind === 'exam' && r.title.startsWith('Portal'));
    expect(exams.map((r) => [r.title, r.score])).toEqual([
      [newer.name, 0],
      [older.name, 2],
    ]);
    const times = portal.results.map((r) => Date.parse(r.publishedTime));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});
