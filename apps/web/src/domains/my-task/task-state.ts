import { FINAL_PAPER_STATUSES, type MyTask, PaperStatus, TaskReveal } from '@lyceum/contract';

// What a homework card says, worked out from the task and the server's time now (pure, so tested).

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// A stretch of time as people say it, rounded: days from a day up (47 hours is "2 days"), hours
// from an hour up, minutes below (at least one).
export type Span = { unit: 'days' | 'hours' | 'minutes'; count: number };

export function spanOf(ms: number): Span {
  const abs = Math.abs(ms);
  // Rounded up to a whole day or hour (23.9 hours), the larger unit says it.
  if (Math.round(abs / HOUR) >= 24) return { unit: 'days', count: Math.max(1, Math.round(abs / DAY)) };
  if (Math.ceil(abs / MINUTE) >= 60) return { unit: 'hours', count: Math.max(1, Math.round(abs / HOUR)) };
  return { unit: 'minutes', count: Math.max(1, Math.ceil(abs / MINUTE)) };
}

export type Timing =
  | { kind: 'opens'; in: Span; urgent: false }
  | { kind: 'due'; in: Span; urgent: boolean }
  | { kind: 'late'; by: Span; until: string; urgent: true }
  | { kind: 'missed'; urgent: true }
  | { kind: 'handedIn'; at: string; urgent: false };

// Handed in (or collected) and not reopened: a returned paper is answering again.
export function isHandedIn(task: Pick<MyTask, 'paperStatus'>): boolean {
  return FINAL_PAPER_STATUSES.includes(task.paperStatus);
}

// Where the task stands on the clock for this student. Within a day of the due time it is urgent.
export function timingOf(
  task: Pick<MyTask, 'startTime' | 'dueTime' | 'lateUntil' | 'paperStatus' | 'handedInAt'>,
  now: number,
): Timing {
  if (isHandedIn(task) && task.handedInAt !== null) return { kind: 'handedIn', at: task.handedInAt, urgent: false };
  const start = Date.parse(task.startTime);
  const due = Date.parse(task.dueTime);
  if (now < start) return { kind: 'opens', in: spanOf(start - now), urgent: false };
  if (now < due) return { kind: 'due', in: spanOf(due - now), urgent: due - now < DAY };
  if (task.lateUntil !== null && now < Date.parse(task.lateUntil))
    return { kind: 'late', by: spanOf(now - due), until: task.lateUntil, urgent: true };
  return { kind: 'missed', urgent: true };
}

// What the card shows in the score's place once the work is handed in.
export type ScoreView =
  | { kind: 'score'; score: number; max: number | null }
  | { kind: 'marking'; pending: number }
  | { kind: 'afterDue' }
  | { kind: 'never' }
  | { kind: 'none' };

export function scoreViewOf(
  task: Pick<MyTask, 'score' | 'maxScore' | 'pending' | 'reveal' | 'scoreVisible' | 'paperStatus'>,
): ScoreView {
  if (task.score !== null) return { kind: 'score', score: task.score, max: task.maxScore };
  if (!isHandedIn(task)) return { kind: 'none' };
  if (task.reveal === TaskReveal.Never) return { kind: 'never' };
  if (task.pending > 0 || task.paperStatus !== PaperStatus.Marked) return { kind: 'marking', pending: task.pending };
  return task.scoreVisible ? { kind: 'marking', pending: 0 } : { kind: 'afterDue' };
}

// The main button: start a paper not opened yet, continue one being answered (or returned).
export function openAction(task: Pick<MyTask, 'canOpen' | 'examId' | 'paperStatus'>): 'start' | 'continue' | null {
  if (!task.canOpen || task.examId === null) return null;
  return task.paperStatus === PaperStatus.Answering ? 'continue' : 'start';
}

// The moments the list changes by itself (a task opens, falls due, stops taking late work), on the
// server's clock: the list is asked for again then.
export function nextChange(
  tasks: readonly Pick<MyTask, 'startTime' | 'dueTime' | 'lateUntil'>[],
  now: number,
): number | null {
  const moments = tasks
    .flatMap((t) => [t.startTime, t.dueTime, ...(t.lateUntil ? [t.lateUntil] : [])])
    .map((iso) => Date.parse(iso))
    .filter((at) => at > now);
  return moments.length > 0 ? Math.min(...moments) : null;
}
