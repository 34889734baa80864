import { describe, expect, it } from 'vitest';
import { scoreAnswer } from '../scoring/scoring';
import { BLANK_MARKER, toScorable, zQuestionInput } from './question';

const opts = ['A', 'B', 'C', 'D'].map((label) => ({ label, content: `<p>Option ${label}</p>` }));
const issues = (input: unknown) => {
  const r = zQuestionInput.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('question rules', () => {
  it('refuses an any-order key two of whose blanks only share one answer (a repeated answer counts once)', () => {
    const gap = (answers: string[][]) => ({
      type: 4,
      stem: `x = ${BLANK_MARKER}, y = ${BLANK_MARKER}`,
      answer: { blanks: answers.map((a) => ({ score: 1, answers: a })), rules: { anyOrder: true } },
      score: 2,
    });
    expect(issues(gap([['y'], ['y']]))[0]).toMatch(
      /^answer\.blanks: in any order, each blank needs an accepted answer of its own/,
    );
    // An answer of its own for each: taken, and the key scores full marks.
    const ok = zQuestionInput.parse(gap([['y'], ['y', 'z']]));
    expect(scoreAnswer(toScorable(ok), ['y', 'z']).score).toBe(2);
  });

  it('accepts a valid question of each simple type and scores it with the engine', () => {
    const single = zQuestionInput.parse({ type: 1, stem: '<p>2+2?</p>', options: opts, answer: 'B', score: 2 });
    expect(scoreAnswer(toScorable(single), 'B').score).toBe(2);
    const multi = zQuestionInput.parse({
      type: 2,
      stem: 'Primes?',
      options: opts,
      answer: ['A', 'C'],
      score: 4,
      partialCredit: 2,
      partScore: 2,
    });
    expect(scoreAnswer(toScorable(multi), ['A']).score).toBe(2);
    const tf = zQuestionInput.parse({ type: 3, stem: 'The earth is flat.', answer: false, score: 1 });
    expect(scoreAnswer(toScorable(tf), false).score).toBe(1);
    const gap = zQuestionInput.parse({
      type: 4,
      stem: `The capital of France is ${BLANK_MARKER}, of Italy ${BLANK_MARKER}.`,
      answer: {
        blanks: [
          { score: 1, answers: ['Paris'] },
          { score: 1, answers: ['Rome'] },
        ],
        rules: {},
      },
      score: 2,
    });
    expect(scoreAnswer(toScorable(gap), ['paris', 'ROME']).score).toBe(2);
    const short = zQuestionInput.parse({
      type: 5,
      stem: 'Explain.',
      answer: { reference: 'Because.', keywords: [{ word: 'because', points: 1 }] },
      score: 5,
    });
    expect(scoreAnswer(toScorable(short), 'because').pending).toBe(true);
  });

  it('keeps stored questions parsing, and maps per-option credit, relative tolerance and alternatives', () => {
    const stem = `Speed of light: ${BLANK_MARKER} m/s`;
    const old = zQuestionInput.parse({
      type: 4,
      stem,
      answer: { blanks: [{ score: 2, answers: ['3e8'] }], rules: { numericTolerance: 0 } },
      score: 2,
    });
    expect(toScorable(old).key).toMatchObject({
      blanks: [{ partial: [] }],
      rules: { toleranceMode: 'absolute', numericTolerance: 0 },
    });
    const gap = zQuestionInput.parse({
      type: 4,
      stem,
      answer: {
        blanks: [{ score: 2, answers: ['3e8'], partial: [{ answer: '3.0e8 km/s', fraction: 0.5 }] }],
        rules: { numericTolerance: 0.01, toleranceMode: 'relative' },
      },
      score: 2,
    });
    const scorable = toScorable(gap);
    expect(scoreAnswer(scorable, ['2.99×10^8']).score).toBe(2);
    expect(scoreAnswer(scorable, ['3.0e8 km/s']).score).toBe(1);
    const whole = { type: 4, stem, score: 2, answer: { blanks: [{ score: 2, answers: ['x'] }], rules: {} } };
    expect(
      issues({
        ...whole,
        answer: { ...whole.answer, blanks: [{ score: 2, answers: ['x'], partial: [{ answer: 'y', fraction: 1 }] }] },
      }),
    ).toHaveLength(1);
    const multi = zQuestionInput.parse({
      type: 2,
      stem: 'Primes?',
      options: opts,
      answer: ['A', 'B', 'C'],
      score: 6,
      partialCredit: 3,
    });
    expect(scoreAnswer(toScorable(multi), ['A', 'C']).score).toBe(4);
  });

  it('names what is wrong: labels out of range, blank count mismatch, missing key', () => {
    expect(issues({ type: 1, stem: 'Q', options: opts, answer: 'F', score: 1 })).toEqual([
      'answer: option label F is out of range',
    ]);
    expect(issues({ type: 2, stem: 'Q', options: opts, answer: [], score: 1 })).toEqual([
      'answer: mark at least one correct option',
    ]);
    expect(issues({ type: 1, stem: 'Q', options: [opts[0], opts[2]], answer: 'A', score: 1 })).toEqual([
      'options: options are labelled A, B, C ... in order',
    ]);
    expect(
      issues({
        type: 4,
        stem: `One ${BLANK_MARKER}`,
        answer: {
          blanks: [
            { score: 1, answers: ['x'] },
            { score: 1, answers: ['y'] },
          ],
          rules: {},
        },
        score: 2,
      }),
    ).toEqual(['answer.blanks: the stem has 1 blanks but 2 are given']);
    expect(issues({ type: 3, stem: 'Q', score: 1 })).toEqual(['answer: true or false']);
    expect(issues({ type: 1, stem: ' ', options: opts, answer: 'A', score: 1 })).toEqual(['stem: is required']);
    expect(issues({ type: 1, stem: 'Q', options: opts, answer: 'A', score: 0.3 })[0]).toMatch(/^score: /);
  });

  it('checks compose questions child by child', () => {
    const ok = zQuestionInput.parse({
      type: 6,
      stem: '<p>Read the passage.</p>',
      score: 3,
      children: [
        { type: 1, stem: 'Main idea?', options: opts, answer: 'A', score: 2 },
        { type: 3, stem: 'The author agrees.', answer: true, score: 1 },
      ],
    });
    expect(scoreAnswer(toScorable(ok), ['A', true]).score).toBe(3);
    expect(
      issues({
        type: 6,
        stem: 'P',
        score: 3,
        children: [{ type: 1, stem: 'Q', options: opts, answer: 'Z', score: 3 }],
      }),
    ).toEqual(['children.0.answer: option label Z is out of range']);
    expect(
      issues({ type: 6, stem: 'P', score: 5, children: [{ type: 3, stem: 'Q', answer: true, score: 1 }] }),
    ).toEqual(["score: must equal the child questions' scores (1)"]);
  });
});
