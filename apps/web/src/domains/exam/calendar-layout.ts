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

// The hours the week grid spans: the working day, widened to the exams of the week.
export function hourRange(entries: Timed[], days: Dayjs[]): { first: number; last: number } {
  let first = DAY_FIRST_HOUR;
  let last = DAY_LAST_HOUR;
  const weekFrom = days[0].startOf('day');
  const weekTo = days[days.length - 1].endOf('day');
  for (const e of entries) {
    const start = dayjs(e.windowStart);
    const end = dayjs(e.latestEnd);
    if (end.isBefore(weekFrom) || start.isAfter(weekTo)) continue;
    // A window over midnight fills its days to the edge.
    if (!start.isSame(end, 'day')) return { first: 0, last: 24 };
    first = Math.min(first, start.hour());
    last = Math.max(last, end.hour() + (end.minute() > 0 ? 1 : 0));
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
