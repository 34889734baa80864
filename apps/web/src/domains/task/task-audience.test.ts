import { TaskRange } from '@lyceum/contract';
import { describe, expect, it } from 'vitest';
import { audienceOf } from './task-audience';

const names = new Map([[4, '2024 A']]);
const task = { gradeYears: [2025, 2024], teamIds: [4, 9], studentIds: [1, 2, 3] };

describe('task audience', () => {
  it('names the grade years in order', () => {
    expect(audienceOf({ ...task, rangeType: TaskRange.Grade }, (id) => names.get(id))).toEqual({
      range: TaskRange.Grade,
      names: ['2024', '2025'],
      count: 2,
    });
  });

  it('names the classes, an unknown one by its id', () => {
    expect(audienceOf({ ...task, rangeType: TaskRange.Class }, (id) => names.get(id)).names).toEqual(['2024 A', '#9']);
  });

  it('counts the students picked one by one', () => {
    const who = audienceOf({ ...task, rangeType: TaskRange.Individual }, (id) => names.get(id));
    expect([who.names, who.count]).toEqual([[], 3]);
  });
});
