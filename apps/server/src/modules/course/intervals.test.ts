import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GAP, mergeRanges, type Range, totalLength } from './intervals';

const range = fc
  .tuple(fc.double({ min: 0, max: 3600, noNaN: true }), fc.double({ min: 0, max: 3600, noNaN: true }))
  .map(([a, b]): Range => [a, b]);
const ranges = fc.array(range, { maxLength: 30 });

// The measure of the union of the ranges, without the merge's gap rule.
function unionLength(rs: readonly Range[]): number {
  const sorted = rs.filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0]);
  let total = 0;
  let end = -1;
  for (const [a, b] of sorted) {
    if (b <= end) continue;
    total += b - Math.max(a, end);
    end = b;
  }
  return total;
}

describe('watched ranges', () => {
  it('merges overlapping and adjacent ranges, keeps apart those further than the gap', () => {
    expect(
      mergeRanges([
        [10, 20],
        [0, 5],
        [5.4, 8],
        [19, 25],
        [30, 31],
      ]),
    ).toEqual([
      [0, 8],
      [10, 25],
      [30, 31],
    ]);
    expect(
      mergeRanges([
        [0, 5],
        [5 + GAP + 0.01, 6],
      ]),
    ).toHaveLength(2);
    expect(
      mergeRanges(
        [
          [-3, 4],
          [90, 200],
          [7, 7],
          [9, 8],
        ],
        100,
      ),
    ).toEqual([
      [0, 4],
      [90, 100],
    ]);
  });

  it('is idempotent and order-independent', () => {
    fc.assert(
      fc.property(ranges, (rs) => {
        const once = mergeRanges(rs);
        expect(mergeRanges(once)).toEqual(once);
        expect(mergeRanges([...rs].reverse())).toEqual(once);
        // Merging in two steps is merging at once (how heartbeats add up).
        const half = Math.floor(rs.length / 2);
        expect(mergeRanges([...mergeRanges(rs.slice(0, half)), ...rs.slice(half)])).toEqual(once);
      }),
    );
  });

  it('totals at least the union, never more than the span it covers, never more than a clip', () => {
    fc.assert(
      fc.property(ranges, fc.double({ min: 1, max: 3600, noNaN: true }), (rs, duration) => {
        const merged = mergeRanges(rs);
        const total = totalLength(rs);
        const union = unionLength(rs);
        expect(total).toBeGreaterThanOrEqual(union - 1e-6);
        // Only gaps up to GAP between merged pieces are added.
        expect(total).toBeLessThanOrEqual(union + GAP * Math.max(0, rs.length - 1) + 1e-6);
        if (merged.length) expect(total).toBeLessThanOrEqual(merged.at(-1)![1] - merged[0]![0] + 1e-6);
        expect(totalLength(mergeRanges(rs, duration))).toBeLessThanOrEqual(duration + 1e-6);
      }),
    );
  });
});
