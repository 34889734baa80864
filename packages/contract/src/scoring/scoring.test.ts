import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AnswerKey,
  type GapRules,
  keyAnswer,
  normalizeText,
  type ScorableQuestion,
  type SimpleKey,
  scoreAnswer,
} from './scoring';

const strict: GapRules = {
  ignoreCase: false,
  normalizeSpace: false,
  fullHalfWidth: false,
  numericTolerance: null,
  anyOrder: false,
};
const lenient: GapRules = {
  ignoreCase: true,
  normalizeSpace: true,
  fullHalfWidth: true,
  numericTolerance: 0.01,
  anyOrder: false,
};

describe('choice and true/false', () => {
  it('single choice: the right label or nothing', () => {
    const q: ScorableQuestion = { score: 2, key: { type: 1, correct: 'B' } };
    expect(scoreAnswer(q, 'B').score).toBe(2);
    expect(scoreAnswer(q, 'A').score).toBe(0);
    expect(scoreAnswer(q, ['B']).score).toBe(0);
    expect(scoreAnswer(q, null).score).toBe(0);
  });

  it('multiple choice: all or nothing, or a part score for a correct subset without wrong options', () => {
    const all: ScorableQuestion = { score: 4, key: { type: 2, correct: ['A', 'C'], partial: 1, partScore: null } };
    expect(scoreAnswer(all, ['C', 'A']).score).toBe(4);
    expect(scoreAnswer(all, ['A']).score).toBe(0);
    const part: ScorableQuestion = { score: 4, key: { type: 2, correct: ['A', 'C', 'D'], partial: 2, partScore: 1.5 } };
    expect(scoreAnswer(part, ['A']).score).toBe(1.5);
    expect(scoreAnswer(part, ['A', 'D']).score).toBe(1.5);
    expect(scoreAnswer(part, ['A', 'B']).score).toBe(0);
    expect(scoreAnswer(part, []).score).toBe(0);
    expect(scoreAnswer(part, ['A', 'C', 'D', 'A']).score).toBe(4);
    const half: ScorableQuestion = { score: 3, key: { type: 2, correct: ['A', 'B'], partial: 2, partScore: null } };
    expect(scoreAnswer(half, ['B']).score).toBe(1.5);
  });

  it('true or false', () => {
    const q: ScorableQuestion = { score: 1, key: { type: 3, correct: false } };
    expect(scoreAnswer(q, false).score).toBe(1);
    expect(scoreAnswer(q, true).score).toBe(0);
    expect(scoreAnswer(q, 'false').score).toBe(0);
  });
});

describe('gap filling', () => {
  const gap = (
    rules: GapRules,
    blanks = [
      { score: 2, answers: ['Paris'] },
      { score: 3, answers: ['Rome', 'Roma'] },
    ],
  ): ScorableQuestion => ({
    score: 5,
    key: { type: 4, blanks, rules },
  });

  it('scores each blank on its own', () => {
    const r = scoreAnswer(gap(strict), ['Paris', 'Roma']);
    expect(r).toMatchObject({ score: 5, max: 5, parts: [{ score: 2 }, { score: 3 }] });
    expect(scoreAnswer(gap(strict), ['Paris', 'London']).score).toBe(2);
    expect(scoreAnswer(gap(strict), ['paris', ' Rome']).score).toBe(0);
  });

  it('ignores case, surrounding and repeated spaces, and full/half width when asked', () => {
    expect(scoreAnswer(gap(lenient), ['  pARIS ', 'ＲＯＭＥ']).score).toBe(5);
    expect(normalizeText('  New   York ', lenient)).toBe('new york');
    expect(normalizeText('１２３　ＡＢＣ', lenient)).toBe('123 abc');
    const q = gap(lenient, [{ score: 1, answers: ['New York'] }]);
    expect(scoreAnswer(q, ['new    york']).score).toBe(1);
  });

  it('accepts numbers within the tolerance', () => {
    const q = gap(lenient, [{ score: 2, answers: ['3.14'] }]);
    expect(scoreAnswer(q, ['3.141']).score).toBe(2);
    expect(scoreAnswer(q, ['３.１５']).score).toBe(2);
    expect(scoreAnswer(q, ['3.2']).score).toBe(0);
    expect(scoreAnswer(q, ['pi']).score).toBe(0);
  });

  it('matches blanks in any order when allowed, giving the best total', () => {
    const rules = { ...strict, anyOrder: true };
    const q = gap(rules, [
      { score: 1, answers: ['red', 'blue'] },
      { score: 3, answers: ['red'] },
    ]);
    // "red" must go to the 3-point blank and "blue" to the other.
    expect(scoreAnswer(q, ['red', 'blue']).score).toBe(4);
    expect(scoreAnswer(q, ['blue', 'red']).score).toBe(4);
    expect(scoreAnswer(q, ['red', 'red']).score).toBe(4);
    expect(scoreAnswer(q, ['blue', 'blue']).score).toBe(1);
    expect(
      scoreAnswer({ ...q, key: { ...(q.key as Extract<SimpleKey, { type: 4 }>), rules: strict } }, ['blue', 'red'])
        .score,
    ).toBe(4);
    expect(
      scoreAnswer({ ...q, key: { ...(q.key as Extract<SimpleKey, { type: 4 }>), rules: strict } }, ['red', 'blue'])
        .score,
    ).toBe(1);
  });
});

describe('short answer and compose', () => {
  it('suggests keyword points for manual marking, and scores them when automatic', () => {
    const keywords = [
      { word: 'photosynthesis', points: 2 },
      { word: '叶绿体', points: 2 },
    ];
    const manual = scoreAnswer(
      { score: 5, key: { type: 5, keywords, judge: 2 } },
      'Photosynthesis happens in the 叶绿体.',
    );
    expect(manual).toMatchObject({ score: 4, pending: true });
    const auto = scoreAnswer({ score: 3, key: { type: 5, keywords, judge: 1 } }, 'PHOTOSYNTHESIS and 叶绿体');
    expect(auto).toMatchObject({ score: 3, pending: false });
  });

  it('adds up the children of a compose question', () => {
    const key: AnswerKey = {
      type: 6,
      children: [
        { score: 2, key: { type: 1, correct: 'A' } },
        { score: 3, key: { type: 4, blanks: [{ score: 3, answers: ['x'] }], rules: strict } },
        { score: 5, key: { type: 5, keywords: [{ word: 'because', points: 1 }], judge: 2 } },
      ],
    };
    const r = scoreAnswer({ score: 10, key }, ['A', ['y'], 'because of this']);
    expect(r).toMatchObject({ score: 3, max: 10, pending: true });
    expect(r.parts.map((p) => p.score)).toEqual([2, 0, 1]);
  });
});

// Property-based: for any question and any answer, the score is within [0, max], scoring is
// deterministic, and the key's own answer gets full marks (a suggestion for manual judging).
const label = fc.constantFrom('A', 'B', 'C', 'D', 'E', 'F');
const points = fc.integer({ min: 1, max: 20 }).map((n) => n / 2);
const word = fc.string({ minLength: 1, maxLength: 8 }).filter((s) => s.trim() !== '' && !/\s/.test(s));
const rulesArb = fc.record({
  ignoreCase: fc.boolean(),
  normalizeSpace: fc.boolean(),
  fullHalfWidth: fc.boolean(),
  numericTolerance: fc.option(fc.constantFrom(0, 0.01, 0.5), { nil: null }),
  anyOrder: fc.boolean(),
});
const simpleKey: fc.Arbitrary<{ score: number; key: SimpleKey }> = fc.oneof(
  fc.record({ score: points, key: fc.record({ type: fc.constant(1 as const), correct: label }) }),
  fc.record({
    score: points,
    key: fc.record({
      type: fc.constant(2 as const),
      correct: fc.uniqueArray(label, { minLength: 1, maxLength: 6 }),
      partial: fc.constantFrom(1 as const, 2 as const),
      partScore: fc.option(points, { nil: null }),
    }),
  }),
  fc.record({ score: points, key: fc.record({ type: fc.constant(3 as const), correct: fc.boolean() }) }),
  fc
    .record({
      blanks: fc.array(fc.record({ score: points, answers: fc.array(word, { minLength: 1, maxLength: 3 }) }), {
        minLength: 1,
        maxLength: 5,
      }),
      rules: rulesArb,
    })
    .map(({ blanks, rules }) => ({
      score: blanks.reduce((s, b) => s + b.score, 0),
      key: { type: 4 as const, blanks, rules },
    })),
  fc
    .record({
      keywords: fc.array(fc.record({ word, points }), { minLength: 1, maxLength: 4 }),
      judge: fc.constantFrom(1 as const, 2 as const),
    })
    .map(({ keywords, judge }) => ({
      score: keywords.reduce((s, k) => s + k.points, 0),
      key: { type: 5 as const, keywords, judge },
    })),
);
const question: fc.Arbitrary<ScorableQuestion> = fc.oneof(
  simpleKey,
  fc.array(simpleKey, { minLength: 1, maxLength: 4 }).map((children) => ({
    score: children.reduce((s, c) => s + c.score, 0),
    key: { type: 6 as const, children },
  })),
);
const answer: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  any: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    label,
    fc.string({ maxLength: 12 }),
    fc.array(tie('any'), { maxLength: 6 }),
  ),
})).any;

describe('properties', () => {
  it('never negative, never above the maximum, always the same for the same answer', () => {
    fc.assert(
      fc.property(question, answer, (q, a) => {
        const r = scoreAnswer(q, a as never);
        expect(r.score).toBeGreaterThanOrEqual(0);
        expect(r.score).toBeLessThanOrEqual(r.max);
        expect(r.max).toBeCloseTo(q.score, 6);
        expect(scoreAnswer(q, a as never)).toEqual(r);
      }),
      { numRuns: 2000 },
    );
  });

  it('the key itself always gets full marks', () => {
    fc.assert(
      fc.property(question, (q) => {
        const r = scoreAnswer(q, keyAnswer(q.key));
        expect(r.score).toBeCloseTo(r.max, 6);
      }),
      { numRuns: 2000 },
    );
  });
});
