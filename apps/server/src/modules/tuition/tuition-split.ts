// The arithmetic of tuition, in whole minor units and without the database: a total split into
// instalments by shares, a payment allocated to the instalments still owing, and a refund's
// reversal of a payment's allocations.

// `total` split by `weights` (per cent shares, or the amounts of a former split): each part rounded
// down, the remainder on the last, so the parts always add up to the total. A part may come to
// nothing (a tiny total); the caller leaves those out.
export function splitByShares(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, w) => a + w, 0);
  if (sum <= 0) return weights.map(() => 0);
  const parts = weights.map((w) => Math.floor((total * w) / sum));
  const rest = total - parts.reduce((a, p) => a + p, 0);
  parts[parts.length - 1]! += rest;
  return parts;
}

export interface OwedInstalment {
  id: number;
  seq: number;
  amount: number;
  // Allocated to it so far (net of reversals).
  paid: number;
}

// A payment of `amount` put against the earliest instalments still owing, each up to what it owes.
// What does not fit (more than the whole invoice owes) is answered as `left`.
export function allocate(
  instalments: OwedInstalment[],
  amount: number,
): { parts: { instalmentId: number; amount: number }[]; left: number } {
  const parts: { instalmentId: number; amount: number }[] = [];
  let left = amount;
  for (const i of [...instalments].sort((a, b) => a.seq - b.seq)) {
    if (left <= 0) break;
    const owed = i.amount - i.paid;
    if (owed <= 0) continue;
    const take = Math.min(owed, left);
    parts.push({ instalmentId: i.id, amount: take });
    left -= take;
  }
  return { parts, left };
}

export interface LiveAllocation {
  id: number;
  instalmentId: number;
  seq: number;
  // Positive, not reversed yet.
  amount: number;
}

export interface AllocationEntry {
  instalmentId: number;
  amount: number;
  reversalOf: number | null;
}

// A refund of `amount` taken back from a payment's live allocations, latest instalment first. Each
// allocation is reversed once and whole (the table allows one reversal per allocation); when only
// part of it goes back, what stays is allocated again to the same instalment, so a later refund can
// reverse that in turn. Answers the entries to append and what could not be taken back (more than
// the payment had allocated).
export function reverse(live: LiveAllocation[], amount: number): { entries: AllocationEntry[]; left: number } {
  const entries: AllocationEntry[] = [];
  let left = amount;
  for (const a of [...live].sort((x, y) => y.seq - x.seq || y.id - x.id)) {
    if (left <= 0) break;
    const back = Math.min(a.amount, left);
    entries.push({ instalmentId: a.instalmentId, amount: -a.amount, reversalOf: a.id });
    if (back < a.amount) entries.push({ instalmentId: a.instalmentId, amount: a.amount - back, reversalOf: null });
    left -= back;
  }
  return { entries, left };
}
