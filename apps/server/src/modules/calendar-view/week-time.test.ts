import { describe, expect, it } from 'vitest';
import { addDays, localDay, localMidnight, spansDays } from './week-time';

describe('days of the organisation’s zone', () => {
  it('adds days across months and years', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('finds the instant a day begins', () => {
    expect(localMidnight('2026-03-02', 'Asia/Shanghai').toISOString()).toBe('2026-03-01T16:00:00.000Z');
    expect(localMidnight('2026-03-02', 'UTC').toISOString()).toBe('2026-03-02T00:00:00.000Z');
    // New York in winter (UTC-5) and after the spring change (UTC-4).
    expect(localMidnight('2026-01-15', 'America/New_York').toISOString()).toBe('2026-01-15T05:00:00.000Z');
    expect(localMidnight('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });

  it('names the day of an instant and whether a span crosses midnight', () => {
    const zone = 'Asia/Shanghai';
    expect(localDay(new Date('2026-03-01T16:30:00Z'), zone)).toBe('2026-03-02');
    expect(spansDays(new Date('2026-03-02T00:00:00Z'), new Date('2026-03-02T16:00:00Z'), zone)).toBe(false);
    expect(spansDays(new Date('2026-03-02T00:00:00Z'), new Date('2026-03-02T16:01:00Z'), zone)).toBe(true);
    expect(spansDays(new Date('2026-03-02T00:00:00Z'), new Date('2026-03-02T00:00:00Z'), zone)).toBe(false);
  });
});
