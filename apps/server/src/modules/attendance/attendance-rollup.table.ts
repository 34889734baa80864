import { sql } from 'drizzle-orm';
import { check, doublePrecision, pgTable } from 'drizzle-orm/pg-core';
import { organizationId, updateTime } from '../../platform/columns';
import { organizations } from '../../platform/organizations.table';

// The daily roll-up's thresholds, one row per organisation (none: the defaults, 0.75 and 0.4): a
// day whose weighted rate reaches `full_rate` is a full day, `half_rate` a half day, else absent.
export const attendanceSettings = pgTable(
  'attendance_settings',
  {
    organizationId: organizationId()
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    fullRate: doublePrecision('full_rate').notNull().default(0.75),
    halfRate: doublePrecision('half_rate').notNull().default(0.4),
    updateTime: updateTime(),
  },
  (t) => [
    check(
      'attendance_settings_rates_ck',
      sql`0 <= ${t.halfRate} and ${t.halfRate} <= ${t.fullRate} and ${t.fullRate} <= 1`,
    ),
  ],
);
