// Calendar days ('YYYY-MM-DD') and wall-clock times ('HH:MM') in an organisation's time zone, and
// the instants they name, with Intl alone (no time-zone library). Pure, and cached: a term's
// generation asks for the same few thousand (day, time) pairs tens of thousands of times.

const DAY_MS = 86_400_000;

function utcOf(day: string): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
}
function dayOfUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(day: string, n: number): string {
  return dayOfUtc(utcOf(day) + n * DAY_MS);
}
// Whole days from a to b (negative when b is earlier).
export function daysBetween(a: string, b: string): number {
  return Math.round((utcOf(b) - utcOf(a)) / DAY_MS);
}
// 1 Monday … 7 Sunday.
export function weekdayOf(day: string): number {
  const d = new Date(utcOf(day)).getUTCDay();
  return d === 0 ? 7 : d;
}
export function mondayOf(day: string): string {
  return addDays(day, 1 - weekdayOf(day));
}

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
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

interface Wall {
  day: string;
  time: string;
  second: string;
  // The wall clock read as if it were UTC (for the zone's offset).
  asUtc: number;
}
function wallOf(at: number, timeZone: string): Wall {
  const p: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(at)) p[part.type] = part.value;
  const day = `${p.year}-${p.month}-${p.day}`;
  const asUtc = utcOf(day) + (Number(p.hour) * 60 + Number(p.minute)) * 60_000 + Number(p.second) * 1000;
  return { day, time: `${p.hour}:${p.minute}`, second: p.second ?? '00', asUtc };
}

// The day and 'HH:MM' an instant shows in the zone.
export function wallClock(at: Date, timeZone: string): { day: string; time: string } {
  const { day, time } = wallOf(at.getTime(), timeZone);
  return { day, time };
}

// 'YYYY-MM-DD HH:MM:SS' an instant shows in the zone (reports and sheets).
export function wallClockText(at: Date, timeZone: string): string {
  const { day, time, second } = wallOf(at.getTime(), timeZone);
  return `${day} ${time}:${second}`;
}

const instants = new Map<string, number>();
// The instant a wall-clock time of a day names in the zone. A time skipped by a daylight-saving
// change reads as the same time after it; a time met twice, as the first.
export function zonedInstant(day: string, time: string, timeZone: string): Date {
  const key = `${timeZone} ${day} ${time}`;
  const hit = instants.get(key);
  if (hit !== undefined) return new Date(hit);
  const wanted = utcOf(day) + (Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))) * 60_000;
  // The zone's offset near the wanted time, then again at the first guess (it may differ across a change).
  let at = wanted - (wallOf(wanted, timeZone).asUtc - wanted);
  const offset = wallOf(at, timeZone).asUtc - at;
  at = wanted - offset;
  if (instants.size > 50_000) instants.clear();
  instants.set(key, at);
  return new Date(at);
}

// Today's date in the zone.
export function todayIn(timeZone: string, now: Date): string {
  return wallClock(now, timeZone).day;
}
