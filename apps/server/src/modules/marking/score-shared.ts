import { PaperStatus } from '@lyceum/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db';
import { sameOrg } from '../../platform/tenant-sql';
import { attemptHistory } from '../exam/attempt.table';
import { countedScoreSql } from '../exam/attempt-history';

// Exam scores, confirmation, the analysis report, statistics, and the students' side (decision 38).

// Figures the score screens share (decision 38).

export const iso = (d: string | Date | null | undefined) => (d ? new Date(d).toISOString() : null);
export const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
export const round2 = (n: number) => Math.round(n * 100) / 100;
// Attempts that count in scores and reports: ended normally (handed in, collected, marked).
export const COUNTED_STATUSES: number[] = [
  PaperStatus.HandedIn,
  PaperStatus.AutoCollected,
  PaperStatus.ForceCollected,
  PaperStatus.Marked,
];
// The same as a list for `in` in a statement.
export const COUNTED = sql.raw(`(${COUNTED_STATUSES.join(', ')})`);
export const EXCELLENT_SHARE = 0.85;

// The kept sittings of the attempt `a` (its exam and student) summed up as historyJoin does (best,
// total and count of the scores): a subquery `h` to join laterally.
export const sittingsOf = (
  db: DbOrTx,
  a: { organizationId: AnyPgColumn; examId: AnyPgColumn; userId: AnyPgColumn },
) => {
  const k = attemptHistory;
  return db
    .select({
      best: sql<number | null>`max(${k.score})`.as('best'),
      total: sql<number | null>`sum(${k.score})`.as('total'),
      n: sql<number>`count(${k.score})`.mapWith(Number).as('n'),
    })
    .from(k)
    .where(sameOrg(k, a, [eq(k.examId, a.examId), eq(k.userId, a.userId)]))
    .as('h');
};

// The score that counts over those sittings and the current one's `score` (countedScoreSql).
export const countedScore = (score: AnyPgColumn | SQL, counting: AnyPgColumn, h: ReturnType<typeof sittingsOf>) =>
  sql<number | null>`${countedScoreSql(sql`${score}`, sql`${counting}`, {
    best: sql`${h.best}`,
    total: sql`${h.total}`,
    n: sql`${h.n}`,
  })}`.mapWith(Number);
