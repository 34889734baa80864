import { DEFAULT_PERIODS, WeekParity, zTeachingAssignmentCreate } from '@lyceum/contract';
import { describe, expect, it } from 'vitest';
import { dayOf, numberOf, tabOf, viewOf } from './screen-query';
import { type SlotValues, scheduledPerWeek, slotBody, slotValues } from './slot-values';
import { addDays, mondayOf, weekdayOf } from './timetable-dates';

const byPeriods = (from: number, to: number, parity: number = WeekParity.All): SlotValues => ({
  weekday: 1,
  byTimes: false,
  periodFrom: from,
  periodTo: to,
  parity,
});
const byTimes = (start: string, end: string): SlotValues => ({
  weekday: 2,
  byTimes: true,
  startTime: start,
  endTime: end,
});

describe('the periods a week the slots give', () => {
  it('counts a period range whole, an odd- or even-week range half', () => {
    expect(scheduledPerWeek([byPeriods(1, 2), byPeriods(3, 3, WeekParity.Odd)], DEFAULT_PERIODS)).toBe(2.5);
  });

  it('counts a slot by times as the periods it overlaps, at least one', () => {
    // 08:30–10:15 overlaps periods 1 (08:00–08:45), 2 (08:55–09:40) and 3 (10:00–10:45).
    expect(scheduledPerWeek([byTimes('08:30', '10:15')], DEFAULT_PERIODS)).toBe(3);
    // In the lunch break: no period, still one.
    expect(scheduledPerWeek([byTimes('12:00', '13:00')], DEFAULT_PERIODS)).toBe(1);
    // Touching a period's edge is not overlapping it.
    expect(scheduledPerWeek([byTimes('08:45', '08:55')], DEFAULT_PERIODS)).toBe(1);
  });

  it('counts nothing for a row not filled in yet', () => {
    expect(scheduledPerWeek([{ weekday: 1, byTimes: false }], DEFAULT_PERIODS)).toBe(0);
  });
});

describe('a slot between the editor and the contract', () => {
  it('sends only the pair chosen, and the contract takes it', () => {
    const mixed: SlotValues = { ...byPeriods(2, 3), startTime: '09:00', endTime: '10:00' };
    const body = slotBody(mixed);
    expect(body).toMatchObject({ periodFrom: 2, periodTo: 3, startTime: null, endTime: null });
    const timed = slotBody({ ...mixed, byTimes: true });
    expect(timed).toMatchObject({ periodFrom: null, periodTo: null, startTime: '09:00', endTime: '10:00' });
    const assignment = { semesterId: 1, subject: 'Maths', teamId: 1, teacherId: 2, slots: [body, timed] };
    expect(zTeachingAssignmentCreate.safeParse(assignment).success).toBe(true);
  });

  it('opens a saved slot by times in the times mode, and back unchanged', () => {
    const saved = {
      id: 7,
      weekday: 4,
      periodFrom: null,
      periodTo: null,
      startTime: '14:00',
      endTime: '15:30',
      parity: WeekParity.Even,
      validFrom: '2026-09-07',
      validTo: null,
      venueId: 3,
      sort: 0,
    };
    const values = slotValues(saved);
    expect(values.byTimes).toBe(true);
    const { sort: _, ...input } = saved;
    expect(slotBody(values)).toEqual(input);
  });
});

describe('the address of the screen', () => {
  it('falls back to the timetable tab and ignores what it does not know', () => {
    expect(tabOf({ tab: 'term' })).toBe('term');
    expect(tabOf({ tab: 'nonsense' })).toBe('timetable');
    expect(viewOf({ view: 'venue' })).toBe('venue');
    expect(viewOf({ view: 'student' })).toBeNull();
    expect(numberOf('12')).toBe(12);
    expect(numberOf('-3')).toBeNull();
    expect(numberOf('1.5')).toBeNull();
    expect(dayOf('2026-03-02')).toBe('2026-03-02');
    expect(dayOf('2026-3-2')).toBeNull();
  });
});

describe('school days', () => {
  it('finds the Monday of a week and walks over month ends', () => {
    expect(weekdayOf('2026-11-29')).toBe(7);
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-30')).toBe('2026-11-30');
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
  });
});
