// Days of the organisation's calendar as text ('YYYY-MM-DD') and the instants they begin at in its
// zone: the week's bounds, today, and whether an entry runs over more than one day.

const DAY_MS = 86_400_000;

// One formatter per zone (making one costs far more than using it).
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
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
  return f;
}

// 'YYYY-MM-DD HH:mm' in the zone (as the clash engine's `localTime` writes it).
export function localTime(at: Date, timeZone: string): string {
  const p = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

// The day an instant falls on in the zone.
export function localDay(at: Date, timeZone: string): string {
  return localTime(at, timeZone).slice(0, 10);
}

// Minutes the zone is ahead of UTC at an instant (on a whole minute).
function offsetMinutes(at: number, timeZone: string): number {
  const local = Date.parse(`${localTime(new Date(at), timeZone).replace(' ', 'T')}:00Z`);
  return Math.round((local - Math.floor(at / 60_000) * 60_000) / 60_000);
}

// The instant a day begins in the zone (the first moment that exists, across a DST change).
export function localMidnight(day: string, timeZone: string): Date {
  const wall = Date.parse(`${day}T00:00:00Z`);
  const first = offsetMinutes(wall, timeZone);
  let at = wall - first * 60_000;
  const second = offsetMinutes(at, timeZone);
  if (second !== first) at = wall - second * 60_000;
  return new Date(at);
}

// Whether an entry's time covers more than one day of the zone (its end's last moment counts).
export function spansDays(start: Date, end: Date, timeZone: string): boolean {
  const last = new Date(Math.max(start.getTime(), end.getTime() - 1));
  return localDay(start, timeZone) !== localDay(last, timeZone);
}
