import { DEFAULT_PERIODS, TermDayKind, WeekParity } from '@lyceum/contract';
import { describe, expect, it } from 'vitest';
import { wallClock, weekdayOf, zonedInstant } from './local-time';
import { type GenSlot, occurrences, overlapsWithin, scheduledPerWeek, termWeek } from './timetable-generate';

// A term that starts on a Wednesday: week 1 runs Monday 2026-08-31 to Sunday 2026-09-06.
const semester = { startDate: '2026-09-02', endDate: '2026-10-18' };
const slot = (over: Partial<GenSlot>): GenSlot => ({
  weekday: 1,
  periodFrom: 1,
  periodTo: 1,
  startTime: null,
  endTime: null,
  parity: WeekParity.All,
  validFrom: null,
  validTo: null,
  ...over,
});
const days = (slots: GenSlot[], termDays: Parameters<typeof occurrences>[0]['termDays'] = []) =>
  occurrences({ semester, termDays, slots, periods: DEFAULT_PERIODS, timeZone: 'Asia/Shanghai' }).map((o) => o.day);

describe('the generator', () => {
  it('counts weeks from the Monday of the first day’s week (week 1 odd)', () => {
    expect(termWeek('2026-09-02', '2026-08-31')).toBe(1);
    expect(termWeek('2026-09-02', '2026-09-06')).toBe(1);
    expect(termWeek('2026-09-02', '2026-09-07')).toBe(2);
    expect(termWeek('2026-09-02', '2026-10-18')).toBe(7);
  });

  it('runs a slot every week from the first day, odd weeks and even weeks apart', () => {
    // Mondays of the term: 09-07 (week 2) … 10-12 (week 7); Monday 08-31 is before the first day.
    expect(days([slot({})])).toEqual([
      '2026-09-07',
      '2026-09-14',
      '2026-09-21',
      '2026-09-28',
      '2026-10-05',
      '2026-10-12',
    ]);
    expect(days([slot({ parity: WeekParity.Odd })])).toEqual(['2026-09-14', '2026-09-28', '2026-10-12']);
    expect(days([slot({ parity: WeekParity.Even })])).toEqual(['2026-09-07', '2026-09-21', '2026-10-05']);
    // Wednesday of week 1 is the first day itself.
    expect(days([slot({ weekday: 3, parity: WeekParity.Odd })])[0]).toBe('2026-09-02');
  });

  it('gives a holiday and a closure nothing, and a make-up day the timetable it follows with its own week’s parity', () => {
    const holidays = [
      { day: '2026-10-05', kind: TermDayKind.Holiday, followsWeekday: null },
      { day: '2026-09-21', kind: TermDayKind.Closure, followsWeekday: null },
      // Sunday 10-11 (week 6, even) works as a Monday; Saturday 09-26 (week 4, even) too.
      { day: '2026-10-11', kind: TermDayKind.MakeUp, followsWeekday: 1 },
      { day: '2026-09-26', kind: TermDayKind.MakeUp, followsWeekday: 1 },
    ];
    expect(days([slot({})], holidays)).toEqual([
      '2026-09-07',
      '2026-09-14',
      '2026-09-26',
      '2026-09-28',
      '2026-10-11',
      '2026-10-12',
    ]);
    // Even weeks: 2, 4 (the make-up Saturday), 6 (the Monday is a holiday; the make-up Sunday is in week 6).
    expect(days([slot({ parity: WeekParity.Even })], holidays)).toEqual(['2026-09-07', '2026-09-26', '2026-10-11']);
    expect(days([slot({ parity: WeekParity.Odd })], holidays)).toEqual(['2026-09-14', '2026-09-28', '2026-10-12']);
    // A Sunday slot does not run on a Sunday that works as a Monday.
    expect(days([slot({ weekday: 7 })], holidays)).not.toContain('2026-10-11');
  });

  it('keeps to the valid dates and times from the periods or the slot, in the zone', () => {
    const [first] = occurrences({
      semester,
      termDays: [],
      slots: [slot({ periodFrom: 3, periodTo: 4, validFrom: '2026-09-20' })],
      periods: DEFAULT_PERIODS,
      timeZone: 'Asia/Shanghai',
    });
    expect(first?.day).toBe('2026-09-21');
    expect(first?.startsAt.toISOString()).toBe('2026-09-21T02:00:00.000Z');
    expect(first?.endsAt.toISOString()).toBe('2026-09-21T03:40:00.000Z');
    expect(days([slot({ validTo: '2026-09-14' })])).toEqual(['2026-09-07', '2026-09-14']);
    const [own] = occurrences({
      semester,
      termDays: [],
      slots: [slot({ periodFrom: null, periodTo: null, startTime: '19:00', endTime: '20:30' })],
      periods: DEFAULT_PERIODS,
      timeZone: 'Europe/London',
    });
    expect(own?.startsAt.toISOString()).toBe('2026-09-07T18:00:00.000Z');
    expect(own?.periodFrom).toBeNull();
  });

  it('reads wall clocks across a daylight-saving change', () => {
    // London leaves summer time on 2026-10-25.
    expect(zonedInstant('2026-10-24', '09:00', 'Europe/London').toISOString()).toBe('2026-10-24T08:00:00.000Z');
    expect(zonedInstant('2026-10-26', '09:00', 'Europe/London').toISOString()).toBe('2026-10-26T09:00:00.000Z');
    expect(wallClock(new Date('2026-10-26T09:00:00Z'), 'Europe/London')).toEqual({ day: '2026-10-26', time: '09:00' });
    expect(weekdayOf('2026-10-25')).toBe(7);
  });

  it('counts the periods a week the slots give, and finds overlaps within a batch', () => {
    expect(
      scheduledPerWeek(
        [
          slot({ periodFrom: 1, periodTo: 2 }),
          slot({ parity: WeekParity.Odd }),
          slot({ periodFrom: null, periodTo: null, startTime: '08:30', endTime: '09:00' }),
        ],
        DEFAULT_PERIODS,
      ),
    ).toBe(4.5);
    const at = (h: number, m: number) => new Date(Date.UTC(2026, 8, 7, h, m));
    const pairs = overlapsWithin([
      { key: 'venue:1', startsAt: at(1, 0), endsAt: at(1, 45), id: 'a' },
      { key: 'venue:1', startsAt: at(1, 45), endsAt: at(2, 30), id: 'b' },
      { key: 'venue:1', startsAt: at(2, 0), endsAt: at(2, 15), id: 'c' },
      { key: 'venue:2', startsAt: at(1, 0), endsAt: at(1, 45), id: 'd' },
    ]);
    expect(pairs.map(([x, y]) => `${x.id}${y.id}`)).toEqual(['bc']);
  });
});
