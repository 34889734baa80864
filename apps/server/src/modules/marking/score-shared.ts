import { PaperStatus } from '@lyceum/contract';
import { sql } from 'drizzle-orm';

// Exam scores, confirmation, the analysis report, statistics, and the students' side (decision 38).

// Figures the score screens share (decision 38).

export const iso = (d: string | Date | null | undefined) => (d ? new Date(d).toISOString() : null);
export const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
export const round2 = (n: number) => Math.round(n * 100) / 100;
// Attempts that count in scores and reports: ended normally (handed in, collected, marked).
export const COUNTED = sql.raw(
  `(${[PaperStatus.HandedIn, PaperStatus.AutoCollected, PaperStatus.ForceCollected, PaperStatus.Marked].join(', ')})`,
);
export const EXCELLENT_SHARE = 0.85;
