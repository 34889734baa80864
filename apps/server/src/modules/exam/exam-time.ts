import { ExamStatus } from '@lyceum/contract';
import { type SQL, sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import { exams } from './exam.table';

// An exam's status on the server's clock: derived whenever it is read, never stored.
export function statusAt(windowStart: Date | string, windowEnd: Date | string, now = clock.now()): ExamStatus {
  if (now < new Date(windowStart).getTime()) return ExamStatus.NotStarted;
  if (now < new Date(windowEnd).getTime()) return ExamStatus.InProgress;
  return ExamStatus.Ended;
}

// The same as a condition, for filters (`now` from the clock, so tests can move it).
export function statusIs(status: ExamStatus, now = clock.date()): SQL {
  if (status === ExamStatus.NotStarted) return sql`${exams.windowStart} > ${now.toISOString()}::timestamptz`;
  if (status === ExamStatus.InProgress) {
    return sql`${exams.windowStart} <= ${now.toISOString()}::timestamptz and ${exams.windowEnd} > ${now.toISOString()}::timestamptz`;
  }
  return sql`${exams.windowEnd} <= ${now.toISOString()}::timestamptz`;
}

export const iso = (d: Date | string | null | undefined): string | null =>
  d == null ? null : new Date(d).toISOString();

// Epoch milliseconds as a timestamptz parameter, and a timestamp read back as epoch milliseconds
// (the exam-day protocol speaks epoch ms).
export const ts = (ms: number): SQL => sql`${new Date(ms).toISOString()}::timestamptz`;
export const ms = (d: Date | string | null): number | null => (d == null ? null : new Date(d).getTime());
