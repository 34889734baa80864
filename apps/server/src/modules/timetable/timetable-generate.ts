import { type Period, TermDayKind, WeekParity } from '@lyceum/contract';
import { addDays, daysBetween, mondayOf, weekdayOf, zonedInstant } from './local-time';

// The heart of the timetable, pure: a semester, its calendar exceptions and weekly slots → the
// lesson occurrences, dated and timed. Week 1 is the week (Monday to Sunday) holding the
// semester's first day, and it is odd. A holiday or closure has no lessons; a make-up day (调休)
// runs the timetable of the weekday it follows, with the parity of its own week; a slot runs only
// between its valid dates. Times come from the periods (or the slot's own) in the organisation's
// zone, as instants.

export interface GenSemester {
  startDate: string;
  endDate: string;
}
export interface GenTermDay {
  day: string;
  kind: number;
  followsWeekday: number | null;
}
export interface GenSlot {
  weekday: number;
  periodFrom: number | null;
  periodTo: number | null;
  startTime: string | null;
  endTime: string | null;
  parity: number;
  validFrom: string | null;
  validTo: string | null;
}
export interface Occurrence {
  // The slot's place in the slots given.
  slot: number;
  day: string;
  week: number;
  startsAt: Date;
  endsAt: Date;
  periodFrom: number | null;
  periodTo: number | null;
}
export interface GenInput {
  semester: GenSemester;
  termDays: GenTermDay[];
  slots: GenSlot[];
  periods: Period[];
  timeZone: string;
  // Only days from … to (inclusive), inside the semester.
  from?: string;
  to?: string;
}

// The week of the term a day is in (1 = the week of the first day; 0 or less before it).
export function termWeek(semesterStart: string, day: string): number {
  return Math.floor(daysBetween(mondayOf(semesterStart), day) / 7) + 1;
}

export function parityFits(parity: number, week: number): boolean {
  if (parity === WeekParity.Odd) return week % 2 === 1;
  if (parity === WeekParity.Even) return week % 2 === 0;
  return true;
}

// A slot's wall-clock times: its periods' (null when one is missing from the day) or its own.
export function slotTimes(s: GenSlot, periods: Period[]): { start: string; end: string } | null {
  if (s.startTime && s.endTime) return { start: s.startTime, end: s.endTime };
  const first = periods.find((p) => p.no === s.periodFrom);
  const last = periods.find((p) => p.no === s.periodTo);
  return first && last ? { start: first.start, end: last.end } : null;
}

// The weekday whose timetable a day runs (null: no lessons that day).
export function timetableWeekday(day: string, exception: GenTermDay | undefined): number | null {
  if (!exception) return weekdayOf(day);
  if (exception.kind === TermDayKind.MakeUp) return exception.followsWeekday;
  return null;
}

export function occurrences(input: GenInput): Occurrence[] {
  const { semester, slots, periods, timeZone } = input;
  const first = input.from && input.from > semester.startDate ? input.from : semester.startDate;
  const last = input.to && input.to < semester.endDate ? input.to : semester.endDate;
  const exceptions = new Map(input.termDays.map((d) => [d.day, d]));
  const times = slots.map((s) => slotTimes(s, periods));
  const byWeekday = new Map<number, number[]>();
  slots.forEach((s, i) => {
    if (!times[i]) return;
    const list = byWeekday.get(s.weekday) ?? [];
    list.push(i);
    byWeekday.set(s.weekday, list);
  });
  const out: Occurrence[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) {
    const weekday = timetableWeekday(day, exceptions.get(day));
    if (weekday === null) continue;
    const week = termWeek(semester.startDate, day);
    for (const i of byWeekday.get(weekday) ?? []) {
      const s = slots[i]!;
      if (!parityFits(s.parity, week)) continue;
      if ((s.validFrom && day < s.validFrom) || (s.validTo && day > s.validTo)) continue;
      const t = times[i]!;
      out.push({
        slot: i,
        day,
        week,
        startsAt: zonedInstant(day, t.start, timeZone),
        endsAt: zonedInstant(day, t.end, timeZone),
        periodFrom: s.startTime ? null : s.periodFrom,
        periodTo: s.startTime ? null : s.periodTo,
      });
    }
  }
  return out;
}

// Periods a week the slots give: an odd- or even-week slot counts half; a slot by times counts the
// periods it overlaps (at least one).
export function scheduledPerWeek(slots: GenSlot[], periods: Period[]): number {
  let sum = 0;
  for (const s of slots) {
    let n: number;
    if (s.startTime && s.endTime) {
      const { startTime: a, endTime: b } = s;
      n = Math.max(1, periods.filter((p) => p.start < b && a < p.end).length);
    } else n = Math.max(0, (s.periodTo ?? 0) - (s.periodFrom ?? 0) + 1);
    sum += s.parity === WeekParity.All ? n : n / 2;
  }
  return sum;
}

// Bookings of one batch that overlap each other (the same teacher, room or class twice at once):
// the database would refuse the second; listed before anything is written. Sorted sweep per resource.
export interface Span {
  key: string;
  startsAt: Date;
  endsAt: Date;
}
export function overlapsWithin<T extends Span>(items: T[]): [T, T][] {
  const byKey = new Map<string, T[]>();
  for (const it of items) {
    const list = byKey.get(it.key) ?? [];
    list.push(it);
    byKey.set(it.key, list);
  }
  const out: [T, T][] = [];
  for (const list of byKey.values()) {
    list.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    let open: T[] = [];
    for (const it of list) {
      open = open.filter((o) => o.endsAt > it.startsAt);
      for (const o of open) out.push([o, it]);
      open.push(it);
    }
  }
  return out;
}
