import { describe, expect, it } from 'vitest';
import { countdownParts, countdownText } from './countdown';

const days = (d: number) => `${d} d`;

describe('countdown', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    expect(countdownParts(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
    });
  });

  it('stops at zero once the moment has passed', () => {
    expect(countdownText(-5000, days)).toBe('00:00:00');
  });

  it('writes days only when a day or more is left', () => {
    expect(countdownText(59_000, days)).toBe('00:00:59');
    expect(countdownText(86_400_000 + 61_000, days)).toBe('1 d 00:01:01');
  });
});
