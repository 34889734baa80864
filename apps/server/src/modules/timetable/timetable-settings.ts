import {
  DEFAULT_PERIODS,
  DEFAULT_TIME_ZONE,
  type Period,
  type TimetableSettings,
  zPeriod,
  type zTimetableSettingsInput,
} from '@lyceum/contract';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { invalidParams } from '../../platform/errors';
import { zonedInstant } from './local-time';
import { timetableSettings } from './timetable.table';

// The organisation's time zone and the day's periods (one row per organisation; the defaults until
// the office saves its own).

const zStoredPeriods = z.array(zPeriod);

export async function readSettings(db: DbOrTx, orgId: number): Promise<TimetableSettings> {
  const [row] = await db.select().from(timetableSettings).where(eq(timetableSettings.organizationId, orgId));
  const stored = zStoredPeriods.safeParse(row?.periods);
  const periods = stored.success && stored.data.length ? stored.data : DEFAULT_PERIODS;
  return {
    timeZone: row?.timeZone ?? DEFAULT_TIME_ZONE,
    periods,
    saved: Boolean(row),
    updateTime: row?.updateTime ? row.updateTime.toISOString() : null,
  };
}

export async function saveSettings(
  ctx: RequestContext,
  input: z.output<typeof zTimetableSettingsInput>,
): Promise<TimetableSettings> {
  const values = { timeZone: input.timeZone, periods: input.periods, updateTime: new Date() };
  await ctx.db
    .insert(timetableSettings)
    .values({ organizationId: ctx.orgId, ...values })
    .onConflictDoUpdate({ target: timetableSettings.organizationId, set: { ...values, updateTime: sql`now()` } });
  return readSettings(ctx.db, ctx.orgId);
}

export interface When {
  periodFrom?: number | null;
  periodTo?: number | null;
  startTime?: string | null;
  endTime?: string | null;
}
export interface Timed {
  startsAt: Date;
  endsAt: Date;
  periodFrom: number | null;
  periodTo: number | null;
}

// A day and its periods (or times) as instants; a period the day does not have is refused naming
// its field (`at` prefixes it: `slots.2.`).
export function timesOf(settings: { periods: Period[]; timeZone: string }, day: string, w: When, at = ''): Timed {
  if (w.startTime && w.endTime) {
    return {
      startsAt: zonedInstant(day, w.startTime, settings.timeZone),
      endsAt: zonedInstant(day, w.endTime, settings.timeZone),
      periodFrom: null,
      periodTo: null,
    };
  }
  const first = periodOf(settings.periods, w.periodFrom, `${at}periodFrom`);
  const last = periodOf(settings.periods, w.periodTo, `${at}periodTo`);
  return {
    startsAt: zonedInstant(day, first.start, settings.timeZone),
    endsAt: zonedInstant(day, last.end, settings.timeZone),
    periodFrom: first.no,
    periodTo: last.no,
  };
}

export function periodOf(periods: Period[], no: number | null | undefined, field: string): Period {
  const p = periods.find((x) => x.no === no);
  if (!p) throw invalidParams(field, 'noSuchPeriod', { no: Number(no ?? 0) });
  return p;
}
