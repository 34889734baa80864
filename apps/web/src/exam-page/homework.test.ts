import type { HomeworkRules } from '@lyceum/contract';
import { describe, expect, it } from 'vitest';
import { checkedOf, dueLine, dueMoment, isCheckable, points, verdictKey } from './homework';

const rules = (patch: Partial<HomeworkRules> = {}): HomeworkRules => ({
  taskId: 1,
  taskName: 'Fractions',
  dueTime: '2026-05-03T10:00:00.000Z',
  lateUntil: null,
  instantFeedback: true,
  checked: [],
  returnNote: null,
  ...patch,
});
const DUE = Date.parse('2026-05-03T10:00:00.000Z');
const HOUR = 3_600_000;

describe('homework on the exam page', () => {
  it('offers the check button on the types the machine scores, only when the task has it', () => {
    for (const type of [1, 2, 3, 4] as const) expect(isCheckable({ type }, rules())).toBe(true);
    for (const type of [5, 6] as const) expect(isCheckable({ type }, rules())).toBe(false);
    expect(isCheckable({ type: 1 }, rules({ instantFeedback: false }))).toBe(false);
    // An exam (no homework rules) never has one.
    expect(isCheckable({ type: 1 }, null)).toBe(false);
  });

  it('knows the answers checked before a reload', () => {
    const checked = checkedOf(rules({ checked: [{ questionId: 9, correct: false, score: 0, max: 2 }] }));
    expect(checked.get(9)).toEqual({ questionId: 9, correct: false, score: 0, max: 2 });
    expect(checked.has(8)).toBe(false);
    expect(checkedOf(null).size).toBe(0);
  });

  it('says when it is due, with the late window when late work is taken', () => {
    // Late work for a day: the due time, then "late work until".
    expect(dueLine(DUE - HOUR, rules().dueTime, DUE + 24 * HOUR)).toEqual({
      kind: 'due',
      at: DUE,
      lateUntil: DUE + 24 * HOUR,
    });
    // No late work: the deadline is the due time.
    expect(dueLine(DUE - HOUR, rules().dueTime, DUE)).toEqual({ kind: 'due', at: DUE, lateUntil: null });
    expect(dueLine(DUE - HOUR, rules().dueTime, DUE + 800)).toEqual({ kind: 'due', at: DUE, lateUntil: null });
    // Past the due time, within the late window (or a returned paper's own time): hand in by the last time.
    expect(dueLine(DUE + HOUR, rules().dueTime, DUE + 24 * HOUR)).toEqual({ kind: 'pastDue', at: DUE + 24 * HOUR });
    // A returned paper to hand in before the task's due time: that earlier time is what counts.
    expect(dueLine(DUE - 2 * HOUR, rules().dueTime, DUE - HOUR)).toEqual({
      kind: 'due',
      at: DUE - HOUR,
      lateUntil: null,
    });
  });

  it('writes the due moment with the weekday and the date, in the reader’s language', () => {
    const en = dueMoment(DUE, 'en');
    expect(en).toMatch(/May/);
    expect(en).toMatch(/Sun/);
    expect(dueMoment(DUE, 'zh')).toMatch(/5月3日/);
  });

  it('names the verdict and writes points as the paper does', () => {
    expect(verdictKey({ correct: true, score: 2 })).toBe('checkCorrect');
    expect(verdictKey({ correct: false, score: 1 })).toBe('checkPartly');
    expect(verdictKey({ correct: false, score: 0 })).toBe('checkWrong');
    expect(points(1.5)).toBe('1.5');
    expect(points(2 / 3)).toBe('0.67');
  });
});
