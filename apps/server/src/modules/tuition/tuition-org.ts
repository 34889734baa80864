import { eq } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { DbOrTx } from '../../platform/db';
import { organizations } from '../../platform/organizations.table';
import { todayIn, zonedInstant } from '../timetable/local-time';
import { readSettings } from '../timetable/timetable-settings';

// What tuition reads of its organisation: the currency its amounts are in, its name on receipts,
// and its calendar day (due days and "once a day" are the organisation's days).

export async function schoolName(db: DbOrTx, orgId: number): Promise<string> {
  const [row] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, orgId));
  return row?.name ?? '';
}

// Today in the organisation's zone ('2026-09-01') and the instant it began.
export async function orgToday(db: DbOrTx, orgId: number, now = clock.date()): Promise<{ day: string; start: Date }> {
  const { timeZone } = await readSettings(db, orgId);
  const day = todayIn(timeZone, now);
  return { day, start: zonedInstant(day, '00:00', timeZone) };
}
