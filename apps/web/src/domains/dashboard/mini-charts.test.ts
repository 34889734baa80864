import { describe, expect, it } from 'vitest';
import { niceCeiling } from './mini-charts';

describe('the value axis of the dashboard bars', () => {
  it('tops at the next 1, 2, 4, 6 or 8 times a power of ten', () => {
    expect([0, 1, 3, 7, 12, 20, 21, 99, 101, 480].map(niceCeiling)).toEqual([1, 1, 4, 8, 20, 20, 40, 100, 200, 600]);
  });
});
