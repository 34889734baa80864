import { organizationStatusLabels } from '@lyceum/contract';
import { bigint, pgTable, primaryKey, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, createTime, enumCheck, tenantId, updateTime } from '../../platform/columns';

// Organisations are the tenants themselves, so this table is global, not tenant-scoped.
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

// Keys a trusted system (an LMS, a portal) uses to hand a staff user over with a one-time secret.
export const apiKeys = pgTable(
  'api_keys',
  {
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: tenantId(),
    name: varchar('name', { length: 64 }).notNull(),
    keyHash: varchar('key_hash', { length: 64 }).notNull(),
    createTime: createTime(),
    revokedTime: at('revoked_time'),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.id] }), uniqueIndex('api_keys_hash_uq').on(t.keyHash)],
);
