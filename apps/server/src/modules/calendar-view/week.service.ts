import type { WeekCalendar, WeekPeriod, WeekRequest } from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import { hasAny } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { forbidden, notFound } from '../../platform/errors';
import { inOrg } from '../../platform/tenant-sql';
import { teachVenues } from '../calendar/calendar.table';
import { teams } from '../team/team.table';
import { timetableSettings } from '../timetable/timetable.table';
import { users } from '../user/user.table';
import { weekLive } from './week-live';
import { type WeekItem, type WeekRange, type WeekSubject, weekExams, weekHomework, weekLessons } from './week-sources';
import { addDays, localDay, localMidnight } from './week-time';

// The week views (issue 31): whose week the caller may see, the organisation's zone and periods,
// and every entry of the range, earliest first.

export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';
// The school day when the organisation has not set its own periods.
export const DEFAULT_PERIODS: WeekPeriod[] = [
  ['08:00', '08:45'],
  ['08:55', '09:40'],
  ['10:00', '10:45'],
  ['10:55', '11:40'],
  ['14:00', '14:45'],
  ['14:55', '15:40'],
  ['16:00', '16:45'],
  ['16:55', '17:40'],
].map(([start, end], i) => ({ no: i + 1, start: start!, end: end! }));

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const zStoredPeriods = z
  .array(z.object({ no: z.number().int(), start: z.string().regex(HHMM), end: z.string().regex(HHMM) }))
  .min(1);

export async function weekSettings(db: DbOrTx, orgId: number): Promise<{ timeZone: string; periods: WeekPeriod[] }> {
  const [row] = await db
    .select({ timeZone: timetableSettings.timeZone, periods: timetableSettings.periods })
    .from(timetableSettings)
    .where(eq(timetableSettings.organizationId, orgId));
  // Periods are written through the settings' own schema; a row that does not read as periods
  // (none set yet) shows the default day rather than no rows at all.
  const periods = zStoredPeriods.safeParse(row?.periods).data ?? DEFAULT_PERIODS;
  return { timeZone: knownZone(row?.timeZone), periods: [...periods].sort((a, b) => a.no - b.no) };
}

// The zone as stored, when this runtime knows it.
function knownZone(zone: string | undefined): string {
  if (!zone) return DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

export function weekRange(fromDay: string, toDay: string, timeZone: string): WeekRange {
  return {
    fromDay,
    toDay,
    start: localMidnight(fromDay, timeZone),
    end: localMidnight(addDays(toDay, 1), timeZone),
    timeZone,
  };
}

// Every entry of the subject's range: lessons, exams, homework due, live classes; earliest first.
export async function weekItems(db: DbOrTx, orgId: number, subject: WeekSubject, range: WeekRange) {
  const [lessonRows, examRows, homeworkRows, liveRows] = await Promise.all([
    weekLessons(db, orgId, subject, range),
    weekExams(db, orgId, subject, range),
    weekHomework(db, orgId, subject, range),
    weekLive(db, orgId, subject, range),
  ]);
  return [...lessonRows, ...examRows, ...homeworkRows, ...liveRows].sort(
    (a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.kind.localeCompare(b.kind) || a.id - b.id,
  );
}

// The subject a request names, in the caller's organisation (another's id is "not found"), and its
// name. Only `me` is open to everyone; the rest are staff's (teaching:page).
async function subjectOf(ctx: RequestContext, view: WeekRequest['view'], id: number | undefined) {
  if (view === 'me') return { subject: { kind: 'person', id: ctx.userId } as WeekSubject, name: ctx.realName };
  if (!hasAny(ctx, ['teaching:page'])) throw forbidden();
  const key = id ?? 0;
  if (view === 'team') {
    const [row] = await ctx.db
      .select({ name: teams.name, gradeYear: teams.gradeYear })
      .from(teams)
      .where(inOrg(teams, ctx.orgId, [eq(teams.id, key)]));
    if (!row) throw notFound('Class');
    return { subject: { kind: 'team', id: key, gradeYear: row.gradeYear } as WeekSubject, name: row.name };
  }
  if (view === 'venue') {
    const [row] = await ctx.db
      .select({ name: teachVenues.name })
      .from(teachVenues)
      .where(inOrg(teachVenues, ctx.orgId, [eq(teachVenues.id, key)]));
    if (!row) throw notFound('Venue');
    return { subject: { kind: 'venue', id: key } as WeekSubject, name: row.name };
  }
  const [row] = await ctx.db
    .select({ name: users.realName })
    .from(users)
    .where(inOrg(users, ctx.orgId, [eq(users.id, key)]));
  if (!row) throw notFound('User');
  const kind = view === 'teacher' ? 'teacher' : 'person';
  return { subject: { kind, id: key } as WeekSubject, name: row.name };
}

// Without the feed's stamps.
function entryOf({ created: _c, updated: _u, ...entry }: WeekItem) {
  return entry;
}

export async function weekOf(ctx: RequestContext, input: WeekRequest, now: Date): Promise<WeekCalendar> {
  const { subject, name } = await subjectOf(ctx, input.view, input.id);
  const { timeZone, periods } = await weekSettings(ctx.db, ctx.orgId);
  const items = await weekItems(ctx.db, ctx.orgId, subject, weekRange(input.from, input.to, timeZone));
  return {
    from: input.from,
    to: input.to,
    timeZone,
    today: localDay(now, timeZone),
    periods,
    subject: name,
    entries: items.map(entryOf),
  };
}
