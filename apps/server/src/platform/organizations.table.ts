import { organizationStatusLabels } from '@lyceum/contract';
import { bigint, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createTime, enumCheck, updateTime } from './columns';

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
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [
    uniqueIndex('organizations_domain_uq').on(t.domain),
    enumCheck('organizations_status_ck', t.status, organizationStatusLabels),
  ],
);
