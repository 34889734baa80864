import type { MyTask } from '@lyceum/contract';
import { describe, expect, it } from 'vitest';
import { nextChange, openAction, scoreViewOf, spanOf, timingOf } from './task-state';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.parse('2026-05-01T08:00:00.000Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();

function task(patch: Partial<MyTask> = {}): MyTask {
  return {
    id: 1,
    name: 'Fractions',
    description: null,
    taskType: 1,
    examId: 40,
    items: [],
    itemsDone: [],
    startTime: at(-DAY),
    dueTime: at(2 * DAY),
    lateUntil: null,
    latePenalty: 0,
    phase: 'open',
    status: 0,
    paperStatus: 0,
    attemptId: null,
    handedInAt: null,
    late: false,
    score: null,
    maxScore: 10,
    passScore: 6,
    pending: 0,
    reveal: 1,
    scoreVisible: true,
    handIns: 0,
    attemptsAllowed: 1,
    scoreCounting: 1,
    earlier: [],
    canOpen: true,
    canRedo: false,
    returnNote: null,
    instantFeedback: false,
    ...patch,
  };
}

describe('a homework card', () => {
  it('says time spans as people do', () => {
    expect(spanOf(2 * DAY + 5 * HOUR)).toEqual({ unit: 'days', count: 2 });
    // Just under two days is two days, not one.
    expect(spanOf(2 * DAY - 60_000)).toEqual({ unit: 'days', count: 2 });
    expect(spanOf(-(DAY + 5 * HOUR))).toEqual({ unit: 'days', count: 1 });
    expect(spanOf(23 * HOUR + 10 * 60_000)).toEqual({ unit: 'hours', count: 23 });
    expect(spanOf(5 * HOUR + 29 * 60_000)).toEqual({ unit: 'hours', count: 5 });
    expect(spanOf(90_000)).toEqual({ unit: 'minutes', count: 2 });
    // Nearly a day is a day, nearly an hour an hour.
    expect(spanOf(DAY - 5000)).toEqual({ unit: 'days', count: 1 });
    expect(spanOf(HOUR - 5000)).toEqual({ unit: 'hours', count: 1 });
    expect(spanOf(0)).toEqual({ unit: 'minutes', count: 1 });
  });

  it('counts to the opening, then to the due time, urgent within a day', () => {
    expect(timingOf(task({ startTime: at(3 * HOUR) }), NOW)).toEqual({
      kind: 'opens',
      in: { unit: 'hours', count: 3 },
      urgent: false,
    });
    expect(timingOf(task(), NOW)).toEqual({ kind: 'due', in: { unit: 'days', count: 2 }, urgent: false });
    expect(timingOf(task({ dueTime: at(20 * HOUR) }), NOW)).toMatchObject({ kind: 'due', urgent: true });
  });

  it('after the due time: late while late work is taken, then missed', () => {
    const late = task({ dueTime: at(-2 * HOUR), lateUntil: at(DAY) });
    expect(timingOf(late, NOW)).toEqual({
      kind: 'late',
      by: { unit: 'hours', count: 2 },
      until: at(DAY),
      urgent: true,
    });
    expect(timingOf(late, NOW + 2 * DAY).kind).toBe('missed');
    expect(timingOf(task({ dueTime: at(-HOUR) }), NOW).kind).toBe('missed');
  });

  it('once handed in, says when; a returned paper counts down again', () => {
    const handed = task({ paperStatus: 4, handedInAt: at(-HOUR), dueTime: at(-1) });
    expect(timingOf(handed, NOW)).toEqual({ kind: 'handedIn', at: at(-HOUR), urgent: false });
    expect(timingOf({ ...handed, paperStatus: 3, dueTime: at(DAY) }, NOW).kind).toBe('due');
  });

  it('shows the score by the task’s rule: marking, after the due time, never', () => {
    expect(scoreViewOf(task())).toEqual({ kind: 'none' });
    expect(scoreViewOf(task({ paperStatus: 4, pending: 1 }))).toEqual({ kind: 'marking', pending: 1 });
    expect(scoreViewOf(task({ paperStatus: 4 }))).toEqual({ kind: 'marking', pending: 0 });
    expect(scoreViewOf(task({ paperStatus: 7, reveal: 2, scoreVisible: false }))).toEqual({ kind: 'afterDue' });
    expect(scoreViewOf(task({ paperStatus: 7, reveal: 3, scoreVisible: false }))).toEqual({ kind: 'never' });
    expect(scoreViewOf(task({ paperStatus: 7, score: 8 }))).toEqual({ kind: 'score', score: 8, max: 10 });
  });

  it('starts a paper not opened, continues one being answered, and offers neither when it cannot open', () => {
    expect(openAction(task())).toBe('start');
    expect(openAction(task({ paperStatus: 3, status: 1 }))).toBe('continue');
    expect(openAction(task({ canOpen: false }))).toBeNull();
    expect(openAction(task({ examId: null }))).toBeNull();
  });

  it('asks for the list again at the next opening, due time or late cutoff', () => {
    const tasks = [
      task({ startTime: at(-DAY), dueTime: at(5 * HOUR), lateUntil: at(9 * HOUR) }),
      task({ startTime: at(2 * HOUR) }),
    ];
    expect(nextChange(tasks, NOW)).toBe(NOW + 2 * HOUR);
    expect(nextChange([task({ startTime: at(-DAY), dueTime: at(-HOUR) })], NOW)).toBeNull();
  });
});
