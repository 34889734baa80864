import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { gather, parseEvents } from './push-wire';

describe('parseEvents', () => {
  it('reads whole events, skips heartbeats, and keeps the start of the next', () => {
    const text =
      'retry: 3000\n\nevent: ready\ndata: {"heartbeatMs":25000}\n\n: heartbeat\n\nevent: candidate\ndata: {"us';
    expect(parseEvents(text)).toEqual({
      events: [{ event: 'ready', data: '{"heartbeatMs":25000}' }],
      rest: 'event: candidate\ndata: {"us',
    });
    const more = parseEvents(`${'event: candidate\ndata: {"us'}erIds":[7],"status":3}\n\n`);
    expect(more.events).toEqual([{ event: 'candidate', data: '{"userIds":[7],"status":3}' }]);
    expect(more.rest).toBe('');
  });

  it('takes CRLF line ends, data on several lines, and "message" as the default name', () => {
    expect(parseEvents('data: a\r\ndata: b\r\n\r\nevent:x\ndata:1\n\n').events).toEqual([
      { event: 'message', data: 'a\nb' },
      { event: 'x', data: '1' },
    ]);
  });
});

describe('gather', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('turns a burst into one run, and runs no sooner than the gap after the last', () => {
    const runs: number[][] = [];
    const g = gather<number>((items) => runs.push(items), 250, 1_000);
    g.add(1);
    g.add(2);
    vi.advanceTimersByTime(249);
    expect(runs).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(runs).toEqual([[1, 2]]);
    g.add(3);
    vi.advanceTimersByTime(250);
    expect(runs).toHaveLength(1);
    vi.advanceTimersByTime(750);
    expect(runs).toEqual([[1, 2], [3]]);
    g.add(4);
    g.cancel();
    vi.advanceTimersByTime(5_000);
    expect(runs).toHaveLength(2);
  });
});
