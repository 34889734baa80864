import type { ErrorDetail } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, varchar } from 'drizzle-orm/pg-core';
import { createTime } from './columns';
import { tenantTable } from './organizations.table';

// Every call that changes data, written in batches by the platform's operation log.
export const operationLogs = tenantTable(
  'operation_logs',
  {
    userId: bigint('user_id', { mode: 'number' }),
    userName: varchar('user_name', { length: 64 }),
    // What was done to what, for people: /api/{entity}/{action}/..., the record ids and the record's
    // name at the time; the refusal message when it failed.
    entity: varchar('entity', { length: 48 }).notNull().default(''),
    action: varchar('action', { length: 48 }).notNull().default(''),
    recordIds: bigint('record_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    recordLabel: varchar('record_label', { length: 255 }),
    message: varchar('message', { length: 500 }),
    // The refusal's code, field and parameters, so the log says it in the reader's language.
    error: jsonb('error').$type<ErrorDetail>(),
    path: varchar('path', { length: 255 }).notNull(),
    method: varchar('method', { length: 8 }).notNull(),
    mobile: boolean('mobile').notNull().default(false),
    responseCode: integer('response_code').notNull(),
    durationMs: integer('duration_ms').notNull(),
    ip: varchar('ip', { length: 64 }),
    createTime: createTime(),
  },
  (t) => [
    index('operation_logs_time_ix').on(t.organizationId, t.createTime),
    index('operation_logs_user_ix').on(t.organizationId, t.userId, t.createTime),
  ],
);
