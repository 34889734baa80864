import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shownOptions, toOriginalAnswer, toShownAnswer } from './option-order';
import { scoreAnswer } from './scoring';

const LABELS = ['A', 'B', 'C', 'D', 'E'];
const order = fc.shuffledSubarray(LABELS, { minLength: 5, maxLength: 5 });

describe('option order', () => {
  it('maps a shown answer back so it scores as the same options on the original question', () => {
    fc.assert(
      fc.property(order, fc.subarray(LABELS), fc.subarray(LABELS, { minLength: 1 }), (o, picked, correct) => {
        const q = { score: 4, key: { type: 2 as const, correct, partial: 2 as const, partScore: 1 } };
        // The student picks the options shown at these places; they are the original options o[i].
        const shown = picked.map((l) => LABELS[o.indexOf(l)]!);
        expect(scoreAnswer(q, toOriginalAnswer(shown, { options: o, children: null }))).toEqual(scoreAnswer(q, picked));
        expect(
          toOriginalAnswer(toShownAnswer(picked, { options: o, children: null }), { options: o, children: null }),
        ).toEqual(picked);
      }),
    );
  });

  it('relabels the options in the shown order, per child of a compose question too', () => {
    const options = LABELS.slice(0, 3).map((label) => ({ label, content: `c${label}` }));
    expect(shownOptions(options, ['C', 'A', 'B'])).toEqual([
      { label: 'A', content: 'cC' },
      { label: 'B', content: 'cA' },
      { label: 'C', content: 'cB' },
    ]);
    const compose = { options: null, children: [['B', 'A'], null] };
    expect(toOriginalAnswer(['A', 'x'], compose)).toEqual(['B', 'x']);
    // A label beyond the shown options stays as it is and scores nothing.
    expect(toOriginalAnswer('E', { options: ['B', 'A'], children: null })).toBe('E');
  });
});
