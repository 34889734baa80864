import { MarkingFlag } from '@lyceum/contract';
import { describe, expect, it } from 'vitest';
import { firstToMark, markedCount, moveBy, nextUnmarked, quickScores, scoreProblem } from './mark-queue';

const queue = (...flags: ('m' | '.')[]) =>
  flags.map((f) => ({ markingFlag: f === 'm' ? MarkingFlag.Marked : MarkingFlag.NotMarked }));

describe('the next answer to mark', () => {
  it('skips marked answers and wraps round to the start', () => {
    expect(nextUnmarked(queue('.', 'm', 'm', '.'), 0)).toBe(3);
    expect(nextUnmarked(queue('.', 'm', '.', 'm'), 2)).toBe(0);
    expect(nextUnmarked(queue('m', '.', 'm'), 2)).toBe(1);
  });

  it('comes back to the current answer only when it alone waits', () => {
    expect(nextUnmarked(queue('m', '.', 'm'), 1)).toBe(1);
    // Just saved: the current one is marked now, and nothing else waits.
    expect(nextUnmarked(queue('m', 'm', 'm'), 1)).toBeNull();
    expect(nextUnmarked([], 0)).toBeNull();
  });

  it('opens at the first waiting answer, or at the start', () => {
    expect(firstToMark(queue('m', 'm', '.', '.'))).toBe(2);
    expect(firstToMark(queue('m', 'm'))).toBe(0);
    expect(firstToMark([])).toBe(0);
    expect(markedCount(queue('m', '.', 'm'))).toBe(2);
  });

  it('moves one step and stops at the ends', () => {
    expect(moveBy(3, 0, -1)).toBe(0);
    expect(moveBy(3, 2, 1)).toBe(2);
    expect(moveBy(3, 1, 1)).toBe(2);
    expect(moveBy(0, 0, 1)).toBe(0);
  });
});

describe('a typed score', () => {
  it('is 0..max in half points, like the server asks', () => {
    expect(scoreProblem(null, 5)).toBe('required');
    expect(scoreProblem(undefined, 5)).toBe('required');
    expect(scoreProblem(-0.5, 5)).toBe('negative');
    expect(scoreProblem(5.5, 5)).toBe('overMax');
    expect(scoreProblem(1.3, 5)).toBe('step');
    expect(scoreProblem(2.25, 5)).toBe('step');
    for (const ok of [0, 0.5, 2.5, 5]) expect(scoreProblem(ok, 5)).toBeNull();
  });

  it('offers nothing, half and full marks without repeats', () => {
    expect(quickScores(5)).toEqual([0, 2.5, 5]);
    expect(quickScores(3)).toEqual([0, 1.5, 3]);
    expect(quickScores(1.5)).toEqual([0, 0.5, 1.5]);
    expect(quickScores(0.5)).toEqual([0, 0.5]);
  });
});
