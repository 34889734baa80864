// Watched ranges of a video, in seconds: the ranges a player reported, merged so seconds watched
// twice count once. Pure; the heartbeat and the daily check both use it.
export type Range = [number, number];

// Ranges closer than this are one: a player reports where it stopped and where it went on, and the
// two rarely meet exactly.
export const GAP = 0.5;

// Sorted, disjoint ranges covering the given ones (and gaps up to GAP between them), clipped to
// [0, clip] when a clip is given; empty ranges and reversed ones are dropped.
export function mergeRanges(ranges: readonly Range[], clip?: number): Range[] {
  const cut = (n: number) => (clip === undefined ? Math.max(0, n) : Math.min(Math.max(0, n), clip));
  const valid = ranges
    .filter((r) => Number.isFinite(r[0]) && Number.isFinite(r[1]))
    .map(([a, b]): Range => [cut(a), cut(b)])
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  const out: Range[] = [];
  for (const [a, b] of valid) {
    const last = out[out.length - 1];
    if (last && a <= last[1] + GAP) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

// Seconds the merged ranges cover.
export function totalLength(ranges: readonly Range[]): number {
  return mergeRanges(ranges).reduce((sum, [a, b]) => sum + (b - a), 0);
}
