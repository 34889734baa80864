import type { WeekEntry } from '@lyceum/contract';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  bandBars,
  dayBlocks,
  dayRange,
  mondayOf,
  periodAt,
  shownDays,
  timedEntries,
  weekdayOf,
  zonedPoint,
} from './week-layout';

const ZONE = 'Asia/Shanghai';
let nextId = 1;
// An entry from local Shanghai times ('2031-03-03 08:00').
function entry(start: string, end: string, over: Partial<WeekEntry> = {}): WeekEntry {
  const iso = (local: string) => new Date(`${local.replace(' ', 'T')}:00+08:00`).toISOString();
  return {
    kind: 'lesson',
    id: nextId++,
    title: 'Maths',
    startsAt: iso(start),
    endsAt: iso(end),
    allDay: false,
    status: 1,
    teamName: null,
    teacherName: null,
    originalTeacherName: null,
    handedOver: false,
    venueName: null,
    movedFrom: null,
    periodFrom: null,
    periodTo: null,
    ...over,
  };
}

describe('week days', () => {
  it('counts days and finds the Monday', () => {
    expect(addDays('2031-02-28', 1)).toBe('2031-03-01');
    expect(weekdayOf('2031-03-03')).toBe(1);
    expect(weekdayOf('2031-03-09')).toBe(7);
    expect(mondayOf('2031-03-09')).toBe('2031-03-03');
    expect(mondayOf('2031-03-03')).toBe('2031-03-03');
  });

  it("reads instants in the school's zone, not the device's", () => {
    expect(zonedPoint('2031-03-02T16:30:00Z', ZONE)).toEqual({ day: '2031-03-03', minutes: 30 });
  });

  it('shows five days unless the weekend has something', () => {
    const weekday = [entry('2031-03-04 08:00', '2031-03-04 08:45')];
    expect(shownDays('2031-03-03', 'auto', weekday, ZONE)).toHaveLength(5);
    const saturday = [...weekday, entry('2031-03-08 18:00', '2031-03-08 18:00', { kind: 'homework' })];
    expect(shownDays('2031-03-03', 'auto', saturday, ZONE)).toHaveLength(7);
    expect(shownDays('2031-03-03', 7, weekday, ZONE)).toHaveLength(7);
    expect(shownDays('2031-03-03', 5, saturday, ZONE)).toHaveLength(5);
  });
});

describe('the hours', () => {
  const periods = [
    { no: 1, start: '08:00', end: '08:45' },
    { no: 2, start: '08:55', end: '09:40' },
  ];

  it('spans the periods, widened to the entries, on half hours', () => {
    expect(dayRange(periods, [])).toEqual({ first: 480, last: 600 });
    const late = timedEntries(
      [entry('2031-03-03 07:10', '2031-03-03 07:40'), entry('2031-03-03 19:00', '2031-03-03 19:50')],
      ZONE,
    );
    expect(dayRange(periods, late)).toEqual({ first: 420, last: 1200 });
  });

  it('finds the period of a minute', () => {
    expect(periodAt(8 * 60 + 10, periods)?.no).toBe(1);
    expect(periodAt(8 * 60 + 50, periods)).toBeNull();
  });

  it('puts overlapping entries side by side and leaves back-to-back ones whole', () => {
    const a = entry('2031-03-03 08:00', '2031-03-03 09:00');
    const b = entry('2031-03-03 08:30', '2031-03-03 09:30');
    const c = entry('2031-03-03 09:30', '2031-03-03 10:00');
    const other = entry('2031-03-04 08:00', '2031-03-04 09:00');
    const blocks = dayBlocks(timedEntries([c, b, a, other], ZONE), '2031-03-03');
    const byId = new Map(blocks.map((x) => [x.entry.id, x]));
    expect(byId.get(a.id)).toMatchObject({ lane: 0, lanes: 2, start: 480, end: 540 });
    expect(byId.get(b.id)).toMatchObject({ lane: 1, lanes: 2 });
    expect(byId.get(c.id)).toMatchObject({ lane: 0, lanes: 1 });
    expect(byId.has(other.id)).toBe(false);
  });
});

describe('the band above the hours', () => {
  it('lays multi-day entries as bars in rows and homework on its day', () => {
    const days = Array.from({ length: 7 }, (_, i) => addDays('2031-03-03', i));
    const open = entry('2031-02-20 00:00', '2031-03-05 00:00', { kind: 'exam', allDay: true });
    const week = entry('2031-03-04 09:00', '2031-03-10 09:00', { kind: 'exam', allDay: true });
    const due = entry('2031-03-04 18:00', '2031-03-04 18:00', { kind: 'homework' });
    const bars = bandBars([week, due, open, entry('2031-03-03 08:00', '2031-03-03 08:45')], days, ZONE);
    const byId = new Map(bars.map((b) => [b.entry.id, b]));
    // The open window ends at midnight: its last day is the 4th.
    expect(byId.get(open.id)).toMatchObject({ from: 0, to: 1, row: 0, before: true, after: false });
    expect(byId.get(week.id)).toMatchObject({ from: 1, to: 6, row: 1, after: true });
    expect(byId.get(due.id)).toMatchObject({ from: 1, to: 1, row: 2 });
    expect(bars).toHaveLength(3);
  });
});
