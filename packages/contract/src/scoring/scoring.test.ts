import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AnswerKey,
  type AnswerUnit,
  anyOrderFillable,
  type GapRules,
  keyAnswer,
  normalizeText,
  parseNumber,
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
    // The same answer fills one blank only.
    expect(scoreAnswer(q, ['red', 'red']).score).toBe(3);
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

describe('numbers, forms of writing and alternatives', () => {
  const one = (answers: string[], rules: GapRules, partial: { answer: string; fraction: number }[] = []) =>
    ({ score: 2, key: { type: 4, blanks: [{ score: 2, answers, partial }], rules } }) satisfies ScorableQuestion;

  it('reads scientific notation and thousands separators as numbers, not a decimal comma', () => {
    for (const written of ['3×10^8', '3x10^8', '3.0*10^8', '3·10^8', '3e8', '3E8', '300,000,000', '300 000 000']) {
      expect(parseNumber(written)).toBe(3e8);
    }
    expect(parseNumber('3.00x10**-8')).toBe(3e-8);
    expect(parseNumber('−2.5')).toBe(-2.5);
    for (const text of ['1,5', '3,14159', '1,00', '10²', '.e8', ',', '1 00', 'pi', ''])
      expect(parseNumber(text)).toBeNull();
    const q = one(['300000000'], { ...strict, numericTolerance: 0 });
    expect(scoreAnswer(q, ['3×10^8']).score).toBe(2);
    expect(scoreAnswer(q, ['3,0x10^8']).score).toBe(0);
  });

  it('compares numbers exactly without a tolerance, and scales the slack with the number', () => {
    expect(scoreAnswer(one(['3.14'], strict), ['3.140']).score).toBe(2);
    expect(scoreAnswer(one(['3.14'], strict), ['3.1400001']).score).toBe(0);
    expect(scoreAnswer(one(['1e-20'], { ...strict, numericTolerance: 0 }), ['1.0000001e-20']).score).toBe(0);
    expect(scoreAnswer(one(['1.6e-19'], { ...strict, numericTolerance: 0 }), ['0']).score).toBe(0);
    expect(scoreAnswer(one(['7'], { ...strict, numericTolerance: 1 }), ['8']).score).toBe(2);
  });

  it('reads a relative tolerance as a share of the accepted number', () => {
    const q = one(['200'], { ...strict, numericTolerance: 0.05, toleranceMode: 'relative' });
    expect(scoreAnswer(q, ['210']).score).toBe(2);
    expect(scoreAnswer(q, ['190']).score).toBe(2);
    expect(scoreAnswer(q, ['210.5']).score).toBe(0);
  });

  it('keeps superscripts apart from digits, and composes accents even without width folding', () => {
    expect(normalizeText('10²', lenient)).toBe('10²');
    expect(normalizeText('H₂O', lenient)).toBe('h₂o');
    expect(scoreAnswer(one(['102'], lenient), ['10²']).score).toBe(0);
    expect(scoreAnswer(one(['10²'], lenient), ['10²']).score).toBe(2);
    expect(normalizeText('de\u0301part', strict)).toBe('d\u00e9part');
  });

  it('gives an alternative its share of the blank, and finds the best any-order assignment', () => {
    const q = one(['frog'], lenient, [{ answer: 'toad', fraction: 0.8 }]);
    expect(scoreAnswer(q, ['Toad']).score).toBe(1.6);
    expect(scoreAnswer(q, ['frog']).score).toBe(2);
    // Greedy by blank score gives "a" to the 3-point blank and nothing to "b" (3); the best total
    // gives "a" to the 2-point blank and "b" to the 3-point blank at half credit (2 + 1.5).
    const rules = { ...strict, anyOrder: true };
    const mixed: ScorableQuestion = {
      score: 5,
      key: {
        type: 4,
        rules,
        blanks: [
          { score: 3, answers: ['a'], partial: [{ answer: 'b', fraction: 0.5 }] },
          { score: 2, answers: ['a'] },
        ],
      },
    };
    expect(scoreAnswer(mixed, ['a', 'b']).score).toBe(3.5);
    expect(scoreAnswer(mixed, ['b', 'a']).score).toBe(3.5);
    const medals: ScorableQuestion = {
      score: 3,
      key: { type: 4, rules, blanks: [0, 1, 2].map(() => ({ score: 1, answers: ['gold', 'silver', 'bronze'] })) },
    };
    expect(scoreAnswer(medals, ['gold', 'gold', 'gold']).score).toBe(1);
    expect(scoreAnswer(medals, ['bronze', 'gold', 'silver']).score).toBe(3);
  });

  it('multiple choice per option: a share for each correct option, nothing with a wrong one', () => {
    const q: ScorableQuestion = { score: 6, key: { type: 2, correct: ['A', 'B', 'D'], partial: 3, partScore: null } };
    expect(scoreAnswer(q, ['A']).score).toBe(2);
    expect(scoreAnswer(q, ['A', 'D']).score).toBe(4);
    expect(scoreAnswer(q, ['A', 'B', 'D']).score).toBe(6);
    expect(scoreAnswer(q, ['A', 'C']).score).toBe(0);
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
// Words, some of them wildcard patterns (stars, escaped stars) and numbers.
const word = fc.oneof(
  fc.string({ minLength: 1, maxLength: 8 }).filter((s) => s.trim() !== '' && !/\s/.test(s)),
  fc
    .array(fc.constantFrom('a', 'B', 'ß', '*', '\\', '1', '.', '猫'), { minLength: 1, maxLength: 6 })
    .map((a) => a.join('')),
);
const tolerance = fc.option(fc.constantFrom(0, 0.01, 0.5), { nil: null });
const mode = fc.constantFrom('absolute' as const, 'relative' as const);
const rulesArb = fc.record({
  ignoreCase: fc.boolean(),
  normalizeSpace: fc.boolean(),
  fullHalfWidth: fc.boolean(),
  numericTolerance: tolerance,
  toleranceMode: mode,
  anyOrder: fc.boolean(),
  wildcards: fc.boolean(),
});
// A blank's own rules: any of them, or none.
const blankRulesArb = fc.record(
  { ignoreCase: fc.boolean(), wildcards: fc.boolean(), numericTolerance: tolerance, toleranceMode: mode },
  { requiredKeys: [] },
);
const alternative = fc.record({ answer: word, fraction: fc.integer({ min: 1, max: 99 }).map((n) => n / 100) });
const simpleKey: fc.Arbitrary<{ score: number; key: SimpleKey }> = fc.oneof(
  fc.record({ score: points, key: fc.record({ type: fc.constant(1 as const), correct: label }) }),
  fc.record({
    score: points,
    key: fc.record({
      type: fc.constant(2 as const),
      correct: fc.uniqueArray(label, { minLength: 1, maxLength: 6 }),
      partial: fc.constantFrom(1 as const, 2 as const, 3 as const),
      partScore: fc.option(points, { nil: null }),
    }),
  }),
  fc.record({ score: points, key: fc.record({ type: fc.constant(3 as const), correct: fc.boolean() }) }),
  fc
    .record({
      blanks: fc.array(
        fc.record({
          score: points,
          answers: fc.array(word, { minLength: 1, maxLength: 3 }),
          partial: fc.array(alternative, { maxLength: 2 }),
          rules: blankRulesArb,
        }),
        { minLength: 1, maxLength: 5 },
      ),
      rules: rulesArb,
    })
    .map(({ blanks, rules }) => ({
      score: blanks.reduce((s, b) => s + b.score, 0),
      key: { type: 4 as const, blanks, rules },
    }))
    // Only keys the question bank takes: in any order, each blank has an answer of its own.
    .filter(({ key }) => !key.rules.anyOrder || anyOrderFillable(key)),
  fc
    .record({
      keywords: fc.array(fc.record({ word, points }), { minLength: 1, maxLength: 4 }),
      judge: fc.constantFrom(1 as const, 2 as const),
    })
    .map(({ keywords, judge }) => ({
      score: keywords.reduce((s, k) => s + k.points, 0),
      key: { type: 5 as const, keywords, judge },
    })),
  // Whole-answer match, a full-marks answer first (a later one may be caught by an earlier one).
  fc.record({
    score: points,
    key: fc.record({
      type: fc.constant(5 as const),
      keywords: fc.constant<{ word: string; points: number }[]>([]),
      judge: fc.constantFrom(1 as const, 2 as const),
      wholeWord: fc.boolean(),
      accepted: fc
        .array(
          fc.record({
            answer: word,
            fraction: fc.integer({ min: 0, max: 4 }).map((n) => n / 4),
            tolerance: fc.option(fc.constantFrom(0, 0.1), { nil: null }),
          }),
          { minLength: 1, maxLength: 4 },
        )
        .map(([first, ...rest]) => [{ ...first, fraction: 1 }, ...rest]),
      caseSensitive: fc.boolean(),
      units: fc.constant<AnswerUnit[]>([{ unit: 'km', multiplier: 0.001 }]),
    }),
  }),
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

describe('properties of the new modes', () => {
  it('per option: the score grows with each correct pick and is 0 with any wrong pick', () => {
    fc.assert(
      fc.property(
        points,
        fc.uniqueArray(label, { minLength: 1, maxLength: 6 }),
        fc.uniqueArray(label, { maxLength: 6 }),
        (score, correct, picked) => {
          const q: ScorableQuestion = { score, key: { type: 2, correct, partial: 3, partScore: null } };
          const s = scoreAnswer(q, picked).score;
          if (picked.some((p) => !correct.includes(p))) expect(s).toBe(0);
          const extra = correct.find((c) => !picked.includes(c));
          const right = picked.filter((p) => correct.includes(p));
          if (extra) {
            expect(scoreAnswer(q, [...right, extra]).score).toBeGreaterThan(scoreAnswer(q, right).score);
          } else if (right.length) {
            expect(scoreAnswer(q, right).score).toBe(score);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('an alternative never earns more than the blank, and never more than the full answer', () => {
    fc.assert(
      fc.property(question, answer, (q, a) => {
        const r = scoreAnswer(q, a as never);
        for (const p of r.parts) expect(p.score).toBeLessThanOrEqual(p.max);
        if (q.key.type === 4) {
          const stripped = { ...q, key: { ...q.key, blanks: q.key.blanks.map((b) => ({ ...b, partial: [] })) } };
          const full = scoreAnswer(stripped, a as never);
          // Alternatives can only add: without them the same answer earns no more.
          expect(full.score).toBeLessThanOrEqual(r.score + 1e-9);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
