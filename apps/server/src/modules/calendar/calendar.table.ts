import { semesterTermLabels } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { boolean, date, integer, pgTable, primaryKey, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createTime, enumCheck, organizationId, tenantId } from '../../platform/columns';
import { organizations } from '../organization/organization.table';

export const semesters = pgTable(
  'semesters',
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
    id: tenantId(),
    name: varchar('name', { length: 64 }).notNull(),
    year: integer('year').notNull(),
    term: smallint('term').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    current: boolean('current').notNull().default(false),
    createTime: createTime(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('semesters_year_term_uq').on(t.organizationId, t.year, t.term),
    // At most one current semester per organisation, enforced by the database too.
    uniqueIndex('semesters_current_uq').on(t.organizationId).where(sql`${t.current}`),
    enumCheck('semesters_term_ck', t.term, semesterTermLabels),
  ],
);

export const teachVenues = pgTable(
  'teach_venues',
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
    id: tenantId(),
    name: varchar('name', { length: 64 }).notNull(),
    address: varchar('address', { length: 200 }),
    capacity: integer('capacity').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    createTime: createTime(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('teach_venues_name_uq').on(t.organizationId, sql`lower(${t.name})`),
  ],
);
