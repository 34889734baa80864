import { bigint, boolean, index, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { createTime, organizationId, tenantId } from '../../platform/columns';
import { organizations } from '../organization/organization.table';

// Every call that changes data, written in batches by the platform's operation log.
export const operationLogs = pgTable(
  'operation_logs',
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
    id: tenantId(),
    userId: bigint('user_id', { mode: 'number' }),
    userName: varchar('user_name', { length: 64 }),
    path: varchar('path', { length: 255 }).notNull(),
    method: varchar('method', { length: 8 }).notNull(),
    mobile: boolean('mobile').notNull().default(false),
    responseCode: integer('response_code').notNull(),
    durationMs: integer('duration_ms').notNull(),
    ip: varchar('ip', { length: 64 }),
    createTime: createTime(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('operation_logs_time_ix').on(t.organizationId, t.createTime),
  ],
);
