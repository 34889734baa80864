import { MarkingFlag, SCORE_STEP } from '@lyceum/contract';

// The pure rules of the marking screen: which answer comes next, what a typed score may be, and the
// quick scores offered. Kept apart from React so the keyboard flow is tested without a browser.

interface Queued {
  markingFlag: MarkingFlag;
}

// The next answer still waiting for a teacher after `from`, wrapping round to the start; null when
// every answer is marked. The answer at `from` itself counts only when nothing else waits, so that
// saving it (which marks it) never keeps the marker where they are.
export function nextUnmarked(items: readonly Queued[], from: number): number | null {
  const n = items.length;
  for (let step = 1; step <= n; step++) {
    const i = (((from + step) % n) + n) % n;
    if (items[i].markingFlag === MarkingFlag.NotMarked) return i;
  }
  return null;
}

// The first answer waiting, else the first answer (a fully marked queue opens at its start).
export function firstToMark(items: readonly Queued[]): number {
  return Math.max(
    0,
    items.findIndex((i) => i.markingFlag === MarkingFlag.NotMarked),
  );
}

// One step up or down the list, stopping at its ends.
export function moveBy(count: number, current: number, delta: number): number {
  if (count === 0) return 0;
  return Math.min(count - 1, Math.max(0, current + delta));
}

export const markedCount = (items: readonly Queued[]) =>
  items.filter((i) => i.markingFlag === MarkingFlag.Marked).length;

export type ScoreProblem = 'required' | 'negative' | 'overMax' | 'step';

// Why a typed score cannot be saved (the server's own rule: 0..max in half points), or null.
export function scoreProblem(value: number | null | undefined, max: number): ScoreProblem | null {
  if (value === null || value === undefined || Number.isNaN(value)) return 'required';
  if (value < 0) return 'negative';
  if (value > max + 1e-9) return 'overMax';
  if (!Number.isInteger(Math.round((value / SCORE_STEP) * 1e6) / 1e6)) return 'step';
  return null;
}

// Nothing, half (rounded down to a half point) and full marks, without repeats (a 0.5 question
// has no half worth offering).
export function quickScores(max: number): number[] {
  const half = Math.floor(max / 2 / SCORE_STEP) * SCORE_STEP;
  return [...new Set([0, half, max])];
}
