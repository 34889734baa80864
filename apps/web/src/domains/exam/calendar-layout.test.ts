import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  dayBlocks,
  entriesOfDay,
  hourRange,
  isMultiDay,
  periodOf,
  weekBars,
  weekDays,
  weekStart,
} from './calendar-layout';

const exam = (id: number, start: string, end: string, latestEnd = end) => ({
  id,
  windowStart: `2026-06-10T${start}:00`,
  windowEnd: `2026-06-10T${end}:00`,
  latestEnd: `2026-06-10T${latestEnd}:00`,
});
const day = dayjs('2026-06-10T00:00:00');

describe('calendar layout', () => {
  it('starts weeks on Monday, Sundays included', () => {
    expect(weekStart(dayjs('2026-06-10T15:00:00')).format('YYYY-MM-DD HH:mm')).toBe('2026-06-08 00:00');
    expect(weekStart(dayjs('2026-06-14T23:00:00')).format('YYYY-MM-DD')).toBe('2026-06-08');
    expect(weekDays(dayjs('2026-06-08')).map((d) => d.format('DD'))).toEqual([
      '08',
      '09',
      '10',
      '11',
      '12',
      '13',
      '14',
    ]);
  });

  it('asks for the week, or every day a month grid can show', () => {
    const week = periodOf('week', day);
    expect([week.from.format('MM-DD'), week.to.format('MM-DD')]).toEqual(['06-08', '06-15']);
    const month = periodOf('month', day);
    expect(month.from.isBefore(dayjs('2026-05-26'))).toBe(true);
    expect(month.to.isAfter(dayjs('2026-07-12'))).toBe(true);
  });

  it('places a window by its times within the hours shown, the extra time as a tail', () => {
    const [b] = dayBlocks([exam(1, '09:00', '11:00', '11:30')], day, 8, 18);
    expect(b.top).toBeCloseTo(10);
    expect(b.height).toBeCloseTo(20);
    expect(b.tail).toBeCloseTo(5);
    expect([b.lane, b.lanes, b.clippedStart, b.clippedEnd]).toEqual([0, 1, false, false]);
  });

  it('puts overlapping exams side by side and lets the next group use the whole width', () => {
    const blocks = dayBlocks(
      [exam(1, '09:00', '11:00'), exam(2, '10:00', '12:00'), exam(3, '11:00', '12:30'), exam(4, '14:00', '15:00')],
      day,
      7,
      22,
    );
    const of = (id: number) => blocks.find((b) => b.entry.id === id);
    expect([of(1)?.lane, of(2)?.lane, of(3)?.lane]).toEqual([0, 1, 0]);
    expect([of(1)?.lanes, of(2)?.lanes, of(3)?.lanes]).toEqual([2, 2, 2]);
    expect([of(4)?.lane, of(4)?.lanes]).toEqual([0, 1]);
  });

  it('counts extra time when exams overlap', () => {
    const blocks = dayBlocks([exam(1, '09:00', '10:00', '10:30'), exam(2, '10:15', '11:00')], day, 7, 22);
    expect(blocks.map((b) => b.lanes)).toEqual([2, 2]);
  });

  it('clips windows beyond the hours shown and widens the hours to the week’s exams', () => {
    const [b] = dayBlocks([exam(1, '06:00', '09:00')], day, 8, 18);
    expect([b.top, b.clippedStart]).toEqual([0, true]);
    expect(hourRange([exam(1, '06:30', '23:15')], weekDays(day))).toEqual({ first: 6, last: 24 });
    expect(hourRange([], weekDays(day))).toEqual({ first: 7, last: 22 });
  });

  it('lists the exams meeting a day, earliest first', () => {
    const list = entriesOfDay([exam(2, '14:00', '15:00'), exam(1, '09:00', '10:00')], day);
    expect(list.map((e) => e.id)).toEqual([1, 2]);
    expect(entriesOfDay([exam(1, '09:00', '10:00')], day.add(1, 'day'))).toEqual([]);
  });

  it('puts exams over several days in bars across their days, rows shared where they do not meet', () => {
    const span = (id: number, start: string, end: string) => ({
      id,
      windowStart: start,
      windowEnd: end,
      latestEnd: end,
    });
    const week = weekDays(day); // Monday 8 to Sunday 14 June
    const month = span(1, '2026-05-28T09:00:00', '2026-06-27T18:00:00');
    const twoDays = span(2, '2026-06-09T20:00:00', '2026-06-10T08:00:00');
    const later = span(3, '2026-06-12T08:00:00', '2026-06-13T18:00:00');
    const toMidnight = span(4, '2026-06-11T18:00:00', '2026-06-12T00:00:00');
    expect([month, twoDays, later, toMidnight].map(isMultiDay)).toEqual([true, true, true, false]);
    const bars = weekBars([later, month, twoDays, toMidnight], week);
    const of = (id: number) => bars.find((b) => b.entry.id === id);
    expect(of(1)).toMatchObject({ from: 0, to: 6, row: 0, before: true, after: true });
    expect(of(2)).toMatchObject({ from: 1, to: 2, row: 1, before: false, after: false });
    expect(of(3)).toMatchObject({ from: 4, to: 5, row: 1 });
    expect(of(4)).toBeUndefined();
    // The hours are the working day's: the bars do not stretch them to midnight.
    expect(hourRange([month, twoDays, later, toMidnight], week)).toEqual({ first: 7, last: 24 });
  });
});
