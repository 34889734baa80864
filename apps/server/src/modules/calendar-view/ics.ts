// An iCalendar (RFC 5545) writer for the personal feed: written here rather than with
// ical-generator, whose maintained line (11.x) needs Node 22 while the product runs on Node 20; what a
// feed needs is a few properties, and the tests read every feed back with a real parser (ical.js).
// Times are written in UTC (`…Z`), so no VTIMEZONE is needed; X-WR-TIMEZONE tells calendars which
// zone to show them in.

export interface IcsEvent {
  uid: string;
  start: Date;
  // None: a point in time (homework due).
  end: Date | null;
  summary: string;
  description?: string;
  location?: string | null;
  status: 'CONFIRMED' | 'CANCELLED';
  // Rises with every change, so a calendar replaces its copy.
  sequence: number;
  lastModified: Date;
  categories?: string[];
}

export interface IcsCalendar {
  name: string;
  timeZone: string;
  // When the feed was written (every event's DTSTAMP).
  stamp: Date;
  // How often a calendar should read the feed again.
  refreshMinutes: number;
  events: IcsEvent[];
}

const CRLF = '\r\n';
const MAX_OCTETS = 75;

// TEXT values: backslash, semicolon and comma escaped, line breaks as `\n` (RFC 5545 3.3.11).
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

// A content line folded into lines of at most 75 octets, each continuation starting with one space
// (RFC 5545 3.1), never splitting a UTF-8 character.
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  // A continuation's leading space counts towards its 75.
  let limit = MAX_OCTETS;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    if (octets + size > limit) {
      out.push(current);
      current = ' ';
      octets = 1;
      limit = MAX_OCTETS;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join(CRLF);
}

// A UTC DATE-TIME: 20260302T000000Z.
export function icsTime(at: Date): string {
  return at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

function eventLines(e: IcsEvent, stamp: Date): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${escapeText(e.uid)}`,
    `DTSTAMP:${icsTime(stamp)}`,
    `DTSTART:${icsTime(e.start)}`,
    ...(e.end ? [`DTEND:${icsTime(e.end)}`] : []),
    `SUMMARY:${escapeText(e.summary)}`,
    ...(e.location ? [`LOCATION:${escapeText(e.location)}`] : []),
    ...(e.description ? [`DESCRIPTION:${escapeText(e.description)}`] : []),
    ...(e.categories?.length ? [`CATEGORIES:${e.categories.map(escapeText).join(',')}`] : []),
    `STATUS:${e.status}`,
    `SEQUENCE:${Math.max(0, Math.floor(e.sequence))}`,
    `LAST-MODIFIED:${icsTime(e.lastModified)}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
  ];
  return lines;
}

// The whole feed as text, CRLF line ends, folded.
export function writeIcs(cal: IcsCalendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Lyceum//Timetable feed//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(cal.name)}`,
    `X-WR-TIMEZONE:${escapeText(cal.timeZone)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:PT${cal.refreshMinutes}M`,
    `X-PUBLISHED-TTL:PT${cal.refreshMinutes}M`,
    ...cal.events.flatMap((e) => eventLines(e, cal.stamp)),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
