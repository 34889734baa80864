import { TaskRange, TaskReveal, TaskType } from '@lyceum/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { shortMoment } from '../../shell/time-format';
import {
  defaultLateUntil,
  doneShare,
  newTaskValues,
  progressSegments,
  type TaskFormValues,
  taskBody,
  taskProblems,
} from './task-form';

const filled = (): TaskFormValues => ({
  ...newTaskValues(dayjs('2026-06-10T09:17:42')),
  name: '  Week 3 homework ',
  teamIds: [4, 5],
  paperId: 12,
});

const counts = (passed: number, failed: number, inProgress: number, notStarted: number, toMark = 0) => ({
  students: passed + failed + inProgress + notStarted,
  passed,
  failed,
  inProgress,
  notStarted,
  toMark,
});

describe('task form', () => {
  it('opens now, is due in a week at 23:59 and takes one hand-in', () => {
    const v = newTaskValues(dayjs('2026-06-10T09:17:42'));
    expect(dayjs(v.startTime).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-06-10 09:17:00');
    expect(dayjs(v.dueTime).format('YYYY-MM-DD HH:mm')).toBe('2026-06-17 23:59');
    expect(v.attemptsAllowed).toBe(1);
    expect(v.taskType).toBe(TaskType.Paper);
    expect(v.rangeType).toBe(TaskRange.Class);
    expect(v.reveal).toBe(TaskReveal.AfterHandIn);
    expect(v.lateAccepted).toBe(false);
  });

  it('sends only the targets of the chosen range', () => {
    const all = { ...filled(), gradeYears: [2024], teamIds: [4], studentIds: [9] };
    const byGrade = taskBody({ ...all, rangeType: TaskRange.Grade });
    expect([byGrade.gradeYears, byGrade.teamIds, byGrade.studentIds]).toEqual([[2024], [], []]);
    const byStudent = taskBody({ ...all, rangeType: TaskRange.Individual });
    expect([byStudent.gradeYears, byStudent.teamIds, byStudent.studentIds]).toEqual([[], [], [9]]);
  });

  it('drops the late cutoff and penalty when late work is not taken, and trims texts', () => {
    const body = taskBody({ ...filled(), lateUntil: '2026-06-20T00:00:00.000Z', latePenalty: 20, description: ' ' });
    expect([body.name, body.description, body.lateUntil, body.latePenalty]).toEqual(['Week 3 homework', null, null, 0]);
    const late = taskBody({ ...filled(), lateAccepted: true, lateUntil: '2026-06-20T00:00:00.000Z', latePenalty: 20 });
    expect([late.lateUntil, late.latePenalty]).toEqual(['2026-06-20T00:00:00.000Z', 20]);
  });

  it('offers a late cutoff two days after the due time', () => {
    expect(dayjs(defaultLateUntil('2026-06-17T15:59:00.000Z')).format('YYYY-MM-DD HH:mm')).toMatch(/ 23:59$/);
    expect(defaultLateUntil(undefined)).toBeNull();
  });

  it('finds the contract’s problems across fields before sending', () => {
    expect(taskProblems(taskBody(filled()))).toEqual([]);
    const v = filled();
    const problems = taskProblems(
      taskBody({ ...v, dueTime: dayjs(v.startTime).subtract(1, 'hour').toISOString(), teamIds: [], paperId: null }),
    );
    expect(problems.map((p) => [p.field, p.detail.key]).sort()).toEqual([
      ['dueTime', 'endBeforeStart'],
      ['paperId', 'required'],
      ['teamIds', 'required'],
    ]);
    const late = taskProblems(taskBody({ ...v, lateAccepted: true, lateUntil: null }));
    expect(late.map((p) => p.field)).toEqual(['lateUntil']);
  });

  it('refuses keys as soon as work is marked when it may be handed in again', () => {
    const v = { ...filled(), attemptsAllowed: 2 };
    const keys = taskProblems(taskBody({ ...v, reveal: TaskReveal.AfterHandIn, showKey: true }));
    expect(keys.map((p) => [p.field, p.detail.key])).toEqual([['showKey', 'keysBeforeLastHandIn']]);
    expect(taskProblems(taskBody({ ...v, reveal: TaskReveal.AfterDue, showKey: true }))).toEqual([]);
    expect(taskProblems(taskBody({ ...v, reveal: TaskReveal.AfterHandIn, showKey: false }))).toEqual([]);
  });
});

describe('task times in cells', () => {
  it('leave out this year', () => {
    const now = dayjs('2026-06-10T09:00:00');
    expect(shortMoment(dayjs('2026-11-27T07:33:00').toISOString(), now)).toBe('11-27 07:33');
    expect(shortMoment(dayjs('2027-01-05T08:00:00').toISOString(), now)).toBe('2027-01-05 08:00');
  });
});

describe('task progress', () => {
  it('splits the bar in whole per cents that add up to 100', () => {
    const parts = progressSegments(counts(1, 1, 1, 0));
    expect(parts.map((p) => p.part)).toEqual(['passed', 'failed', 'inProgress']);
    expect(parts.reduce((n, p) => n + p.percent, 0)).toBe(100);
    expect(parts.map((p) => p.percent)).toEqual([34, 33, 33]);
  });

  it('leaves out empty parts and draws nothing for nobody', () => {
    expect(progressSegments(counts(0, 0, 0, 5))).toEqual([{ part: 'notStarted', count: 5, percent: 100 }]);
    expect(progressSegments(counts(0, 0, 0, 0))).toEqual([]);
  });

  it('counts passed and failed as done', () => {
    expect(doneShare(counts(3, 1, 2, 2))).toBe(50);
    expect(doneShare(counts(0, 0, 0, 0))).toBe(0);
  });
});
