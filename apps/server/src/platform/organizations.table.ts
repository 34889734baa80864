import { organizationStatusLabels } from '@lyceum/contract';
import type { PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import { bigint, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { enumCheck, type IdExtra, idTable, organizationId, stamps } from './columns';

// Organisations are the tenants themselves, so this table is global, not tenant-scoped. It is the
// platform's because every tenant table refers to it, the platform's own (the job queue, the
// operation log) included; the organization module manages its rows.
export const organizations = pgTable(
  'organizations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    domain: varchar('domain', { length: 32 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    logo: varchar('logo', { length: 512 }),
    icpNumber: varchar('icp_number', { length: 64 }),
    copyright: varchar('copyright', { length: 200 }),
    themeColor: varchar('theme_color', { length: 7 }).notNull().default('#1677ff'),
    status: smallint('status').notNull().default(1),
    note: text('note'),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('organizations_domain_uq').on(t.domain),
    enumCheck('organizations_status_ck', t.status, organizationStatusLabels),
  ],
);

// A table of an organisation's own records (exams, users, departments): keyed by (organization_id, id)
// and removed with the organisation. Here, beside the root it refers to: columns.ts, whose helpers
// this file uses, cannot import it back.
export function tenantTable<N extends string, C extends Record<string, PgColumnBuilderBase>>(
  name: N,
  columns: C,
  extra?: IdExtra<N, C>,
) {
  const organization = organizationId().references(() => organizations.id, { onDelete: 'cascade' });
  return idTable(name, columns, extra, organization);
}
