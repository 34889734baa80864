import type { GradeBand, GradeFigures } from '@lyceum/contract';

// The gradebook's arithmetic, with no database: a student's category percentages, weighted total
// and grade band from their final scores.

export interface CalcItem {
  // Position of its category, or null when it counts for nothing.
  category: number | null;
  maxScore: number;
  final: boolean;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

// A category's percentage is the points earned over the points possible of its final columns that
// the student has a score in (or all of them, a missing score as 0, with `missingAsZero`). The total
// is the weighted mean of the categories with something counted, their weights scaled to 100 %, so
// a category with nothing final yet neither helps nor hurts.
export function studentFigures(
  weights: readonly number[],
  items: readonly CalcItem[],
  scores: readonly (number | null)[],
  missingAsZero: boolean,
  bands: readonly GradeBand[],
): GradeFigures {
  const earned = weights.map(() => 0);
  const possible = weights.map(() => 0);
  items.forEach((item, i) => {
    if (!item.final || item.category === null || item.maxScore <= 0) return;
    const score = scores[i] ?? (missingAsZero ? 0 : null);
    if (score === null) return;
    earned[item.category]! += score;
    possible[item.category]! += item.maxScore;
  });
  const categories = weights.map((_, c) => (possible[c]! > 0 ? round2((earned[c]! / possible[c]!) * 100) : null));
  let weighted = 0;
  let weightSum = 0;
  categories.forEach((pct, c) => {
    if (pct === null) return;
    weighted += weights[c]! * pct;
    weightSum += weights[c]!;
  });
  const total = weightSum > 0 ? round2(weighted / weightSum) : null;
  return {
    scores: items.map((item, i) => (item.final ? (scores[i] ?? null) : null)),
    categories,
    total,
    band: total === null ? null : bandOf(bands, total),
  };
}

// The band a total falls in: the one with the highest start at or below it.
export function bandOf(bands: readonly GradeBand[], total: number): string | null {
  let best: GradeBand | null = null;
  for (const b of bands) if (b.minPercent <= total + 1e-9 && (!best || b.minPercent > best.minPercent)) best = b;
  return best?.label ?? null;
}
