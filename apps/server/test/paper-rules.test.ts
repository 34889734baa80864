import {
  type ExamPaper,
  PaperBuildMode,
  type PaperRuleInput,
  type QuestionInput,
  QuestionNumberMode,
  QuestionType,
  ResultCode,
  type StudentAnswer,
  type StudentPaper,
  scoreAnswer,
  shownOptions,
  TagType,
  toOriginalAnswer,
  toScorable,
  zQuestionInput,
} from '@lyceum/contract';
import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseCategories, tags } from '../src/modules/catalogue/catalogue.table';
import { drawForStudent } from '../src/modules/exam-paper/paper-draw';
import { loadStudentPlan } from '../src/modules/exam-paper/paper-rules.service';
import { questions, questionTags } from '../src/modules/question/question.table';
import { users } from '../src/modules/user/user.table';
import { seedContext } from '../src/seed/seed-context';
import { createTestApp, ok, type TestApp } from './harness';

// Rule-based papers: the live count (knowledge point subtrees, tags, the last N papers), drawing
// once and swapping, per-student draws (deterministic, same structure and total for everyone,
// different questions where the bank allows, shuffled options scored right) and publish checks.

let t: TestApp;
let teacher: string;
let orgId: number;
let teacherId: number;
let subject: number;
const kp = { root: 0, child: 0, leaf: 0, other: 0 };
const tag = { exam: 0, other: 0 };

// The bank, as the test knows it (independently of the server's matching).
interface BankQuestion {
  id: number;
  type: number;
  difficulty: number;
  subjectId: number | null;
  tagIds: number[];
}
const bank: BankQuestion[] = [];
const SINGLES = 40;

const options = (n: number) =>
  'ABCDE'
    .slice(0, n)
    .split('')
    .map((l) => ({ label: l, content: `<p>Choice ${l}</p>` }));

async function addQuestions(
  rows: { type: number; difficulty: number; subjectId: number | null; tagIds: number[]; n: number }[],
) {
  const db = t.database.db;
  for (const r of rows) {
    const body = (i: number) => {
      switch (r.type) {
        case QuestionType.SingleChoice:
          return { options: options(4), answer: 'ABCD'[i % 4], score: 2 };
        case QuestionType.MultipleChoice:
          return { options: options(5), answer: ['A', 'C', 'D'].slice(0, 2 + (i % 2)), score: 4 };
        case QuestionType.TrueFalse:
          return { options: [], answer: i % 2 === 0, score: 1 };
        default:
          return {
            options: [],
            answer: null,
            score: 4,
            children: [
              { type: 1, stem: '<p>Part one</p>', options: options(3), answer: 'C', score: 2 },
              { type: 2, stem: '<p>Part two</p>', options: options(4), answer: ['B', 'D'], score: 2 },
            ],
          };
      }
    };
    const [row] = await db
      .insert(questions)
      .values({
        organizationId: orgId,
        type: r.type,
        stem: `<p>Question ${bank.length + 1}</p>`,
        ...body(bank.length),
        judgeType: 1,
        difficulty: r.difficulty,
        subjectId: r.subjectId,
        creatorId: teacherId,
      })
      .returning({ id: questions.id });
    if (r.tagIds.length) {
      await db
        .insert(questionTags)
        .values(r.tagIds.map((tagId) => ({ organizationId: orgId, questionId: row!.id, tagId })));
    }
    bank.push({ id: row!.id, type: r.type, difficulty: r.difficulty, subjectId: r.subjectId, tagIds: r.tagIds });
  }
}

beforeAll(async () => {
  t = await createTestApp({ students: 0 });
  teacher = await t.login('demo', 'teacher');
  orgId = t.ids.demo.orgId;
  const db = t.database.db;
  [{ id: teacherId }] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organizationId, orgId), eq(users.userName, 'teacher')));
  [{ id: subject }] = await db
    .insert(courseCategories)
    .values({ organizationId: orgId, name: 'Rules subject' })
    .returning({ id: courseCategories.id });
  const addTag = async (name: string, type: number, parentId: number | null = null) =>
    (await db.insert(tags).values({ organizationId: orgId, name, type, parentId }).returning({ id: tags.id }))[0]!.id;
  kp.root = await addTag('Rules algebra', TagType.KnowledgePoint);
  kp.child = await addTag('Rules equations', TagType.KnowledgePoint, kp.root);
  kp.leaf = await addTag('Rules linear', TagType.KnowledgePoint, kp.child);
  kp.other = await addTag('Rules geometry', TagType.KnowledgePoint);
  tag.exam = await addTag('Rules exam 2026', TagType.Tag);
  tag.other = await addTag('Rules homework', TagType.Tag);
  const kps = [kp.leaf, kp.child, kp.root, kp.other];
  await addQuestions(
    Array.from({ length: SINGLES }, (_, i) => ({
      type: QuestionType.SingleChoice,
      difficulty: (i % 5) + 1,
      subjectId: i % 2 === 0 ? subject : null,
      tagIds: [kps[i % 4]!, ...(i % 3 === 0 ? [tag.exam] : [tag.other])],
      n: i,
    })),
  );
  await addQuestions(
    Array.from({ length: 20 }, (_, i) => ({
      type: QuestionType.MultipleChoice,
      difficulty: (i % 3) + 2,
      subjectId: subject,
      tagIds: [kps[i % 4]!],
      n: i,
    })),
  );
  await addQuestions(
    Array.from({ length: 10 }, (_, i) => ({
      type: QuestionType.TrueFalse,
      difficulty: 2,
      subjectId: null,
      tagIds: [],
      n: i,
    })),
  );
  await addQuestions(
    Array.from({ length: 4 }, (_, i) => ({
      type: QuestionType.Compose,
      difficulty: 3,
      subjectId: null,
      tagIds: [],
      n: i,
    })),
  );
}, 120_000);
afterAll(() => t.close());

const subtreeOf = (id: number) =>
  id === kp.root ? [kp.root, kp.child, kp.leaf] : id === kp.child ? [kp.child, kp.leaf] : [id];
type Rule = Omit<PaperRuleInput, 'id' | 'score'> & { score?: number };
const expected = (r: Rule, exclude: Set<number> = new Set()) =>
  bank.filter((q) => {
    const kps = (r.knowledgePointIds ?? []).flatMap((k) => (r.includeSubtree === false ? [k] : subtreeOf(k)));
    return (
      q.type === r.questionType &&
      (r.difficultyMin == null || q.difficulty >= r.difficultyMin) &&
      (r.difficultyMax == null || q.difficulty <= r.difficultyMax) &&
      (r.subjectId == null || q.subjectId === r.subjectId) &&
      (!kps.length || q.tagIds.some((x) => kps.includes(x))) &&
      (!r.tagIds?.length || q.tagIds.some((x) => r.tagIds?.includes(x))) &&
      !exclude.has(q.id)
    );
  });
const count = async (body: Rule & { paperId?: number }) =>
  t.call<{ count: number }>('POST', '/api/examPaper/ruleCount', { token: teacher, body });

async function createPaper(body: Record<string, unknown>) {
  return t.call<ExamPaper>('POST', '/api/examPaper/create', { token: teacher, body });
}
const select = async (id: number) =>
  ok(await t.call<ExamPaper>('POST', `/api/examPaper/select/${id}`, { token: teacher }));
const act = (name: string, id: number, body: unknown = {}) =>
  t.call<ExamPaper>('POST', `/api/examPaper/${name}/${id}`, { token: teacher, body });

describe('the live count of a rule', () => {
  it('counts knowledge points with and without their subtree, tags, difficulty and subject', async () => {
    const rules: Rule[] = [
      { questionType: 1, knowledgePointIds: [kp.root] },
      { questionType: 1, knowledgePointIds: [kp.root], includeSubtree: false },
      { questionType: 1, knowledgePointIds: [kp.child] },
      { questionType: 1, knowledgePointIds: [kp.root], tagIds: [tag.exam] },
      { questionType: 1, difficultyMin: 2, difficultyMax: 3, subjectId: subject },
      { questionType: 2, knowledgePointIds: [kp.leaf, kp.other], difficultyMin: 3 },
      { questionType: 3 },
      { questionType: 1, numberMode: QuestionNumberMode.AllObjective, tagIds: [tag.other] },
    ];
    const got = [];
    for (const r of rules) got.push(ok(await count(r)).count);
    expect(got).toEqual(rules.map((r) => expected(r).length));
    // The figures the bank was built for, so the comparison above is not vacuous.
    expect(got.slice(0, 3)).toEqual([30, 10, 20]);
  });

  it('refuses a tag where a knowledge point belongs, a bad range and "all objective" for other types, naming the field', async () => {
    const wrong = await count({ questionType: 1, knowledgePointIds: [kp.root, tag.exam] });
    expect(wrong.code).toBe(ResultCode.InvalidParams);
    expect(wrong).toMatchObject({ error: { key: 'notKnowledgePoint', field: 'knowledgePointIds.1' } });
    const tagged = await count({ questionType: 1, tagIds: [kp.leaf] });
    expect(tagged).toMatchObject({ error: { key: 'notPlainTag', field: 'tagIds.0' } });
    const range = await count({ questionType: 1, difficultyMin: 4, difficultyMax: 2 });
    expect(range).toMatchObject({ error: { key: 'difficultyRange', field: 'difficultyMax' } });
    const gap = await count({ questionType: 4, numberMode: QuestionNumberMode.AllObjective });
    expect(gap).toMatchObject({ error: { key: 'notObjectiveType', field: 'questionType' } });
  });

  it('leaves out the questions of the last N papers', async () => {
    const singles = bank.filter((q) => q.type === QuestionType.SingleChoice);
    const manual = (name: string, from: number) =>
      createPaper({
        name,
        sections: [
          { title: 'Part', items: singles.slice(from, from + 5).map((q) => ({ questionId: q.id, score: 2 })) },
        ],
      });
    const older = ok(await manual('Older paper', 0));
    const newer = ok(await manual('Newer paper', 5));
    const idsOf = (from: number) => new Set(singles.slice(from, from + 5).map((q) => q.id));
    const one = ok(await count({ questionType: 1, excludeLastPapers: 1 })).count;
    const two = ok(await count({ questionType: 1, excludeLastPapers: 2 })).count;
    expect(one).toBe(expected({ questionType: 1 }, idsOf(5)).length);
    expect(two).toBe(expected({ questionType: 1 }, new Set([...idsOf(0), ...idsOf(5)])).length);
    expect([one, two]).toEqual([SINGLES - 5, SINGLES - 10]);
    // For a paper being edited, that paper is not one of "the last N".
    const own = ok(await count({ questionType: 1, excludeLastPapers: 1, paperId: newer.id })).count;
    expect(own).toBe(SINGLES - 5);
    expect(older.id).toBeLessThan(newer.id);
  });
});

describe('rules drawn once', () => {
  const rulesA = (): Rule[] => [
    { questionType: 1, count: 5, score: 2, knowledgePointIds: [kp.root] },
    { questionType: 2, count: 3, score: 4, subjectId: subject },
  ];
  const rulesB = (): Rule[] => [{ questionType: 3, numberMode: QuestionNumberMode.AllObjective, score: 1 }];

  it('draws every rule into items frozen at the current versions; swap picks another match', async () => {
    const paper = ok(
      await createPaper({
        name: 'Drawn once',
        buildMode: PaperBuildMode.DrawOnce,
        sections: [
          { title: 'Choices', items: [{ questionId: bank.find((q) => q.type === 6)!.id, score: 4 }], rules: rulesA() },
          { title: 'True or false', rules: rulesB() },
        ],
      }),
    );
    // Before the draw only the hand-added item counts.
    expect(paper).toMatchObject({ totalScore: 4, questionCount: 1 });
    const drawn = ok(await act('draw', paper.id));
    expect(drawn).toMatchObject({ totalScore: 4 + 5 * 2 + 3 * 4 + 10, questionCount: 1 + 5 + 3 + 10 });
    const read = await select(paper.id);
    const [a, b] = read.sections!;
    expect(b!.rules[0]!.count).toBe(10);
    const byRule = (s: typeof a, i: number) => s!.items.filter((x) => x.ruleId === s!.rules[i]!.id);
    expect(a!.items[0]!.ruleId).toBeNull();
    for (const [i, r] of rulesA().entries()) {
      const items = byRule(a, i);
      expect(items).toHaveLength(r.count!);
      const allowed = new Set(expected(r).map((q) => q.id));
      for (const item of items) {
        expect(allowed.has(item.questionId)).toBe(true);
        expect([item.score, item.questionVersion]).toEqual([r.score, 1]);
      }
    }
    const all = read.sections!.flatMap((s) => s.items.map((i) => i.questionId));
    expect(new Set(all).size).toBe(all.length);

    // Swap one drawn question: another match not on the paper, the rest unchanged.
    const target = byRule(a, 0)[2]!;
    const swapped = await select(ok(await act('swap', paper.id, { itemId: target.id })).id);
    const after = swapped.sections![0]!.items.find((i) => i.id === target.id)!;
    expect(after.questionId).not.toBe(target.questionId);
    expect(new Set(expected(rulesA()[0]!).map((q) => q.id)).has(after.questionId)).toBe(true);
    expect(all).not.toContain(after.questionId);
    expect(swapped.totalScore).toBe(drawn.totalScore);
    const manualSwap = await act('swap', paper.id, { itemId: a!.items[0]!.id });
    expect(manualSwap).toMatchObject({
      code: ResultCode.InvalidParams,
      error: { key: 'notDrawnItem', field: 'itemId' },
    });

    // A rule whose every match is on the paper has nothing to swap in.
    const tf = b!.items[0]!;
    const none = await act('swap', paper.id, { itemId: tf.id });
    expect(none).toMatchObject({ error: { key: 'noOtherQuestion', field: 'itemId' } });

    ok(await act('publish', paper.id));
  });

  it('draws only in its mode, and rules need a rule-based mode', async () => {
    const manual = await createPaper({ name: 'Manual with rules', sections: [{ title: 'S', rules: rulesA() }] });
    expect(manual).toMatchObject({ error: { key: 'rulesNeedRuleMode', field: 'sections.0.rules' } });
    const perStudent = ok(
      await createPaper({
        name: 'Per student',
        buildMode: PaperBuildMode.PerStudent,
        sections: [{ title: 'S', rules: rulesA() }],
      }),
    );
    expect(await act('draw', perStudent.id)).toMatchObject({ error: { key: 'notDrawOnce', field: 'buildMode' } });
  });

  it('refuses publishing a drawn-once paper before its rules are drawn', async () => {
    const paper = ok(
      await createPaper({
        name: 'Redraw',
        buildMode: PaperBuildMode.DrawOnce,
        sections: [{ title: 'S', rules: rulesA() }],
      }),
    );
    expect(await act('publish', paper.id)).toMatchObject({
      error: { key: 'ruleNotDrawn', field: 'sections.0.rules.0' },
    });
    ok(await act('draw', paper.id));
    ok(await act('publish', paper.id));
  });
});

describe('publish checks', () => {
  it('refuses an empty section, naming it', async () => {
    const paper = ok(
      await createPaper({
        name: 'Empty section',
        buildMode: PaperBuildMode.PerStudent,
        sections: [
          { title: 'Full', rules: [{ questionType: 1, count: 2, score: 1 }] },
          { title: 'Nothing here', rules: [] },
        ],
      }),
    );
    const res = await act('publish', paper.id);
    expect(res.code).toBe(ResultCode.InvalidParams);
    expect(res).toMatchObject({
      error: { key: 'emptySection', field: 'sections.1', params: { section: 'Nothing here' } },
    });
    expect((await select(paper.id)).status).toBe(1);
  });

  it('refuses a rule the bank cannot fill, alone or together with another rule', async () => {
    const alone = ok(
      await createPaper({
        name: 'Too many',
        buildMode: PaperBuildMode.PerStudent,
        sections: [
          { title: 'Algebra', rules: [{ questionType: 1, count: 50, score: 1, knowledgePointIds: [kp.root] }] },
        ],
      }),
    );
    expect(await act('publish', alone.id)).toMatchObject({
      code: ResultCode.InvalidParams,
      error: {
        key: 'ruleUnsatisfiable',
        field: 'sections.0.rules.0.count',
        params: { section: 'Algebra', rule: 1, needed: 50, found: 30 },
      },
    });
    // Each rule alone fits (30 matches), both together need 40 different questions.
    const together = ok(
      await createPaper({
        name: 'Together',
        buildMode: PaperBuildMode.PerStudent,
        sections: [
          { title: 'One', rules: [{ questionType: 1, count: 20, score: 1, knowledgePointIds: [kp.root] }] },
          { title: 'Two', rules: [{ questionType: 1, count: 20, score: 1, knowledgePointIds: [kp.child] }] },
        ],
      }),
    );
    expect(await act('publish', together.id)).toMatchObject({
      error: { key: 'ruleUnsatisfiable', field: 'sections.1.rules.0.count' },
    });
    // "All objective questions" with no match takes nothing: refused too, not published empty.
    const nothing = ok(
      await createPaper({
        name: 'Nothing matches',
        buildMode: PaperBuildMode.PerStudent,
        sections: [
          {
            title: 'Judgement',
            rules: [{ questionType: 3, numberMode: QuestionNumberMode.AllObjective, score: 1, subjectId: subject }],
          },
        ],
      }),
    );
    expect(nothing).toMatchObject({ totalScore: 0, questionCount: 0 });
    expect(await act('publish', nothing.id)).toMatchObject({
      error: { key: 'ruleUnsatisfiable', field: 'sections.0.rules.0.count', params: { needed: 1, found: 0 } },
    });
  });
});

describe('per-student draws', () => {
  let paper: ExamPaper;
  let plan: Awaited<ReturnType<typeof loadStudentPlan>>;
  const composeId = () => bank.find((q) => q.type === QuestionType.Compose)!.id;
  const rules = (): Rule[] => [
    { questionType: 1, count: 5, score: 2, knowledgePointIds: [kp.root] },
    { questionType: 2, count: 3, score: 4 },
  ];

  beforeAll(async () => {
    paper = ok(
      await createPaper({
        name: 'One paper per student',
        buildMode: PaperBuildMode.PerStudent,
        shuffleQuestions: true,
        shuffleOptions: true,
        sections: [
          { title: 'Choices', items: [{ questionId: composeId(), score: 4 }], rules: rules() },
          {
            title: 'True or false',
            rules: [{ questionType: 3, numberMode: QuestionNumberMode.AllObjective, score: 1 }],
          },
        ],
      }),
    );
    expect(paper).toMatchObject({ totalScore: 4 + 10 + 12 + 10, questionCount: 1 + 5 + 3 + 10 });
    ok(await act('publish', paper.id));
    plan = await loadStudentPlan(t.database.db, seedContext(t.database.db, orgId, teacherId), paper.id);
  });

  const questionSets = (p: StudentPaper) =>
    p.sections.map((s) => s.items.map((i) => i.questionId).sort((x, y) => x - y));

  it('gives 200 students the same structure, counts and total, each deterministic, with different questions', () => {
    const papers = Array.from({ length: 200 }, (_, s) => drawForStudent(plan, 7, 1000 + s));
    const shape = (p: StudentPaper) => p.sections.map((s) => [s.sectionId, s.items.length, s.score]);
    const allowed = rules().map((r) => new Set(expected(r).map((q) => q.id)));
    for (const p of papers) {
      expect(p.totalScore).toBe(paper.totalScore);
      expect(shape(p)).toEqual(shape(papers[0]!));
      const ids = p.sections.flatMap((s) => s.items.map((i) => i.questionId));
      expect(new Set(ids).size).toBe(ids.length);
      for (const item of p.sections[0]!.items) {
        const r = plan.sections[0]!.rules.findIndex((x) => x.ruleId === item.ruleId);
        if (r >= 0) expect(allowed[r]!.has(item.questionId)).toBe(true);
        else expect(item.questionId).toBe(composeId());
      }
      // "All objective questions": every true/false question, for everyone.
      expect(questionSets(p)[1]).toEqual(expected({ questionType: 3 }).map((q) => q.id));
    }
    expect(drawForStudent(plan, 7, 1000)).toEqual(papers[0]);
    const distinct = new Set(papers.map((p) => JSON.stringify(questionSets(p)[0])));
    expect(distinct.size).toBeGreaterThan(190);
    // Another exam gives the same student another paper.
    expect(questionSets(drawForStudent(plan, 8, 1000))).not.toEqual(questionSets(papers[0]!));
    // The order within a section and of the options changes between students too.
    const orders = new Set(papers.map((p) => p.sections[1]!.items.map((i) => i.questionId).join()));
    expect(orders.size).toBeGreaterThan(150);
    const optionOrders = new Set(papers.map((p) => JSON.stringify(p.sections[0]!.items.map((i) => i.optionOrder))));
    expect(optionOrders.size).toBeGreaterThan(150);
  });

  it('is a function of (exam, student, paper): same paper twice, same total always (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 }), fc.integer({ min: 1, max: 2 ** 31 }), (exam, student) => {
        const p = drawForStudent(plan, exam, student);
        expect(drawForStudent(plan, exam, student)).toEqual(p);
        expect(p.totalScore).toBe(paper.totalScore);
        expect(p.sections.map((s) => s.items.length)).toEqual([9, 10]);
      }),
      { numRuns: 300 },
    );
  });

  it('scores an answer given in the shown options as the same choice on the original question', async () => {
    const cache = new Map<number, QuestionInput>();
    const question = async (id: number) => {
      if (!cache.has(id)) {
        const row = ok(await t.call<Record<string, unknown>>('POST', `/api/question/select/${id}`, { token: teacher }));
        cache.set(id, zQuestionInput.parse(row));
      }
      return cache.get(id)!;
    };
    // What the student sees at each shown label, and the shown labels of the correct contents.
    const shownKey = (
      q: { options: { label: string; content: string }[]; answer: unknown },
      order: readonly string[],
    ) => {
      const shown = shownOptions(q.options, order);
      const correct = new Set(
        (Array.isArray(q.answer) ? q.answer : [q.answer]).map((l) => q.options.find((o) => o.label === l)!.content),
      );
      return shown.filter((o) => correct.has(o.content)).map((o) => o.label);
    };
    let checked = 0;
    for (let s = 0; s < 40; s++) {
      const p = drawForStudent(plan, 7, 1000 + s);
      for (const item of p.sections[0]!.items) {
        const q = await question(item.questionId);
        const scorable = toScorable(q);
        const score = (a: StudentAnswer) =>
          scoreAnswer(scorable, toOriginalAnswer(a, { options: item.optionOrder, children: item.childOptionOrders }))
            .score;
        if (q.type === QuestionType.Compose) {
          const orders = item.childOptionOrders!;
          const answer = q.children.map((c, i) => {
            const key = shownKey(c, orders[i]!);
            return c.type === QuestionType.SingleChoice ? key[0]! : key;
          });
          expect(score(answer)).toBe(q.score);
          checked++;
          continue;
        }
        const key = shownKey(q, item.optionOrder!);
        if (q.type === QuestionType.SingleChoice) {
          expect(score(key[0]!)).toBe(q.score);
          for (const label of 'ABCD'.split('').filter((l) => l !== key[0])) expect(score(label)).toBe(0);
        } else {
          expect(score(key)).toBe(q.score);
          // A subset of the shown correct options scores as that subset of the original ones.
          const original = toOriginalAnswer(key.slice(0, 1), { options: item.optionOrder, children: null });
          expect(score(key.slice(0, 1))).toBe(scoreAnswer(scorable, original).score);
          // The unshuffled key read as shown labels is wrong whenever the order moved a correct option.
          const moved = (q.answer as string[]).some((l) => !key.includes(l));
          if (moved) expect(score(q.answer as string[])).toBeLessThan(q.score);
        }
        checked++;
      }
    }
    expect(checked).toBe(40 * 9);
  });
});

describe('measured difficulty in rules', () => {
  // The measured figures confirmed exams leave on questions, written directly: four easy and four
  // hard multiple-choice questions; the other twelve were never answered.
  const multiples = () => bank.filter((q) => q.type === QuestionType.MultipleChoice);
  const easy = () =>
    multiples()
      .slice(0, 4)
      .map((q) => q.id);
  const hard = () =>
    multiples()
      .slice(4, 8)
      .map((q) => q.id);
  beforeAll(async () => {
    const set = (ids: number[], statDifficulty: number) =>
      t.database.db
        .update(questions)
        .set({ statDifficulty, answerCount: 30 })
        .where(and(eq(questions.organizationId, orgId), inArray(questions.id, ids)));
    await set(easy(), 0.85);
    await set(hard(), 0.3);
  });

  it('counts only answered questions within the bounds, and refuses bad bounds naming the field', async () => {
    const counts = [];
    for (const r of [
      { questionType: 2 },
      { questionType: 2, measuredMin: 0.8 },
      { questionType: 2, measuredMax: 0.5 },
      { questionType: 2, measuredMin: 0.3, measuredMax: 0.85 },
      { questionType: 2, measuredMin: 0, measuredMax: 1 },
      { questionType: 2, measuredMin: 0.4, measuredMax: 0.8 },
    ] satisfies Rule[])
      counts.push(ok(await count(r)).count);
    expect(counts).toEqual([20, 4, 4, 8, 8, 0]);
    expect(await count({ questionType: 2, measuredMin: 0.7, measuredMax: 0.2 })).toMatchObject({
      code: ResultCode.InvalidParams,
      error: { key: 'measuredRange', field: 'measuredMax' },
    });
    expect(await count({ questionType: 2, measuredMin: 1.2 })).toMatchObject({
      code: ResultCode.InvalidParams,
      error: { field: 'measuredMin' },
    });
  });

  it('draws easy and hard sections from the measured figures and keeps the bounds on the rule', async () => {
    const paper = ok(
      await createPaper({
        name: 'Measured',
        buildMode: PaperBuildMode.DrawOnce,
        sections: [
          { title: 'Warm-up', rules: [{ questionType: 2, count: 4, score: 4, measuredMin: 0.8 }] },
          { title: 'Challenge', rules: [{ questionType: 2, count: 4, score: 4, measuredMax: 0.5 }] },
        ],
      }),
    );
    ok(await act('draw', paper.id));
    const read = await select(paper.id);
    const drawn = read.sections!.map((s) => s.items.map((i) => i.questionId).sort((a, b) => a - b));
    expect(drawn).toEqual([easy(), hard()]);
    expect(read.sections!.map((s) => [s.rules[0]!.measuredMin, s.rules[0]!.measuredMax])).toEqual([
      [0.8, null],
      [null, 0.5],
    ]);
    // One question more than the bounds allow: the unanswered ones do not make up the number.
    const short = ok(
      await createPaper({
        name: 'Measured, too many',
        buildMode: PaperBuildMode.PerStudent,
        sections: [{ title: 'Easy', rules: [{ questionType: 2, count: 5, score: 4, measuredMin: 0.8 }] }],
      }),
    );
    expect(await act('publish', short.id)).toMatchObject({
      error: { key: 'ruleUnsatisfiable', field: 'sections.0.rules.0.count', params: { needed: 5, found: 4 } },
    });
  });
});
