import { describe, expect, it } from 'vitest';
import { agoParts, clockText, serverNowAt, timeLeftNow } from './monitor-clock';

describe('the monitor clock', () => {
  it('counts time left down by the time elapsed since the reply, never below zero', () => {
    expect(timeLeftNow(60_000, 1000, 1000)).toBe(60_000);
    expect(timeLeftNow(60_000, 1000, 11_000)).toBe(50_000);
    expect(timeLeftNow(5000, 1000, 20_000)).toBe(0);
    // A tick stamped before the reply arrived (a render racing the poll) does not add time.
    expect(timeLeftNow(60_000, 5000, 4000)).toBe(60_000);
  });

  it("moves the server's clock, not the device's", () => {
    const serverNow = Date.UTC(2026, 5, 10, 9, 0, 0);
    expect(serverNowAt(serverNow, 200, 3200)).toBe(serverNow + 3000);
  });

  it('writes time left as a clock', () => {
    expect(clockText(0)).toBe('00:00');
    expect(clockText(65_999)).toBe('01:05');
    expect(clockText(3_725_000)).toBe('1:02:05');
  });

  it('says how long ago in the largest whole unit', () => {
    const now = 1_000_000_000;
    expect(agoParts(now - 2000, now)).toEqual({ unit: 'now' });
    expect(agoParts(now - 12_000, now)).toEqual({ unit: 's', count: 12 });
    expect(agoParts(now - 185_000, now)).toEqual({ unit: 'min', count: 3 });
    expect(agoParts(now - 2 * 3_600_000, now)).toEqual({ unit: 'h', count: 2 });
    expect(agoParts(now - 3 * 86_400_000, now)).toEqual({ unit: 'd', count: 3 });
    // A last-seen stamp a little ahead of the estimate (clock rounding) reads as now.
    expect(agoParts(now + 500, now)).toEqual({ unit: 'now' });
  });
});
