import { describe, expect, it } from 'vitest';
import { countdown, ServerClock } from './clock';

describe('the server clock', () => {
  it('counts from the reply with the monotonic clock, taking the middle of the round trip', () => {
    let perf = 1000;
    const clock = new ServerClock(() => perf);
    clock.sync(5_000_000, 1000, 1200);
    perf = 1200;
    expect(clock.now()).toBe(5_000_100);
    perf = 61_200;
    expect(clock.now()).toBe(5_060_100);
  });

  it('ignores a much slower reply unless the last reading is old', () => {
    let perf = 0;
    const clock = new ServerClock(() => perf);
    clock.sync(1_000_000, 0, 100);
    clock.sync(9_999_999, 1000, 5000);
    perf = 1000;
    expect(clock.now()).toBe(1_000_950);
    clock.sync(2_000_000, 70_000, 74_000);
    perf = 72_000;
    expect(clock.now()).toBe(2_000_000);
  });

  it('writes the time left', () => {
    expect(countdown(3_725_000)).toBe('1:02:05');
    expect(countdown(65_400)).toBe('01:06');
    expect(countdown(-10)).toBe('00:00');
  });
});
