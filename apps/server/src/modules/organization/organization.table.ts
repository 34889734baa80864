import { bigint, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, createTime, tenantId } from '../../platform/columns';
import { organizations } from '../../platform/organizations.table';

// The tenant root is defined with the platform; the domain's importers find it here too.
export { organizations };

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
