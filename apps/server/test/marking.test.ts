import {
  type Analysis,
  type Attempt,
  type Exam,
  type ExamScores,
  type MarkedPaper,
  type MarkOverview,
  type MarkQueue,
  type MyResult,
  type Page,
  PaperStatus,
  type RegradeResult,
} from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { collectDue } from '../src/modules/exam/attempt.service';
import { examAttempts } from '../src/modules/exam/attempt.table';
import { questions } from '../src/modules/question/question.table';
import { setClock } from '../src/platform/clock';
import { createQuestions, ExamDays, examPeople, FIVE_TYPES, publishedPaper } from './exam-fixture';
import { createTestApp, ok, type TestApp } from './harness';

// Marking after exam day: automatic marking of every type (handed in and collected), hand marking
// by an assigned marker and a second marker's review, a regrade whose preview is what is applied,
// throwing a question out, confirmation locking scores, the students' side, and the analysis
// report against figures computed here independently.

let t: TestApp;
let academic: string;
let teacher: string;
let northTeacher: string;
let paperId: number;
let tokens: Record<string, string>;
let ids: Record<string, number>;
let qids: number[];
const days = new ExamDays('2032-03-02T08:00:00Z');
const { at } = days;
const STUDENTS = ['student', 's2026001', 's2026002', 's2026003', 's2026004', 's2026005', 's2026006'];

beforeAll(async () => {
  t = await createTestApp();
  ({ academic, teacher, northTeacher, tokens, ids } = await examPeople(t, STUDENTS));
  qids = await createQuestions(t, academic, FIVE_TYPES);
  paperId = await publishedPaper(t, academic, {
    name: 'Marking paper',
    passScore: 6,
    sections: [
      { title: 'Objective', items: qids.slice(0, 4).map((questionId) => ({ questionId, score: 2 })) },
      { title: 'Written', items: [{ questionId: qids[4], score: 2 }] },
    ],
  });
});
afterEach(() => setClock(null));
afterAll(() => t.close());

const makeExam = (students: string[], over: Record<string, unknown> = {}): Promise<Exam> =>
  days.publish(t, academic, { name: 'Marking', paperId, studentIds: students.map((s) => ids[s]), ...over });

type Answers = [unknown, unknown, unknown, unknown, unknown];
async function sit(who: string, examId: number, answers: Answers, hand = true): Promise<number> {
  const a = ok(await t.call<Attempt>('POST', '/api/exam/attempt/start', { token: tokens[who], body: { examId } }));
  const items = answers.flatMap((answer, i) =>
    answer === undefined ? [] : [{ questionId: qids[i], answer, revision: 1 }],
  );
  ok(await t.call('POST', '/api/exam/attempt/save', { token: tokens[who], body: { attemptId: a.id, items } }));
  if (hand) ok(await t.call('POST', '/api/exam/attempt/submit', { token: tokens[who], body: { attemptId: a.id } }));
  return a.id;
}
async function attemptRow(attemptId: number) {
  const [row] = await t.database.db
    .select()
    .from(examAttempts)
    .where(and(eq(examAttempts.organizationId, t.ids.demo.orgId), eq(examAttempts.id, attemptId)));
  return row!;
}
const paperOf = (examId: number, attemptId: number, token = academic) =>
  t.call<MarkedPaper>('POST', '/api/answer/paper', { token, body: { examId, attemptId, reveal: true } });
const marksOf = async (examId: number, attemptId: number) => {
  const p = ok(await paperOf(examId, attemptId));
  return p.sections.flatMap((s) => s.items.map((i) => i.mark));
};

const RIGHT: Answers = ['B', ['A', 'C'], true, ['Paris', 'Rome'], 'Light scattering by air'];

describe('automatic marking', () => {
  it('scores every type after a hand-in and after collection, and queues what a teacher judges', async () => {
    const exam = await makeExam(['student', 's2026001', 's2026002']);
    setClock(at(5));
    const right = await sit('student', exam.id, RIGHT);
    // Wrong choice, a correct subset (part score), false, one blank of two, nothing written.
    const mixed = await sit('s2026001', exam.id, ['A', ['A'], false, ['Paris', 'Berlin'], '']);
    const collected = await sit('s2026002', exam.id, ['B', ['A', 'B'], true, undefined, 'no idea'], false);
    setClock(at(70));
    expect(await collectDue(t.database.db)).toEqual([collected]);
    await t.app.jobs.runUntilIdle();

    const r = await attemptRow(right);
    expect(r.status).toBe(PaperStatus.HandedIn);
    expect(r.pendingCount).toBe(1);
    expect(r.score).toBe(8);
    expect(r.scoreMax).toBe(10);
    expect(r.answerStatus).toBe(1);
    const rightMarks = await marksOf(exam.id, right);
    expect(rightMarks.map((m) => m.score)).toEqual([2, 2, 2, 2, null]);
    // The keyword hint is a suggestion, not a score.
    expect(rightMarks[4]).toMatchObject({ manual: true, markingFlag: 1, autoScore: 2 });

    const m = await attemptRow(mixed);
    // A blank written answer needs no teacher: nothing pending, so the paper is marked (7).
    expect(m.status).toBe(PaperStatus.Marked);
    expect(m.endStatus).toBe(PaperStatus.HandedIn);
    expect((await marksOf(exam.id, mixed)).map((x) => x.score)).toEqual([0, 1, 0, 1, 0]);

    const c = await attemptRow(collected);
    expect(c.status).toBe(PaperStatus.AutoCollected);
    expect((await marksOf(exam.id, collected)).map((x) => x.score)).toEqual([2, 0, 2, 0, null]);

    // Marking again (a retried job) changes nothing.
    await t.app.jobs.runUntilIdle();
    expect((await attemptRow(right)).score).toBe(8);

    const list = ok(
      await t.call<Page<{ id: number; ended: number; pendingItems: number; manualItems: number }>>(
        'POST',
        '/api/answer/exams',
        {
          token: academic,
          body: { pendingOnly: true },
        },
      ),
    );
    expect(list.list.find((e) => e.id === exam.id)).toMatchObject({ ended: 3, pendingItems: 2, manualItems: 2 });
  });
});

describe('hand marking, review, regrading and confirmation', () => {
  let exam: Exam;
  const attempts: Record<string, number> = {};
  beforeAll(async () => {
    exam = await makeExam(['student', 's2026001', 's2026002', 's2026003']);
    setClock(at(5));
    attempts.student = await sit('student', exam.id, RIGHT);
    attempts.s2026001 = await sit('s2026001', exam.id, ['A', ['A', 'C'], true, ['paris', 'Rome'], 'Because it is']);
    attempts.s2026002 = await sit('s2026002', exam.id, ['A', ['C'], false, ['Rome', 'Paris'], 'Scattering']);
    attempts.s2026003 = await sit('s2026003', exam.id, ['B', ['B'], true, ['Paris', ''], 'Blue things']);
    setClock(null);
    await t.app.jobs.runUntilIdle();
  });
  // One hand mark (`mark`) or second marker's check (`review`) of `who`'s answer to question `q`.
  const judge = (action: 'mark' | 'review', token: string, who: string, q: number, score: number) =>
    t.call('POST', `/api/answer/${action}`, {
      token,
      body: { examId: exam.id, attemptId: attempts[who], questionId: qids[q], score },
    });
  // A regrade of question `q`: previewed, or applied with `apply`.
  const regrade = (token: string, q: number, change: object, reason: string, apply = false) =>
    t.call<RegradeResult>('POST', '/api/answer/regrade', {
      token,
      body: { examId: exam.id, questionId: qids[q], change, reason, ...(apply ? { apply } : {}) },
    });

  it('lets an assigned marker mark only their question, by question, with the maximum and step checked', async () => {
    // Before being assigned, the teacher does not see the exam at all; another school never does.
    const hidden = await t.call('POST', '/api/answer/overview', { token: teacher, body: { examId: exam.id } });
    expect(hidden.code).not.toBe(1);
    const foreign = await t.call('POST', '/api/answer/overview', { token: northTeacher, body: { examId: exam.id } });
    expect(foreign.code).not.toBe(1);

    const overview = ok(
      await t.call<MarkOverview>('POST', '/api/answer/assign', {
        token: academic,
        body: { examId: exam.id, markers: [{ userId: ids.teacher, questionIds: [qids[4]] }] },
      }),
    );
    expect(overview.questions.map((q) => q.manual)).toEqual([false, false, false, false, true]);
    expect(overview.markers).toEqual([
      expect.objectContaining({ userId: ids.teacher, questionIds: [qids[4]], assigned: 4, marked: 0 }),
    ]);
    // A teacher cannot assign, nor give a student's id as a marker.
    const refused = await t.call('POST', '/api/answer/assign', {
      token: teacher,
      body: { examId: exam.id, markers: [{ userId: ids.teacher, questionIds: qids }] },
    });
    expect(refused.code).not.toBe(1);
    const student = await t.call('POST', '/api/answer/assign', {
      token: academic,
      body: { examId: exam.id, markers: [{ userId: ids.student, questionIds: [qids[4]] }] },
    });
    expect(student.error?.field).toBe('markers.0.userId');

    const queue = ok(
      await t.call<MarkQueue>('POST', '/api/answer/queue', {
        token: teacher,
        body: { examId: exam.id, questionId: qids[4], pendingOnly: true },
      }),
    );
    expect(queue.canMark).toBe(true);
    expect(queue.items.map((i) => i.answer)).toEqual([
      'Light scattering by air',
      'Because it is',
      'Scattering',
      'Blue things',
    ]);
    // Anonymous unless revealed.
    expect(queue.items.every((i) => i.realName === null && /^#\d{4}$/.test(i.code))).toBe(true);

    const tooMuch = await judge('mark', teacher, 'student', 4, 2.5);
    expect(tooMuch.error?.field).toBe('score');
    const offStep = await judge('mark', teacher, 'student', 4, 1.3);
    expect(offStep.error?.field).toBe('score');
    const notMine = await judge('mark', teacher, 'student', 0, 0);
    expect(notMine.error?.key).toBe('notYourQuestion');

    const scores: Record<string, number> = { student: 2, s2026001: 0.5, s2026002: 1.5, s2026003: 0 };
    for (const [who, score] of Object.entries(scores)) {
      const res = ok(
        await t.call<{ attemptScore: number; attemptPending: number }>('POST', '/api/answer/mark', {
          token: teacher,
          body: { examId: exam.id, attemptId: attempts[who], questionId: qids[4], score, comment: `c-${who}` },
        }),
      );
      expect(res.attemptPending).toBe(0);
    }
    expect((await attemptRow(attempts.student)).status).toBe(PaperStatus.Marked);
    expect((await attemptRow(attempts.student)).score).toBe(10);
  });

  it('takes a second marker for the review, with a reason when the score changes', async () => {
    const own = await judge('review', teacher, 's2026002', 4, 1.5);
    expect(own.error?.key).toBe('ownReview');
    const noReason = await judge('review', academic, 's2026002', 4, 2);
    expect(noReason.error?.field).toBe('reason');
    const auto = await judge('review', academic, 's2026002', 0, 0);
    expect(auto.error?.key).toBe('notHandMarked');
    const reviewed = ok(
      await t.call<{ item: { reviewFlag: number; score: number; reviewerName: string } }>(
        'POST',
        '/api/answer/review',
        {
          token: academic,
          body: { examId: exam.id, attemptId: attempts.s2026002, questionId: qids[4], score: 2, reason: 'Full answer' },
        },
      ),
    );
    expect(reviewed.item).toMatchObject({ reviewFlag: 1, score: 2 });
    const history = ok(
      await t.call<Page<{ kind: number; from: number; to: number; reason: string; userName: string }>>(
        'POST',
        '/api/answer/history',
        { token: academic, body: { examId: exam.id, attemptId: attempts.s2026002 } },
      ),
    );
    expect(history.list[0]).toMatchObject({ kind: 2, from: 1.5, to: 2, reason: 'Full answer' });
    expect(history.list[1]).toMatchObject({ kind: 1, from: null, to: 1.5 });
  });

  it('previews a regrade exactly as it then applies it, and audits each change', async () => {
    const change = { kind: 'key', key: { answer: 'A' } };
    const before = await Promise.all(Object.values(attempts).map(attemptRow));
    const preview = ok(await regrade(academic, 0, change, 'Key was wrong'));
    expect(preview.applied).toBe(false);
    expect(preview.affected).toBe(4);
    // Those who answered B lose 2, those who answered A gain 2.
    expect(preview.rows.map((r) => [r.attemptId, r.from, r.to])).toEqual([
      [attempts.student, 2, 0],
      [attempts.s2026001, 0, 2],
      [attempts.s2026002, 0, 2],
      [attempts.s2026003, 2, 0],
    ]);
    // Nothing changed yet.
    expect((await Promise.all(Object.values(attempts).map(attemptRow))).map((r) => r.score)).toEqual(
      before.map((r) => r.score),
    );
    const applied = ok(await regrade(academic, 0, change, 'Key was wrong', true));
    expect({ ...applied, applied: false }).toEqual(preview);
    const after = await Promise.all(Object.values(attempts).map(attemptRow));
    expect(after.map((r) => r.score)).toEqual(preview.rows.map((r) => r.totalTo));
    const history = ok(
      await t.call<Page<{ kind: number }>>('POST', '/api/answer/history', {
        token: academic,
        body: { examId: exam.id, questionId: qids[0] },
      }),
    );
    expect(history.total).toBe(4);
    expect(history.list.every((h) => h.kind === 3)).toBe(true);
    // A key the question cannot hold is refused, naming the field.
    const bad = await regrade(academic, 0, { kind: 'key', key: { answer: 'F' } }, 'x');
    expect(bad.error?.field).toMatch(/^change\.key\.answer/);
    // A teacher (answer:manage but not the owner) cannot regrade.
    const teacherTry = await regrade(teacher, 0, change, 'x');
    expect(teacherTry.code).not.toBe(1);
  });

  it('throws a question out: full marks for all, or out of the total', async () => {
    const full = ok(await regrade(academic, 2, { kind: 'throwOut', mode: 1 }, 'Ambiguous', true));
    // s2026002 answered false: the only change.
    expect(full.rows.map((r) => [r.attemptId, r.from, r.to])).toEqual([[attempts.s2026002, 0, 2]]);
    const removed = ok(await regrade(academic, 2, { kind: 'throwOut', mode: 2 }, 'Ambiguous', true));
    expect(removed.maxTo).toBe(0);
    const row = await attemptRow(attempts.student);
    expect(row.scoreMax).toBe(8);
    // Undo: back to the question as sat.
    ok(await regrade(academic, 2, { kind: 'restore' }, 'Kept after all', true));
    expect((await attemptRow(attempts.student)).scoreMax).toBe(10);
  });

  it('locks scores on confirmation; students see them by the rule, and may query a mark', async () => {
    const early = ok(
      await t.call<MyResult>('POST', '/api/examScore/my', { token: tokens.student, body: { examId: exam.id } }),
    );
    expect(early).toMatchObject({ visible: false, reason: 'notConfirmed', score: null, paper: null });
    const earlyQuery = await t.call('POST', '/api/examScore/myQuery', {
      token: tokens.student,
      body: { examId: exam.id, questionId: qids[0], text: 'Why?' },
    });
    expect(earlyQuery.error?.key).toBe('scoresNotShown');
    // A teacher may not confirm (the office does).
    expect(
      (await t.call('POST', '/api/examScore/confirm', { token: teacher, body: { examId: exam.id } })).code,
    ).not.toBe(1);
    const confirmed = ok(
      await t.call<{ confirmedAt: string; attempts: number }>('POST', '/api/examScore/confirm', {
        token: academic,
        body: { examId: exam.id },
      }),
    );
    expect(confirmed.attempts).toBe(4);
    expect((await attemptRow(attempts.student)).answerStatus).toBe(2);
    const locked = await judge('mark', teacher, 'student', 4, 1);
    expect(locked.error?.key).toBe('scoresConfirmed');
    const lockedRegrade = await regrade(academic, 1, { kind: 'throwOut', mode: 1 }, 'x', true);
    expect(lockedRegrade.error?.key).toBe('scoresConfirmed');

    const mine = ok(
      await t.call<MyResult>('POST', '/api/examScore/my', { token: tokens.student, body: { examId: exam.id } }),
    );
    const row = await attemptRow(attempts.student);
    expect(mine).toMatchObject({ visible: true, score: row.score, candidates: 4, passed: true });
    // Review is off for this exam: no paper with keys.
    expect(mine.paper).toBeNull();
    // Another student's exam id is not theirs.
    const other = await t.call('POST', '/api/examScore/my', { token: tokens.s2026004, body: { examId: exam.id } });
    expect(other.code).not.toBe(1);

    const query = ok(
      await t.call<{ id: number; status: number }>('POST', '/api/examScore/myQuery', {
        token: tokens.s2026003,
        body: { examId: exam.id, questionId: qids[4], text: 'I wrote about light.' },
      }),
    );
    expect(query.status).toBe(1);
    const again = await t.call('POST', '/api/examScore/myQuery', {
      token: tokens.s2026003,
      body: { examId: exam.id, questionId: qids[4], text: 'Again' },
    });
    expect(again.error?.key).toBe('queryOpen');
    // While confirmed, the answer may not change the score; a reply alone is fine.
    const withScore = await t.call('POST', '/api/answer/answerQuery', {
      token: teacher,
      body: { examId: exam.id, queryId: query.id, reply: 'Raised', score: 1 },
    });
    expect(withScore.error?.key).toBe('scoresConfirmed');
    ok(await t.call('POST', '/api/examScore/unconfirm', { token: academic, body: { examId: exam.id } }));
    const answered = ok(
      await t.call<{ status: number; score: number }>('POST', '/api/answer/answerQuery', {
        token: teacher,
        body: { examId: exam.id, queryId: query.id, reply: 'Raised', score: 1 },
      }),
    );
    expect(answered).toMatchObject({ status: 2, score: 1 });
    const audit = ok(
      await t.call<Page<{ kind: number; to: number }>>('POST', '/api/answer/history', {
        token: academic,
        body: { examId: exam.id, attemptId: attempts.s2026003, questionId: qids[4] },
      }),
    );
    expect(audit.list[0]).toMatchObject({ kind: 5, to: 1 });
  });

  it('lists scores with ranks and section scores, and refuses students and other schools', async () => {
    const scores = ok(
      await t.call<ExamScores>('POST', '/api/examScore/page', { token: academic, body: { examId: exam.id } }),
    );
    expect(scores.sectionTitles).toEqual(['Objective', 'Written']);
    const rows = await Promise.all(Object.values(attempts).map(attemptRow));
    const totals = rows.map((r) => r.score!).sort((a, b) => b - a);
    expect(scores.list.map((r) => r.score)).toEqual(totals);
    // Competition ranking: ties share a rank.
    const expectedRanks = totals.map((s) => totals.filter((x) => x > s).length + 1);
    expect(scores.list.map((r) => r.rank)).toEqual(expectedRanks);
    for (const r of scores.list) expect((r.sections[0] ?? 0) + (r.sections[1] ?? 0)).toBeCloseTo(r.score!, 5);
    for (const path of ['/api/examScore/page', '/api/answer/exams', '/api/examScore/analysis']) {
      const res = await t.call('POST', path, { token: tokens.student, body: { examId: exam.id } });
      expect(res.code, path).not.toBe(1);
    }
    const foreign = await t.call('POST', '/api/examScore/page', { token: northTeacher, body: { examId: exam.id } });
    expect(foreign.code).not.toBe(1);
  });
});

describe('the analysis report', () => {
  it('equals figures computed independently, and confirmation feeds the question bank', async () => {
    const who = ['student', 's2026001', 's2026002', 's2026003', 's2026004', 's2026005', 's2026006'];
    const exam = await makeExam(who);
    setClock(at(5));
    const sheets: Answers[] = [
      RIGHT,
      ['A', ['A', 'C'], true, ['Paris', 'Rome'], ''],
      ['B', ['A'], false, ['Paris', ''], ''],
      ['A', ['B'], true, ['', 'Rome'], ''],
      ['B', ['A', 'C'], false, ['Paris', 'Rome'], ''],
      ['A', ['C'], false, ['x', 'y'], ''],
      ['B', ['A', 'B', 'C'], true, ['Paris', 'Rome'], ''],
    ];
    const attemptIds: number[] = [];
    for (let i = 0; i < who.length; i++) attemptIds.push(await sit(who[i], exam.id, sheets[i]));
    setClock(null);
    await t.app.jobs.runUntilIdle();
    ok(
      await t.call('POST', '/api/answer/mark', {
        token: academic,
        body: { examId: exam.id, attemptId: attemptIds[0], questionId: qids[4], score: 1.5 },
      }),
    );
    // Per student and question, read back through the marking screen's own endpoint.
    const grid: number[][] = [];
    for (const id of attemptIds) grid.push((await marksOf(exam.id, id)).map((m) => m.score ?? 0));
    const totals = grid.map((g) => g.reduce((s, x) => s + x, 0));
    const report = ok(
      await t.call<Analysis>('POST', '/api/examScore/analysis', { token: academic, body: { examId: exam.id } }),
    );

    // Independent figures.
    const n = totals.length;
    const avg = totals.reduce((s, x) => s + x, 0) / n;
    const sd = Math.sqrt(totals.reduce((s, x) => s + (x - avg) ** 2, 0) / n);
    const sorted = [...totals].sort((a, b) => a - b);
    expect(report.summary.count).toBe(n);
    expect(report.summary.mean).toBeCloseTo(avg, 2);
    expect(report.summary.stdDev).toBeCloseTo(sd, 2);
    expect(report.summary.median).toBe(sorted[3]);
    expect(report.summary.max).toBe(sorted[6]);
    expect(report.summary.min).toBe(sorted[0]);
    expect(report.summary.passRate).toBeCloseTo(totals.filter((x) => x >= 6).length / n, 4);
    expect(report.summary.excellentRate).toBeCloseTo(totals.filter((x) => x >= 8.5).length / n, 4);
    expect(report.histogram.reduce((s, b) => s + b.count, 0)).toBe(n);
    // Upper and lower 27 %: round(7 × 0.27) = 2 students each, by total then attempt id.
    const order = attemptIds
      .map((id, i) => ({ id, i, total: totals[i] }))
      .sort((a, b) => b.total - a.total || a.id - b.id);
    const upper = order.slice(0, 2).map((o) => o.i);
    const lower = order.slice(-2).map((o) => o.i);
    for (let q = 0; q < 5; q++) {
      const item = report.items[q];
      const col = grid.map((g) => g[q]);
      const mean = col.reduce((s, x) => s + x, 0) / n;
      expect(item.difficulty).toBeCloseTo(mean / 2, 3);
      const up = upper.reduce((s, i) => s + col[i], 0) / 2;
      const low = lower.reduce((s, i) => s + col[i], 0) / 2;
      expect(item.discrimination).toBeCloseTo((up - low) / 2, 3);
      const cov = col.reduce((s, x, i) => s + (x - mean) * (totals[i] - avg), 0);
      const vx = col.reduce((s, x) => s + (x - mean) ** 2, 0);
      const vy = totals.reduce((s, y) => s + (y - avg) ** 2, 0);
      if (vx === 0) expect(item.pointBiserial).toBeNull();
      else expect(item.pointBiserial).toBeCloseTo(cov / Math.sqrt(vx * vy), 3);
    }
    // Distractors: how many picked each option of the single choice.
    expect(report.items[0].options).toEqual([
      expect.objectContaining({ label: 'A', correct: false, count: 3 }),
      expect.objectContaining({ label: 'B', correct: true, count: 4 }),
    ]);

    const stat = async () => {
      const [q] = await t.database.db
        .select({ d: questions.statDifficulty, n: questions.answerCount })
        .from(questions)
        .where(and(eq(questions.organizationId, t.ids.demo.orgId), eq(questions.id, qids[0])));
      return { d: q!.d ?? 0, n: q!.n };
    };
    const before = await stat();
    ok(await t.call('POST', '/api/examScore/confirm', { token: academic, body: { examId: exam.id, force: true } }));
    // A running mean: the earlier exams' figure weighs by the answers it was measured on.
    const now = await stat();
    expect(now.n).toBe(before.n + 7);
    expect(now.d).toBeCloseTo((before.d * before.n + report.items[0].difficulty! * 7) / (before.n + 7), 3);
    const [q0] = await t.database.db
      .select({ d: questions.statDifficulty, n: questions.answerCount })
      .from(questions)
      .where(and(eq(questions.organizationId, t.ids.demo.orgId), eq(questions.id, qids[0])));
    expect(q0!.n).toBe(now.n);
  });
});

describe("a marker's progress", () => {
  it('counts the answers that need a hand, as the question\'s "to mark" does (an empty one scores 0 by itself)', async () => {
    const exam = await makeExam(['s2026004', 's2026005', 's2026006']);
    setClock(at(5));
    const first = await sit('s2026004', exam.id, RIGHT);
    await sit('s2026005', exam.id, ['A', ['A'], false, ['Paris', 'Rome'], 'Scattering of light']);
    await sit('s2026006', exam.id, ['B', ['A', 'C'], true, ['Paris', 'Rome'], '']);
    await t.app.jobs.runUntilIdle();
    const overview = async () =>
      ok(await t.call<MarkOverview>('POST', '/api/answer/overview', { token: academic, body: { examId: exam.id } }));
    ok(
      await t.call('POST', '/api/answer/assign', {
        token: academic,
        body: { examId: exam.id, markers: [{ userId: ids.teacher, questionIds: [qids[4]] }] },
      }),
    );
    let o = await overview();
    expect([o.questions[4].answers, o.questions[4].pending]).toEqual([3, 2]);
    expect(o.markers[0]).toMatchObject({ assigned: 2, marked: 0 });
    ok(
      await t.call('POST', '/api/answer/mark', {
        token: teacher,
        body: { examId: exam.id, attemptId: first, questionId: qids[4], score: 2 },
      }),
    );
    o = await overview();
    expect(o.markers[0]).toMatchObject({ assigned: 2, marked: 1 });
    expect(o.markers[0].assigned - o.markers[0].marked).toBe(o.questions[4].pending);
  });
});
