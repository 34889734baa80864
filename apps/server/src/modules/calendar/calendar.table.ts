import { semesterTermLabels } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { boolean, date, integer, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createTime, enumCheck } from '../../platform/columns';
import { tenantTable } from '../../platform/organizations.table';

export const semesters = tenantTable(
  'semesters',
  {
    name: varchar('name', { length: 64 }).notNull(),
    year: integer('year').notNull(),
    term: smallint('term').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    current: boolean('current').notNull().default(false),
    createTime: createTime(),
  },
  (t) => [
    uniqueIndex('semesters_year_term_uq').on(t.organizationId, t.year, t.term),
    // At most one current semester per organisation, enforced by the database too.
    uniqueIndex('semesters_current_uq').on(t.organizationId).where(sql`${t.current}`),
    enumCheck('semesters_term_ck', t.term, semesterTermLabels),
  ],
);

export const teachVenues = tenantTable(
  'teach_venues',
  {
    name: varchar('name', { length: 64 }).notNull(),
    address: varchar('address', { length: 200 }),
    capacity: integer('capacity').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    createTime: createTime(),
  },
  (t) => [uniqueIndex('teach_venues_name_uq').on(t.organizationId, sql`lower(${t.name})`)],
);
