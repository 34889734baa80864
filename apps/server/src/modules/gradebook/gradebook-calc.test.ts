import { DEFAULT_GRADE_BANDS } from '@lyceum/contract';
import { describe, expect, it } from 'vitest';
import { bandOf, studentFigures } from './gradebook-calc';

// Figures worked out by hand. Categories: exams 60 %, homework 40 %.
const weights = [60, 40];
const items = [
  { category: 0, maxScore: 100, final: true }, // mid-term
  { category: 0, maxScore: 50, final: true }, // quiz
  { category: 1, maxScore: 10, final: true }, // homework 1
  { category: 1, maxScore: 20, final: true }, // homework 2
  { category: 0, maxScore: 100, final: false }, // final exam, not confirmed yet
  { category: null, maxScore: 10, final: true }, // a practice, out of the total
];

describe('a student’s gradebook figures', () => {
  it('weights the categories’ points over points possible', () => {
    const f = studentFigures(weights, items, [80, 40, 6, 12, 99, 10], false, DEFAULT_GRADE_BANDS);
    // Exams 120/150 = 80 %; homework 18/30 = 60 %; total 0.6 × 80 + 0.4 × 60 = 72 → C.
    expect(f.categories).toEqual([80, 60]);
    expect(f.total).toBe(72);
    expect(f.band).toBe('C');
    // A provisional score is never shown or counted.
    expect(f.scores).toEqual([80, 40, 6, 12, null, 10]);
  });

  it('leaves out a missing score, or counts it 0 when told', () => {
    const scores = [90, null, 8, null, null, null];
    // Left out: exams 90/100 = 90 %, homework 8/10 = 80 %; 0.6 × 90 + 0.4 × 80 = 86 → B.
    expect(studentFigures(weights, items, scores, false, DEFAULT_GRADE_BANDS)).toMatchObject({
      categories: [90, 80],
      total: 86,
      band: 'B',
    });
    // As 0: exams 90/150 = 60 %, homework 8/30 = 26.67 %; 0.6 × 60 + 0.4 × 26.67 = 46.67 → F.
    expect(studentFigures(weights, items, scores, true, DEFAULT_GRADE_BANDS)).toMatchObject({
      categories: [60, 26.67],
      total: 46.67,
      band: 'F',
    });
  });

  it('scales the weights of the categories with something counted', () => {
    // Only exams so far: the total is the exams' 75 %.
    const f = studentFigures(weights, items, [75, null, null, null, null, null], false, DEFAULT_GRADE_BANDS);
    expect(f.categories).toEqual([75, null]);
    expect(f.total).toBe(75);
    // Nothing final at all: no total and no band.
    expect(
      studentFigures(weights, items, [null, null, null, null, 50, null], false, DEFAULT_GRADE_BANDS),
    ).toMatchObject({ total: null, band: null });
  });

  it('puts a total on a band boundary in the band that starts there', () => {
    expect(bandOf(DEFAULT_GRADE_BANDS, 90)).toBe('A');
    expect(bandOf(DEFAULT_GRADE_BANDS, 89.99)).toBe('B');
    expect(bandOf(DEFAULT_GRADE_BANDS, 0)).toBe('F');
    expect(bandOf([{ label: 'Pass', minPercent: 50 }], 10)).toBeNull();
  });
});
