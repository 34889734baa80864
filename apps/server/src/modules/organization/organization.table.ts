import { uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, createTime } from '../../platform/columns';
import { organizations, tenantTable } from '../../platform/organizations.table';

// The tenant root is defined with the platform; the domain's importers find it here too.
export { organizations };

// Keys a trusted system (an LMS, a portal) uses to hand a staff user over with a one-time secret.
export const apiKeys = tenantTable(
  'api_keys',
  {
    name: varchar('name', { length: 64 }).notNull(),
    keyHash: varchar('key_hash', { length: 64 }).notNull(),
    createTime: createTime(),
    revokedTime: at('revoked_time'),
  },
  (t) => [uniqueIndex('api_keys_hash_uq').on(t.keyHash)],
);
