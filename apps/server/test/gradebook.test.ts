import type { Attempt, Gradebook, MyGrades, Task } from '@lyceum/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../src/platform/clock';
import { choice, createQuestions, ExamDays, logins, makeClasses, publishedPaper, userIds } from './exam-fixture';
import { createTestApp, ok, refused, sheetRows, type TestApp } from './harness';

// Issue 36, the gradebook: a class's exams and homework of a term, final scores only, weighted
// categories and the organisation's grade bands. Every figure below is worked out by hand.

let t: TestApp;
let academic: string;
let teacher: string;
let tokens: Record<string, string>;
let ids: Record<string, number>;
let teamId: number;
let otherTeamId: number;
let semesterId: number;
const exam: Record<string, number> = {};
const STUDENTS = ['s2026001', 's2026002', 's2026003'] as const;
const days = new ExamDays('2036-03-02T08:00:00Z');
const HOUR = 3_600_000;

// Papers of two single-choice questions worth 6 and 4 (so a student scores 0, 4, 6 or 10).
type Answers = Partial<Record<(typeof STUDENTS)[number], [string, string]>>;
let q: number[];

async function sit(examId: number, answers: Answers) {
  for (const [who, [a, b]] of Object.entries(answers) as [string, [string, string]][]) {
    const attempt = ok(
      await t.call<Attempt>('POST', '/api/exam/attempt/start', { token: tokens[who], body: { examId } }),
    );
    const items = [
      { questionId: q[0], answer: a, revision: 1 },
      { questionId: q[1], answer: b, revision: 1 },
    ];
    ok(
      await t.call('POST', '/api/exam/attempt/submit', { token: tokens[who], body: { attemptId: attempt.id, items } }),
    );
  }
  await t.app.jobs.runUntilIdle();
}

async function sitExam(name: string, paperId: number, answers: Answers, confirm: boolean, over = {}) {
  const e = await days.publish(t, academic, { name, paperId, studentIds: STUDENTS.map((s) => ids[s]!), ...over });
  setClock(days.at(10));
  await sit(e.id, answers);
  setClock(days.at(200));
  if (confirm) ok(await t.call('POST', '/api/examScore/confirm', { token: academic, body: { examId: e.id } }));
  return e.id;
}

async function homework(name: string, paperId: number, start: number, dueHours: number, answers: Answers) {
  setClock(start - HOUR);
  const task = ok(
    await t.call<Task>('POST', '/api/task/create', {
      token: teacher,
      body: {
        name,
        taskType: 1,
        rangeType: 2,
        teamIds: [teamId],
        paperId,
        startTime: new Date(start).toISOString(),
        dueTime: new Date(start + dueHours * HOUR).toISOString(),
      },
    }),
  );
  ok(await t.call('POST', `/api/task/publish/${task.id}`, { token: teacher, body: {} }));
  const [row] = ok(
    await t.call<{ list: Task[] }>('POST', '/api/task/page', { token: teacher, body: { id: task.id } }),
  ).list;
  setClock(start + HOUR);
  await sit(row!.examId!, answers);
  return row!.examId!;
}

const book = async (token: string, team = teamId) =>
  t.call<Gradebook>('POST', '/api/gradebook/get', { token, body: { teamId: team, semesterId } });
const setup = (token: string, body: Record<string, unknown>) =>
  t.call<Gradebook>('POST', '/api/gradebook/setup', { token, body: { teamId, semesterId, ...body } });
const row = (b: Gradebook, who: string) => b.students.find((s) => s.userName === who)!;
const exams6040 = [
  { name: 'Tests', weight: 60, kind: 1 },
  { name: 'Homework', weight: 40, kind: 2 },
];

beforeAll(async () => {
  t = await createTestApp();
  [academic, teacher] = await Promise.all([t.login('demo', 'academic'), t.login('demo', 'teacher')]);
  tokens = await logins(t, STUDENTS);
  ids = await userIds(t, [...STUDENTS, 'teacher']);
  semesterId = ok(
    await t.call<{ id: number }>('POST', '/api/semester/create', {
      token: academic,
      body: { name: '2035–2036 Second term', year: 2035, term: 2, startDate: '2036-02-20', endDate: '2036-07-10' },
    }),
  ).id;
  [teamId, otherTeamId] = await makeClasses(t, academic, 2035, [
    { name: 'Gradebook class', members: STUDENTS.map((s) => ids[s]!), classTeacherId: ids.teacher },
    { name: 'Gradebook other class', members: [] },
  ]);
  q = await createQuestions(t, academic, [choice('1 + 1?', ['2', '3'], 'A', 6), choice('2 + 2?', ['4', '5'], 'A', 4)]);
  const sections = [{ title: 'All', items: q.map((questionId, i) => ({ questionId, score: i ? 4 : 6 })) }];
  const paper = await publishedPaper(t, academic, { name: 'Gradebook paper', sections });
  const homePaper = await publishedPaper(t, academic, { name: 'Gradebook homework', paperType: 6, sections });
  // Mid-term: s1 10, s2 6, s3 absent. Quiz (scores never shown to students): s1 4, s2 10, s3 6.
  exam.mid = await sitExam('Mid-term', paper, { s2026001: ['A', 'A'], s2026002: ['A', 'B'] }, true);
  exam.quiz = await sitExam('Quiz', paper, { s2026001: ['B', 'A'], s2026002: ['A', 'A'], s2026003: ['A', 'B'] }, true, {
    showScore: 1,
  });
  // A final exam sat but not confirmed: its scores are provisional and never reach the gradebook.
  exam.final = await sitExam('Final', paper, { s2026001: ['A', 'A'] }, false);
  // Homework 1, past its due time and marked: s1 10, s2 4, s3 never handed in. Homework 2 still open.
  const april = Date.parse('2036-04-01T08:00:00Z');
  exam.hw1 = await homework('First homework', homePaper, april, 48, { s2026001: ['A', 'A'], s2026002: ['B', 'A'] });
  exam.hw2 = await homework('Second homework', homePaper, april + 24 * HOUR, 24 * 30, { s2026001: ['A', 'A'] });
  setClock(Date.parse('2036-04-10T08:00:00Z'));
});
afterEach(() => setClock(Date.parse('2036-04-10T08:00:00Z')));
afterAll(async () => {
  setClock(null);
  await t.close();
});

describe('the gradebook', () => {
  it('lists the term’s exams and homework, shows final scores only, and starts with default categories', async () => {
    const b = ok(await book(teacher));
    expect(b).toMatchObject({ configured: false, missingAsZero: false, customBands: false });
    expect(b.categories).toEqual([
      { name: 'Exams', weight: 70, kind: 1 },
      { name: 'Homework', weight: 30, kind: 2 },
    ]);
    expect(b.items.map((i) => [i.name.replace(/ \d+$/, ''), i.final, i.waiting, i.category, i.maxScore])).toEqual([
      ['Mid-term', true, null, 0, 10],
      ['Quiz', true, null, 0, 10],
      ['Final', false, 1, 0, 10],
      ['First homework', true, null, 1, 10],
      ['Second homework', false, 2, 1, 10],
    ]);
    // s1 scored 10 in the unconfirmed final and handed in homework 2: neither shows.
    expect(row(b, 's2026001').scores).toEqual([10, 4, null, 10, null]);
    // Exams 70 %: (10 + 4) / 20 = 70 %; homework 30 %: 10 / 10 = 100 %; total 49 + 30 = 79 → C.
    expect(row(b, 's2026001')).toMatchObject({ categories: [70, 100], total: 79, band: 'C' });
  });

  it('weights the categories as set up, and counts a missing score as 0 when told', async () => {
    const b = ok(await setup(teacher, { missingAsZero: false, categories: exams6040, items: [] }));
    expect(b.configured).toBe(true);
    // s1: tests (10 + 4) / 20 = 70 %, homework 100 %: 0.6 × 70 + 0.4 × 100 = 82 → B.
    // s2: tests (6 + 10) / 20 = 80 %, homework 4 / 10 = 40 %: 48 + 16 = 64 → D.
    // s3: tests 6 / 10 (absent from the mid-term: left out) = 60 %, no homework: 60 → D.
    expect(STUDENTS.map((s) => [row(b, s).categories, row(b, s).total, row(b, s).band])).toEqual([
      [[70, 100], 82, 'B'],
      [[80, 40], 64, 'D'],
      [[60, null], 60, 'D'],
    ]);
    // Missing as 0: s3 tests 6 / 20 = 30 %, homework 0 / 10 = 0 %: 18 → F.
    const zero = ok(await setup(teacher, { missingAsZero: true, categories: exams6040, items: [] }));
    expect(row(zero, 's2026003')).toMatchObject({ categories: [30, 0], total: 18, band: 'F' });
    // The quiz left out of the total: s1 tests 10 / 10 = 100 %, homework 100 % → 100.
    const noQuiz = ok(
      await setup(teacher, {
        missingAsZero: false,
        categories: exams6040,
        items: [{ examId: exam.quiz, category: null }],
      }),
    );
    expect(noQuiz.items.find((i) => i.examId === exam.quiz)).toMatchObject({ category: null, assigned: true });
    expect(row(noQuiz, 's2026001')).toMatchObject({ categories: [100, 100], total: 100, band: 'A' });
    ok(await setup(teacher, { missingAsZero: false, categories: exams6040, items: [] }));
  });

  it('takes two saves at the same moment, one after the other', async () => {
    const one = { missingAsZero: false, categories: exams6040, items: [] };
    const two = {
      missingAsZero: true,
      categories: [
        { name: 'All work', weight: 100, kind: 1 },
        { name: 'Homework', weight: 0, kind: 2 },
      ],
      items: [],
    };
    const replies = await Promise.all([setup(teacher, one), setup(academic, two)]);
    for (const r of replies) ok(r);
    const after = ok(await book(teacher));
    expect([one.categories, two.categories]).toContainEqual(after.categories);
    ok(await setup(teacher, one));
  });

  it('refuses a bad setup naming the field, and changes nothing', async () => {
    const before = ok(await book(teacher));
    const bad = (categories: unknown, items: unknown = []) =>
      setup(teacher, { missingAsZero: true, categories, items });
    // Half for tests, and a second category that is wrong beside it.
    const withTests = (second: { name: string; weight: number; kind: number }) => [
      { name: 'Tests', weight: 50, kind: 1 },
      second,
    ];
    refused(await bad(withTests({ name: 'Homework', weight: 40, kind: 2 })), 'weightsNot100', 'categories');
    refused(await bad(withTests({ name: 'tests', weight: 50, kind: 2 })), 'usedTwice', 'categories.1.name');
    refused(
      await bad(withTests({ name: 'More tests', weight: 50, kind: 1 })),
      'oneDefaultPerKind',
      'categories.1.kind',
    );
    refused(await bad(exams6040, [{ examId: exam.mid, category: 2 }]), 'tooBig', 'items.0.category');
    // An exam of no member of this class (another class's gradebook is empty).
    refused(await bad(exams6040, [{ examId: exam.mid + 100_000, category: 0 }]), 'notInGradebook', 'items.0.examId');
    expect(ok(await book(teacher))).toEqual(before);
  });

  it('shows a class only to academic staff and its class teacher; never to a student', async () => {
    expect(ok(await book(academic)).students).toHaveLength(3);
    refused(await book(teacher, otherTeamId), 'notFound');
    refused(
      await t.call('POST', '/api/gradebook/setup', {
        token: teacher,
        body: { teamId: otherTeamId, semesterId, missingAsZero: false, categories: exams6040, items: [] },
      }),
      'notFound',
    );
    refused(await book(tokens.s2026001!), 'forbidden');
  });

  it('gives the student their own row, with the scores shown to students only', async () => {
    const mine = ok(
      await t.call<MyGrades>('POST', '/api/gradebook/my', { token: tokens.s2026001, body: { semesterId } }),
    );
    expect(mine.semester?.id).toBe(semesterId);
    expect(mine.books).toHaveLength(1);
    const [b] = mine.books;
    // The quiz never shows its scores: it is left out here and counted as withheld.
    expect(b!.items.map((i) => i.examId)).toEqual([exam.mid, exam.final, exam.hw1, exam.hw2]);
    expect(b!.withheld).toBe(1);
    // Tests 10 / 10 = 100 %, homework 100 % → 100, A.
    expect(b!.figures).toMatchObject({ scores: [10, null, 10, null], categories: [100, 100], total: 100, band: 'A' });
    const other = ok(
      await t.call<MyGrades>('POST', '/api/gradebook/my', { token: tokens.s2026003, body: { semesterId } }),
    );
    expect(other.books[0]!.figures.scores).toEqual([null, null, null, null]);
  });

  it('uses the organisation’s own scale once saved, by academic staff only', async () => {
    const bands = [
      { label: 'Distinction', minPercent: 80 },
      { label: 'Pass', minPercent: 50 },
      { label: 'Fail', minPercent: 0 },
    ];
    refused(await t.call('POST', '/api/gradebook/scale', { token: teacher, body: { bands } }), 'forbidden');
    refused(
      await t.call('POST', '/api/gradebook/scale', { token: academic, body: { bands: bands.slice(0, 2) } }),
      'lowestBandZero',
    );
    refused(
      await t.call('POST', '/api/gradebook/scale', {
        token: academic,
        body: { bands: [...bands, { label: 'pass', minPercent: 40 }] },
      }),
      'usedTwice',
      'bands.3.label',
    );
    ok(await t.call('POST', '/api/gradebook/scale', { token: academic, body: { bands } }));
    const b = ok(await book(teacher));
    expect(b.customBands).toBe(true);
    expect(STUDENTS.map((s) => row(b, s).band)).toEqual(['Distinction', 'Pass', 'Pass']);
  });

  it('exports the class’s gradebook to Excel', async () => {
    const started = ok(
      await t.call<{ exportId: number }>('POST', '/api/gradebook/export', {
        token: teacher,
        body: { teamId, semesterId },
      }),
    );
    await t.app.jobs.runUntilIdle();
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/export/download/${started.exportId}`,
      headers: { token: teacher },
    });
    const [head, first] = await sheetRows(file.rawPayload);
    expect(head!.slice(0, 3)).toEqual(['User name', 'Name', expect.stringMatching(/^Mid-term \d+ \(\/10\)$/)]);
    expect(head).toContain('Total %');
    expect(first!.slice(0, 2)[0]).toBe('s2026001');
    expect(first!.slice(-2)).toEqual([82, 'Distinction']);
  });
});
