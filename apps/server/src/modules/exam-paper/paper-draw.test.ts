import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assign,
  type DrawPlan,
  matches,
  mulberry32,
  type PoolQuestion,
  type RuleFilter,
  seedOf,
  Unsatisfiable,
} from './paper-draw';

const q = (id: number): PoolQuestion => ({
  id,
  version: 1,
  type: 1,
  difficulty: 3,
  statDifficulty: null,
  subjectId: null,
  tagIds: [],
  optionCount: 4,
  childOptionCounts: null,
});
const plan = (rules: { count: number; ids: number[] }[][], fixed: number[] = []): DrawPlan => ({
  paperId: 1,
  shuffleQuestions: false,
  shuffleOptions: false,
  sections: rules.map((section, si) => ({
    sectionId: si + 1,
    title: `S${si + 1}`,
    instructions: null,
    fixed:
      si === 0
        ? fixed.map((id) => ({
            itemId: id,
            questionId: id,
            questionVersion: 1,
            score: 1,
            type: 1,
            optionCount: 4,
            childOptionCounts: null,
          }))
        : [],
    rules: section.map((r, ri) => ({ ruleId: si * 10 + ri + 1, count: r.count, score: 1, candidates: r.ids.map(q) })),
  })),
});

describe('assign', () => {
  it('moves questions between overlapping rules when a later rule would run dry', () => {
    // Rule 1 may take 1, 2 or 3; rule 2 only 1 or 2; rule 3 only 1. Only one assignment exists
    // up to rule 1's choice, and a greedy draw often takes what a later rule needs.
    const p = plan([
      [
        { count: 1, ids: [1, 2, 3] },
        { count: 1, ids: [1, 2] },
      ],
      [{ count: 1, ids: [1] }],
    ]);
    for (let seed = 0; seed < 500; seed++) {
      const [[a, b], [c]] = assign(p, mulberry32(seed)).map((s) => s.map((r) => r.map((x) => x.id)));
      expect(c).toEqual([1]);
      expect(b).toEqual([2]);
      expect(a).toEqual([3]);
    }
  });

  it('never gives a question twice nor one the paper has by hand, and names the rule it cannot fill', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (seed) => {
        const p = plan([[{ count: 3, ids: [1, 2, 3, 4, 5, 6] }], [{ count: 2, ids: [4, 5, 6, 7] }]], [1]);
        const ids = assign(p, mulberry32(seed))
          .flat(2)
          .map((x) => x.id);
        expect(ids).toHaveLength(5);
        expect(new Set(ids).size).toBe(5);
        expect(ids).not.toContain(1);
      }),
    );
    const p = plan([[{ count: 2, ids: [1, 2, 3] }], [{ count: 2, ids: [2, 3] }]], [1]);
    try {
      assign(p, mulberry32(3));
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(Unsatisfiable);
      expect([(e as Unsatisfiable).section, (e as Unsatisfiable).rule]).toEqual([1, 0]);
    }
  });

  it('spreads the seeds of neighbouring students apart', () => {
    const seeds = new Set(Array.from({ length: 10_000 }, (_, s) => seedOf(7, s, 3)));
    expect(seeds.size).toBe(10_000);
    const first = Array.from({ length: 1000 }, (_, s) => mulberry32(seedOf(7, s, 3))());
    const mean = first.reduce((a, b) => a + b, 0) / first.length;
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.05);
  });
});

describe('matches', () => {
  const filter = (measuredMin: number | null, measuredMax: number | null): RuleFilter => ({
    questionType: 1,
    difficultyMin: null,
    difficultyMax: null,
    measuredMin,
    measuredMax,
    subjectId: null,
    knowledgePoints: null,
    tags: null,
    excluded: null,
  });
  const measured = (statDifficulty: number | null) => ({ ...q(1), statDifficulty });

  it('keeps measured bounds inclusive and leaves out unanswered questions only when a bound is set', () => {
    expect(matches(measured(null), filter(null, null))).toBe(true);
    expect(matches(measured(null), filter(0, null))).toBe(false);
    expect(matches(measured(null), filter(null, 1))).toBe(false);
    expect(matches(measured(0.4), filter(0.4, 0.8))).toBe(true);
    expect(matches(measured(0.8), filter(0.4, 0.8))).toBe(true);
    expect(matches(measured(0.39), filter(0.4, 0.8))).toBe(false);
    expect(matches(measured(0.81), filter(0.4, 0.8))).toBe(false);
  });
});
