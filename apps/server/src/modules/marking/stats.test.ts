import { describe, expect, it } from 'vitest';
import { plainText } from './marking-scope';
import { box, correlation, discrimination, groupSize, histogram, quantile, summary } from './stats';

describe('report statistics', () => {
  it('summarises a class as a teacher would by hand', () => {
    const s = summary([2, 4, 4, 4, 5, 5, 7, 9], 5, 8);
    expect(s).toMatchObject({ count: 8, mean: 5, median: 4.5, stdDev: 2, max: 9, min: 2 });
    expect(s.passRate).toBe(0.5);
    expect(s.excellentRate).toBe(0.125);
    expect(summary([], 5, 8)).toMatchObject({ count: 0, mean: null, passRate: null });
  });

  it('interpolates quartiles and fills the last bin with the maximum', () => {
    expect(quantile([1, 2, 3, 4], 0.25)).toBe(1.75);
    expect(box([1, 2, 3, 4, 5])).toEqual([1, 2, 3, 4, 5]);
    const h = histogram([0, 9.9, 10, 100], 100);
    expect(h[0].count).toBe(2);
    expect(h[1].count).toBe(1);
    expect(h[9].count).toBe(1);
  });

  it('measures items: the 27 % groups, upper minus lower, and the point-biserial', () => {
    expect(groupSize(1)).toBe(0);
    expect(groupSize(10)).toBe(3);
    // Item scores ordered by total, best first: the upper three all right, the lower three all wrong.
    expect(discrimination([2, 2, 2, 1, 1, 0, 0, 0, 0, 0], 2)).toBe(1);
    expect(correlation([1, 0, 1, 0], [10, 2, 8, 4])).toBeCloseTo(6 / Math.sqrt(40), 4);
    expect(correlation([1, 1, 1], [1, 2, 3])).toBeNull();
  });

  it('turns a stem into one line of text, keeping formulas', () => {
    expect(plainText('<p>What is <span class="formula" data-latex="\\frac{1}{2}"></span> of {{blank}}?</p>')).toBe(
      'What is \\(\\frac{1}{2}\\) of ____?',
    );
    expect(plainText(`<p>${'a'.repeat(200)}</p>`, 10)).toBe(`${'a'.repeat(9)}…`);
  });
});
