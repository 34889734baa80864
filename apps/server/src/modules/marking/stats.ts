// Descriptive statistics for score reports. Pure, so tests compute the same figures independently
// against the SQL that produces them for large exams.

const round = (n: number, d = 4) => Math.round(n * 10 ** d) / 10 ** d;

export function mean(xs: number[]): number | null {
  return xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : null;
}

// Population standard deviation (the whole class sat the exam; it is not a sample).
export function stdDev(xs: number[]): number | null {
  const m = mean(xs);
  if (m === null) return null;
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / xs.length);
}

// The q-quantile with linear interpolation between order statistics (as spreadsheets' PERCENTILE.INC
// and PostgreSQL's percentile_cont).
export function quantile(sorted: number[], q: number): number | null {
  if (!sorted.length) return null;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

export function summary(scores: number[], passScore: number | null, excellentScore: number) {
  const sorted = [...scores].sort((a, b) => a - b);
  const m = mean(sorted);
  const sd = stdDev(sorted);
  const med = quantile(sorted, 0.5);
  return {
    count: sorted.length,
    mean: m === null ? null : round(m, 2),
    median: med === null ? null : round(med, 2),
    stdDev: sd === null ? null : round(sd, 2),
    max: sorted.length ? sorted[sorted.length - 1] : null,
    min: sorted.length ? sorted[0] : null,
    passRate:
      sorted.length && passScore !== null ? round(sorted.filter((s) => s >= passScore).length / sorted.length) : null,
    excellentRate: sorted.length ? round(sorted.filter((s) => s >= excellentScore).length / sorted.length) : null,
  };
}

export function box(scores: number[]): [number, number, number, number, number] | null {
  const s = [...scores].sort((a, b) => a - b);
  if (!s.length) return null;
  return [s[0], quantile(s, 0.25)!, quantile(s, 0.5)!, quantile(s, 0.75)!, s[s.length - 1]].map((x) => round(x, 2)) as [
    number,
    number,
    number,
    number,
    number,
  ];
}

// Bins of a tenth of the maximum; the last bin holds the maximum itself.
export function histogram(scores: number[], max: number, bins = 10) {
  const width = max > 0 ? max / bins : 1;
  const out = Array.from({ length: bins }, (_, i) => ({
    from: round(i * width, 2),
    to: round((i + 1) * width, 2),
    count: 0,
  }));
  for (const s of scores) out[Math.min(bins - 1, Math.max(0, Math.floor(s / width)))].count++;
  return out;
}

// Pearson correlation; for an item scored right or wrong against the total it is the point-biserial.
export function correlation(xs: number[], ys: number[]): number | null {
  const n = xs.length;
  if (n < 2) return null;
  const mx = mean(xs)!;
  const my = mean(ys)!;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (xs[i] - mx) * (ys[i] - my);
    sxx += (xs[i] - mx) ** 2;
    syy += (ys[i] - my) ** 2;
  }
  if (sxx === 0 || syy === 0) return null;
  return round(sxy / Math.sqrt(sxx * syy));
}

// The upper and lower groups: the best and the worst 27 % by total (at least one student each).
export function groupSize(n: number): number {
  return n < 2 ? 0 : Math.max(1, Math.round(n * 0.27));
}

// Upper-lower discrimination of an item: (upper group mean - lower group mean) / max.
export function discrimination(itemByTotalDesc: number[], max: number): number | null {
  const g = groupSize(itemByTotalDesc.length);
  if (!g || max <= 0) return null;
  const upper = mean(itemByTotalDesc.slice(0, g))!;
  const lower = mean(itemByTotalDesc.slice(-g))!;
  return round((upper - lower) / max);
}
