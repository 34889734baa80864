import { describe, expect, it } from 'vitest';
import { allocate, reverse, splitByShares } from './tuition-split';

// Tuition's arithmetic: splits that always add up, allocations to the earliest owing instalments,
// and refunds that reverse the latest first, once per allocation.

describe('splitByShares', () => {
  it('rounds each part down and puts the remainder on the last', () => {
    expect(splitByShares(10_000, [30, 30, 40])).toEqual([3000, 3000, 4000]);
    expect(splitByShares(100_001, [33, 33, 34])).toEqual([33_000, 33_000, 34_001]);
    expect(splitByShares(1000, [100])).toEqual([1000]);
  });

  it('always adds up to the total, whatever the shares', () => {
    for (const total of [1, 7, 99, 12_345, 987_654_321]) {
      for (const shares of [
        [50, 50],
        [1, 99],
        [33, 33, 34],
        [10, 20, 30, 40],
      ]) {
        const parts = splitByShares(total, shares);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        expect(parts.every((p) => p >= 0)).toBe(true);
      }
    }
  });

  it('splits again in the proportions of a former split (a discount on a pending invoice)', () => {
    expect(splitByShares(9000, [3000, 3000, 4000])).toEqual([2700, 2700, 3600]);
  });

  it('answers parts of nothing for nothing (left out by the caller)', () => {
    expect(splitByShares(0, [50, 50])).toEqual([0, 0]);
    expect(splitByShares(1, [33, 33, 34])).toEqual([0, 0, 1]);
  });
});

describe('allocate', () => {
  const plan = [
    { id: 11, seq: 1, amount: 3000, paid: 0 },
    { id: 12, seq: 2, amount: 3000, paid: 0 },
    { id: 13, seq: 3, amount: 4000, paid: 0 },
  ];

  it('fills the earliest instalments first, each up to what it owes', () => {
    expect(allocate(plan, 4500)).toEqual({
      parts: [
        { instalmentId: 11, amount: 3000 },
        { instalmentId: 12, amount: 1500 },
      ],
      left: 0,
    });
  });

  it('skips what is paid and leaves what does not fit', () => {
    const partly = plan.map((i) => (i.seq === 1 ? { ...i, paid: 3000 } : i.seq === 2 ? { ...i, paid: 1000 } : i));
    expect(allocate(partly, 7000)).toEqual({
      parts: [
        { instalmentId: 12, amount: 2000 },
        { instalmentId: 13, amount: 4000 },
      ],
      left: 1000,
    });
  });
});

describe('reverse', () => {
  const live = [
    { id: 1, instalmentId: 11, seq: 1, amount: 3000 },
    { id: 2, instalmentId: 12, seq: 2, amount: 1500 },
  ];

  it('takes back the latest instalment first, each allocation reversed whole', () => {
    expect(reverse(live, 4500)).toEqual({
      entries: [
        { instalmentId: 12, amount: -1500, reversalOf: 2 },
        { instalmentId: 11, amount: -3000, reversalOf: 1 },
      ],
      left: 0,
    });
  });

  it('allocates again what stays of a partly reversed allocation', () => {
    const { entries, left } = reverse(live, 2000);
    expect(entries).toEqual([
      { instalmentId: 12, amount: -1500, reversalOf: 2 },
      { instalmentId: 11, amount: -3000, reversalOf: 1 },
      { instalmentId: 11, amount: 2500, reversalOf: null },
    ]);
    expect(entries.reduce((a, e) => a + e.amount, 0)).toBe(-2000);
    expect(left).toBe(0);
  });

  it('answers what it could not take back', () => {
    expect(reverse(live, 5000).left).toBe(500);
  });
});
