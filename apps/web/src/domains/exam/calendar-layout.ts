import dayjs, { type Dayjs } from 'dayjs';

export type CalendarView = 'week' | 'month';

const ms = (iso: string) => Date.parse(iso);

// The hours a week grid shows at least (more when an exam starts earlier or ends later).
export const DAY_FIRST_HOUR = 7;
export const DAY_LAST_HOUR = 22;

// Weeks start on Monday (the school week), whatever the locale says.
export function weekStart(d: Dayjs): Dayjs {
  return d.subtract((d.day() + 6) % 7, 'day').startOf('day');
}

export function weekDays(anchor: Dayjs): Dayjs[] {
  const first = weekStart(anchor);
  return [0, 1, 2, 3, 4, 5, 6].map((i) => first.add(i, 'day'));
}

// The period a view asks the server for: the week, or every day the month's grid can show (its
// first week may start in the month before and its sixth end in the month after).
export function periodOf(view: CalendarView, anchor: Dayjs): { from: Dayjs; to: Dayjs } {
  if (view === 'week') {
    const from = weekStart(anchor);
    return { from, to: from.add(7, 'day') };
  }
  const from = weekStart(anchor.startOf('month')).subtract(7, 'day');
  return { from, to: from.add(7 * 7, 'day') };
}

// Previous or next period.
export function step(view: CalendarView, anchor: Dayjs, by: 1 | -1): Dayjs {
  return anchor.add(by, view);
}

export interface Timed {
  id: number;
  windowStart: string;
  windowEnd: string;
  latestEnd: string;
}

// Whether an exam's time (to the end of its longest extra time) runs over more than one day: the week
// shows those as bars across the days above the hours, not as columns down every day.
export function isMultiDay(e: Timed): boolean {
  return !dayjs(e.windowStart).isSame(dayjs(e.latestEnd).subtract(1, 'ms'), 'day');
}

// The hours the week grid spans: the working day, widened to the exams of the week that keep within a
// day (the multi-day ones are bars above the grid).
export function hourRange(entries: Timed[], days: Dayjs[]): { first: number; last: number } {
  let first = DAY_FIRST_HOUR;
  let last = DAY_LAST_HOUR;
  const weekFrom = days[0].startOf('day');
  const weekTo = days[days.length - 1].endOf('day');
  for (const e of entries) {
    const start = dayjs(e.windowStart);
    const end = dayjs(e.latestEnd);
    if (end.isBefore(weekFrom) || start.isAfter(weekTo) || isMultiDay(e)) continue;
    first = Math.min(first, start.hour());
    // Hours from the start's midnight, so an exam ending at midnight reaches 24.
    last = Math.max(last, Math.ceil(end.diff(start.startOf('day'), 'minute') / 60));
  }
  return { first, last: Math.min(24, last) };
}

export interface Block<T extends Timed> {
  entry: T;
  // Percentages of the day column: where the window starts, how long it is, and how far the
  // longest extra time reaches beyond it.
  top: number;
  height: number;
  tail: number;
  // Side by side with the exams it overlaps: its lane and how many lanes its group has.
  lane: number;
  lanes: number;
  // The window goes on before or after the hours shown.
  clippedStart: boolean;
  clippedEnd: boolean;
}

// The exams of one day as blocks of the week grid, overlapping ones in lanes side by side.
export function dayBlocks<T extends Timed>(entries: T[], day: Dayjs, first: number, last: number): Block<T>[] {
  const from = day.startOf('day').add(first, 'hour');
  const to = day.startOf('day').add(last, 'hour');
  const span = to.diff(from, 'minute');
  const pct = (m: Dayjs) => (Math.min(Math.max(m.diff(from, 'minute'), 0), span) / span) * 100;
  const ofDay = entries
    .filter((e) => dayjs(e.windowStart).isBefore(to) && dayjs(e.latestEnd).isAfter(from))
    .sort((a, b) => ms(a.windowStart) - ms(b.windowStart) || ms(b.latestEnd) - ms(a.latestEnd));

  const blocks: Block<T>[] = [];
  // Groups of exams that overlap one another, directly or through others; each gets its lanes.
  let group: Block<T>[] = [];
  let laneEnds: number[] = [];
  let groupEnd = 0;
  const closeGroup = () => {
    for (const b of group) b.lanes = laneEnds.length;
    group = [];
    laneEnds = [];
  };
  for (const e of ofDay) {
    const startMs = ms(e.windowStart);
    const latestMs = ms(e.latestEnd);
    if (group.length && startMs >= groupEnd) closeGroup();
    let lane = laneEnds.findIndex((end) => end <= startMs);
    if (lane < 0) lane = laneEnds.push(latestMs) - 1;
    else laneEnds[lane] = latestMs;
    groupEnd = group.length ? Math.max(groupEnd, latestMs) : latestMs;
    const start = dayjs(e.windowStart);
    const latest = dayjs(e.latestEnd);
    const top = pct(start);
    const bottom = pct(dayjs(e.windowEnd));
    const block: Block<T> = {
      entry: e,
      top,
      height: Math.max(bottom - top, 0),
      tail: Math.max(pct(latest) - bottom, 0),
      lane,
      lanes: 1,
      clippedStart: start.isBefore(from),
      clippedEnd: latest.isAfter(to),
    };
    group.push(block);
    blocks.push(block);
  }
  closeGroup();
  return blocks;
}

// The exams meeting one day (the month view's cell), earliest first.
export function entriesOfDay<T extends Timed>(entries: T[], day: Dayjs): T[] {
  const from = day.startOf('day');
  const to = from.add(1, 'day');
  return entries
    .filter((e) => dayjs(e.windowStart).isBefore(to) && dayjs(e.windowEnd).isAfter(from))
    .sort((a, b) => ms(a.windowStart) - ms(b.windowStart));
}

export interface Bar<T extends Timed> {
  entry: T;
  // The first and last day of the week it covers (0 = Monday), and its row in the band.
  from: number;
  to: number;
  row: number;
  // It began before this week or goes on after it.
  before: boolean;
  after: boolean;
}

// The multi-day exams of a week as bars across the days they cover, each in the first row where it
// meets no other; longer ones first among those starting the same day.
export function weekBars<T extends Timed>(entries: T[], days: Dayjs[]): Bar<T>[] {
  const weekFrom = days[0].startOf('day');
  const weekTo = weekFrom.add(days.length, 'day');
  const dayOf = (d: Dayjs) => Math.floor(d.diff(weekFrom, 'hour') / 24);
  const bars = entries
    .filter((e) => isMultiDay(e) && dayjs(e.windowStart).isBefore(weekTo) && dayjs(e.latestEnd).isAfter(weekFrom))
    .map((entry) => {
      const start = dayjs(entry.windowStart);
      const end = dayjs(entry.latestEnd).subtract(1, 'ms');
      return {
        entry,
        from: Math.max(0, dayOf(start)),
        to: Math.min(days.length - 1, dayOf(end)),
        row: 0,
        before: start.isBefore(weekFrom),
        after: end.isAfter(weekTo),
      };
    })
    .sort((a, b) => a.from - b.from || b.to - a.to || ms(a.entry.windowStart) - ms(b.entry.windowStart));
  const rowEnds: number[] = [];
  for (const bar of bars) {
    let row = rowEnds.findIndex((end) => end < bar.from);
    if (row < 0) row = rowEnds.push(bar.to) - 1;
    else rowEnds[row] = bar.to;
    bar.row = row;
  }
  return bars;
}
