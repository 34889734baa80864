import type { WeekEntry, WeekPeriod } from '@lyceum/contract';

// The week grid's geometry, pure: days as 'YYYY-MM-DD' of the organisation's zone (never the
// device's), minutes of the day, the entries placed in lanes where they overlap, and the band above
// the hours (entries over several days as bars, homework as markers on its day).

const DAY_MS = 86_400_000;

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

// 1 Monday … 7 Sunday.
export function weekdayOf(day: string): number {
  return ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

// The Monday of the week a day is in (school weeks start on Monday, whatever the locale says).
export function mondayOf(day: string): string {
  return addDays(day, 1 - weekdayOf(day));
}

// The device's today, before the server has said what today is in the school's zone.
export function deviceToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
export const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export interface ZonedPoint {
  day: string;
  minutes: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
// An instant as the day and minute of the day in the zone.
export function zonedPoint(iso: string, timeZone: string): ZonedPoint {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return { day: `${p.year}-${p.month}-${p.day}`, minutes: Number(p.hour) * 60 + Number(p.minute) };
}

// Shown in the band above the hours rather than in a day's column.
export const inBand = (e: WeekEntry) => e.allDay || e.kind === 'homework';

// Five days unless something falls on the weekend (or seven are asked for).
export function shownDays(monday: string, mode: 5 | 7 | 'auto', entries: WeekEntry[], timeZone: string): string[] {
  const week = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  if (mode === 7) return week;
  if (mode === 5) return week.slice(0, 5);
  const weekend = new Set(week.slice(5));
  const busy = entries.some((e) => {
    const from = zonedPoint(e.startsAt, timeZone).day;
    const to = zonedPoint(e.endsAt, timeZone).day;
    return weekend.has(from) || weekend.has(to) || (from < week[5]! && to > week[6]!);
  });
  return busy ? week : week.slice(0, 5);
}

export interface Timed {
  entry: WeekEntry;
  day: string;
  start: number;
  end: number;
}

// The entries drawn in the day columns, each with its day and minutes (an end at midnight is 1440).
export function timedEntries(entries: WeekEntry[], timeZone: string): Timed[] {
  return entries
    .filter((e) => !inBand(e))
    .map((entry) => {
      const from = zonedPoint(entry.startsAt, timeZone);
      const to = zonedPoint(entry.endsAt, timeZone);
      const end = to.day === from.day ? to.minutes : 1440;
      return { entry, day: from.day, start: from.minutes, end: Math.max(end, from.minutes + 1) };
    });
}

// The minutes the grid spans: the school day (its periods), widened to the entries shown, on whole
// half hours.
export function dayRange(periods: WeekPeriod[], timed: Timed[]): { first: number; last: number } {
  const starts = [...periods.map((p) => minutesOf(p.start)), ...timed.map((t) => t.start)];
  const ends = [...periods.map((p) => minutesOf(p.end)), ...timed.map((t) => t.end)];
  const first = starts.length ? Math.min(...starts) : 8 * 60;
  const last = ends.length ? Math.max(...ends) : 18 * 60;
  return { first: Math.max(0, Math.floor(first / 30) * 30), last: Math.min(1440, Math.ceil(last / 30) * 30) };
}

export interface Block extends Timed {
  // Side by side with the entries it overlaps: its lane and how many lanes its group has.
  lane: number;
  lanes: number;
}

// One day's entries in lanes: a group of entries overlapping one another (directly or through
// others) shares its width.
export function dayBlocks(timed: Timed[], day: string): Block[] {
  const ofDay = timed
    .filter((t) => t.day === day)
    .sort((a, b) => a.start - b.start || b.end - a.end || a.entry.id - b.entry.id);
  const blocks: Block[] = [];
  let group: Block[] = [];
  let laneEnds: number[] = [];
  let groupEnd = 0;
  const close = () => {
    for (const b of group) b.lanes = laneEnds.length;
    group = [];
    laneEnds = [];
  };
  for (const t of ofDay) {
    if (group.length && t.start >= groupEnd) close();
    let lane = laneEnds.findIndex((end) => end <= t.start);
    if (lane < 0) lane = laneEnds.push(t.end) - 1;
    else laneEnds[lane] = t.end;
    groupEnd = group.length ? Math.max(groupEnd, t.end) : t.end;
    const block = { ...t, lane, lanes: 1 };
    group.push(block);
    blocks.push(block);
  }
  close();
  return blocks;
}

export interface Bar {
  entry: WeekEntry;
  // The first and last column it covers and its row in the band.
  from: number;
  to: number;
  row: number;
  // It began before the days shown or goes on after them.
  before: boolean;
  after: boolean;
}

// The band above the hours: entries over several days as bars across their columns, homework as a
// marker on its day; each in the first row where it meets nothing.
export function bandBars(entries: WeekEntry[], days: string[], timeZone: string): Bar[] {
  const first = days[0]!;
  const last = days[days.length - 1]!;
  const column = (day: string) => Math.round((Date.parse(day) - Date.parse(first)) / DAY_MS);
  const bars = entries
    .filter(inBand)
    .flatMap((entry) => {
      const from = zonedPoint(entry.startsAt, timeZone).day;
      const endAt = entry.kind === 'homework' ? entry.endsAt : new Date(Date.parse(entry.endsAt) - 1).toISOString();
      const to = zonedPoint(endAt, timeZone).day;
      if (to < first || from > last) return [];
      return [
        {
          entry,
          from: Math.max(0, column(from)),
          to: Math.min(days.length - 1, column(to)),
          row: 0,
          before: from < first,
          after: to > last,
        },
      ];
    })
    // A bar ending on a day not shown (a weekend hidden) still covers the days shown.
    .filter((b) => b.from <= b.to)
    .sort((a, b) => a.from - b.from || b.to - a.to || Date.parse(a.entry.startsAt) - Date.parse(b.entry.startsAt));
  const rowEnds: number[] = [];
  for (const bar of bars) {
    let row = rowEnds.findIndex((end) => end < bar.from);
    if (row < 0) row = rowEnds.push(bar.to) - 1;
    else rowEnds[row] = bar.to;
    bar.row = row;
  }
  return bars;
}

// The period a minute of the day falls in, if any.
export function periodAt(minutes: number, periods: WeekPeriod[]): WeekPeriod | null {
  return periods.find((p) => minutesOf(p.start) <= minutes && minutes < minutesOf(p.end)) ?? null;
}
