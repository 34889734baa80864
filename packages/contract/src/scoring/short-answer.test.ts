import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchSegments, wildcardSegments } from './matching';
import {
  type AcceptedAnswer,
  type AnswerUnit,
  type GapBlank,
  type GapRules,
  keyAnswer,
  type ScorableQuestion,
  scoreAnswer,
} from './scoring';

// Issue 35: short answers marked by whole-answer match (Moodle's shortanswer and numerical), whole-word
// keywords, and gap-filling blanks with wildcards and rules of their own.

const loose: GapRules = {
  ignoreCase: true,
  normalizeSpace: true,
  fullHalfWidth: true,
  numericTolerance: null,
  toleranceMode: 'absolute',
  anyOrder: false,
};
const text = (answer: string, fraction = 1): AcceptedAnswer => ({ answer, fraction, tolerance: null });
const num = (answer: string, tolerance: number, fraction = 1): AcceptedAnswer => ({ answer, fraction, tolerance });
const whole = (
  accepted: AcceptedAnswer[],
  options: { caseSensitive?: boolean; units?: AnswerUnit[]; judge?: 1 | 2 } = {},
): ScorableQuestion => ({
  score: 4,
  key: {
    type: 5,
    keywords: [],
    judge: options.judge ?? 1,
    accepted,
    caseSensitive: options.caseSensitive ?? false,
    units: options.units ?? [],
  },
});
const keywords = (words: string[], wholeWord: boolean): ScorableQuestion => ({
  score: words.length,
  key: { type: 5, keywords: words.map((word) => ({ word, points: 1 })), judge: 1, wholeWord },
});
const score = (q: ScorableQuestion, answer: string) => scoreAnswer(q, answer).score;

describe('whole-answer match', () => {
  it('tells cobalt from carbon monoxide when case-sensitive', () => {
    const cobalt = whole([text('Co')], { caseSensitive: true });
    expect(score(cobalt, 'Co')).toBe(4);
    expect(score(cobalt, ' Co ')).toBe(4);
    expect(score(cobalt, 'CO')).toBe(0);
    expect(score(cobalt, 'co')).toBe(0);
    expect(score(whole([text('Co')]), 'CO')).toBe(4);
  });

  it('reads `*` as any characters, possibly none, and `\\*` as a star', () => {
    const frog = whole([text('F*og')]);
    for (const yes of ['Frog', 'FROG', 'Fog', 'fat dog', '  Fog  ']) expect(score(frog, yes)).toBe(4);
    for (const no of ['Frogs', 'Fg', 'a Frog', '']) expect(score(frog, no)).toBe(0);
    expect(score(whole([text('F*og')], { caseSensitive: true }), 'FROG')).toBe(0);
    const times = whole([text('x\\*y')]);
    expect(score(times, 'x*y')).toBe(4);
    expect(score(times, 'xzy')).toBe(0);
    // Regular-expression characters are themselves.
    expect(score(whole([text('a.c')]), 'abc')).toBe(0);
  });

  it('compares the whole answer, unlike keywords', () => {
    const answer = 'not a frog but a toad';
    expect(score(whole([text('frog')]), answer)).toBe(0);
    expect(score(keywords(['frog'], false), answer)).toBe(1);
  });

  it('gives the fraction of the first accepted answer that matches, in order', () => {
    // A known wrong answer at 0 before a catch-all worth half.
    const q = whole([text('frog'), text('toad', 0), text('*', 0.5)]);
    expect(score(q, 'frog')).toBe(4);
    expect(score(q, 'Toad')).toBe(0);
    expect(score(q, 'newt')).toBe(2);
    // No answer is no answer, even for a catch-all.
    expect(score(q, '   ')).toBe(0);
    expect(scoreAnswer(q, null).score).toBe(0);
    // The same answers in another order: the catch-all now takes toad.
    expect(score(whole([text('frog'), text('*', 0.5), text('toad', 0)]), 'toad')).toBe(2);
  });

  it('reads numbers within a tolerance, with units converted to the base unit', () => {
    const units = [
      { unit: 'm', multiplier: 1 },
      { unit: 'km', multiplier: 0.001 },
      { unit: 'cm', multiplier: 100 },
    ];
    const q = whole([num('2000', 5)], { units });
    for (const yes of ['2000', '2000 m', '2 km', '2km', '2.004 km', '200000 cm', '1998', '２ｋｍ', '2e3'])
      expect(score(q, yes), yes).toBe(4);
    for (const no of ['2', '2.006 km', '2 miles', '2 KM', 'two km', 'km']) expect(score(q, no), no).toBe(0);
    // Without units a unit is unknown: the answer is no number.
    expect(score(whole([num('2000', 5)]), '2000 m')).toBe(0);
  });

  it('takes a numeric `*` as any number and nothing else', () => {
    const q = whole([num('3.14', 0), num('*', 0, 0.25)]);
    expect(score(q, '3.14')).toBe(4);
    expect(score(q, '42')).toBe(1);
    expect(score(q, 'abc')).toBe(0);
  });

  it('leaves a manually judged answer pending, as one part', () => {
    const r = scoreAnswer(whole([text('frog')], { judge: 2 }), 'frog');
    expect(r).toMatchObject({ score: 4, pending: true, parts: [{ index: 0, score: 4, max: 4, correct: null }] });
    expect(scoreAnswer(whole([text('frog')]), 'toad').parts).toEqual([{ index: 0, score: 0, max: 4, correct: false }]);
  });

  it("gives the key's answer: a pattern without its stars, a number as written", () => {
    expect(keyAnswer(whole([text('F*og')]).key)).toBe('Fog');
    expect(keyAnswer(whole([text('*x\\*y*')]).key)).toBe('x*y');
    expect(
      keyAnswer(whole([text('toad', 0), num('2 km', 0)], { units: [{ unit: 'km', multiplier: 0.001 }] }).key),
    ).toBe('2 km');
    expect(keyAnswer(whole([num('*', 1)]).key)).toBe('0');
    // "Fog" is caught by the earlier wrong answer, so the key answers with a letter for the star.
    const shadowed = whole([text('Fog', 0), text('F*og')]);
    expect(keyAnswer(shadowed.key)).toBe('Fxog');
    expect(score(shadowed, keyAnswer(shadowed.key) as string)).toBe(4);
  });

  it('never backtracks: a pattern of many stars against a long near-miss finishes at once', () => {
    const pattern = `${'*a'.repeat(40)}*b`;
    const long = 'a'.repeat(20_000);
    const q = whole([text(pattern)]);
    const started = performance.now();
    expect(score(q, long)).toBe(0);
    expect(score(q, `${long}b`)).toBe(4);
    const gap: ScorableQuestion = {
      score: 1,
      key: { type: 4, blanks: [{ score: 1, answers: [pattern] }], rules: { ...loose, wildcards: true } },
    };
    expect(scoreAnswer(gap, [long]).score).toBe(0);
    // A backtracking regular expression would not finish; this takes a few milliseconds.
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('whole-word keywords', () => {
  it('finds a word only between non-letters', () => {
    const cat = keywords(['cat'], true);
    expect(score(cat, 'the cat sat')).toBe(1);
    expect(score(cat, 'Cat!')).toBe(1);
    expect(score(cat, 'concatenate')).toBe(0);
    expect(score(cat, 'cats')).toBe(0);
    expect(score(cat, 'cat5')).toBe(0);
    expect(score(cat, 'a cat, then concatenate')).toBe(1);
    expect(score(keywords(['cat'], false), 'concatenate')).toBe(1);
    // Accented letters are letters.
    expect(score(keywords(['caf'], true), 'café')).toBe(0);
  });

  it('does not ask Chinese for spaces', () => {
    expect(score(keywords(['光合作用'], true), '植物的光合作用很重要')).toBe(1);
    // Chinese words are not told apart without a dictionary: a part of a word still counts.
    expect(score(keywords(['作用'], true), '光合作用')).toBe(1);
    // A Latin word written straight after Chinese text is a word of its own, but not inside a longer one.
    expect(score(keywords(['cat'], true), '我的cat很小')).toBe(1);
    expect(score(keywords(['cat'], true), '我的cats很小')).toBe(0);
    expect(score(keywords(['CO2', '叶绿体'], true), '产生ＣＯ２，在叶绿体中')).toBe(2);
  });
});

const gaps = (blanks: GapBlank[], rules: GapRules = loose): ScorableQuestion => ({
  score: blanks.reduce((s, b) => s + b.score, 0),
  key: { type: 4, blanks, rules },
});

describe('gap filling with wildcards and rules per blank', () => {
  it('matches wildcard patterns against the whole entry when the question asks', () => {
    const q = gaps([{ score: 1, answers: ['F*og'] }], { ...loose, wildcards: true });
    expect(scoreAnswer(q, ['Frog']).score).toBe(1);
    expect(scoreAnswer(q, ['a frog']).score).toBe(0);
    expect(scoreAnswer(gaps([{ score: 1, answers: ['F*og'] }]), ['Frog']).score).toBe(0);
    expect(scoreAnswer(gaps([{ score: 1, answers: ['F*og'] }]), ['F*og']).score).toBe(1);
  });

  it("applies a blank's own rules over the question's", () => {
    const q = gaps([
      { score: 1, answers: ['Co'], rules: { ignoreCase: false } },
      { score: 1, answers: ['3.14'], rules: { numericTolerance: 0.01 } },
      { score: 1, answers: ['*phyll'], rules: { wildcards: true }, partial: [{ answer: 'chloro*', fraction: 0.5 }] },
      { score: 1, answers: ['water'] },
    ]);
    expect(scoreAnswer(q, ['Co', '3.149', 'Chlorophyll', 'WATER']).score).toBe(4);
    expect(scoreAnswer(q, ['CO', '3.16', 'chloroplast', 'water']).parts.map((p) => p.score)).toEqual([0, 0, 0.5, 1]);
    // A blank may switch the question's tolerance off and wildcards off.
    const strictBlank = gaps([{ score: 1, answers: ['1*'], rules: { wildcards: false, numericTolerance: null } }], {
      ...loose,
      wildcards: true,
      numericTolerance: 1,
    });
    expect(scoreAnswer(strictBlank, ['12']).score).toBe(0);
    expect(scoreAnswer(strictBlank, ['1*']).score).toBe(1);
  });

  it('keeps blanks in any order working with rules per blank', () => {
    const q = gaps(
      [
        { score: 2, answers: ['NaCl'], rules: { ignoreCase: false } },
        { score: 1, answers: ['h*o'], rules: { wildcards: true } },
      ],
      { ...loose, anyOrder: true },
    );
    expect(scoreAnswer(q, ['H2O', 'NaCl']).score).toBe(3);
    expect(scoreAnswer(q, ['nacl', 'H2O']).score).toBe(1);
    expect(keyAnswer(q.key)).toEqual(['NaCl', 'ho']);
  });
});

describe('properties', () => {
  const alphabet = fc.constantFrom('a', 'b', 'A', '*', '\\', ' ');
  const small = fc.array(alphabet, { maxLength: 8 }).map((a) => a.join(''));

  it('a pattern without stars is a literal whole match', () => {
    fc.assert(
      fc.property(small, small, (p, s) => {
        const pattern = p.replace(/\*/g, '');
        expect(matchSegments(wildcardSegments(pattern), s)).toBe(s === pattern);
      }),
      { numRuns: 2000 },
    );
  });

  it('the matcher agrees with a regular expression on short texts', () => {
    const quote = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // Few letters, so that segments overlap and repeat (a*b*b against "ab").
    const pattern = fc.array(fc.constantFrom('a', 'b', '*', '*', '\\'), { maxLength: 8 }).map((a) => a.join(''));
    const entry = fc.array(fc.constantFrom('a', 'b', '*'), { maxLength: 8 }).map((a) => a.join(''));
    fc.assert(
      fc.property(pattern, entry, (p, s) => {
        const segments = wildcardSegments(p);
        const re = new RegExp(`^${segments.map(quote).join('.*')}$`, 's');
        expect(matchSegments(segments, s)).toBe(re.test(s));
      }),
      { numRuns: 3000 },
    );
  });

  it("the key's answer gets full marks when a full-marks answer comes first", () => {
    const answer = fc.oneof(
      small.filter((s) => s.trim() !== '').map((s) => text(s)),
      fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((n) => num(String(n), 0.001)),
      fc.constant(num('*', 0)),
    );
    const rest = fc.array(
      fc.tuple(answer, fc.integer({ min: 0, max: 100 })).map(([a, f]) => ({ ...a, fraction: f / 100 })),
      { maxLength: 4 },
    );
    fc.assert(
      fc.property(answer, rest, fc.boolean(), (first, others, caseSensitive) => {
        const q = whole([{ ...first, fraction: 1 }, ...others], {
          caseSensitive,
          units: [{ unit: 'km', multiplier: 0.001 }],
        });
        expect(score(q, keyAnswer(q.key) as string)).toBe(4);
      }),
      { numRuns: 1000 },
    );
  });
});
