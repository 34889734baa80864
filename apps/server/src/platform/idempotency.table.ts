import { jsonb, varchar } from 'drizzle-orm/pg-core';
import { createTime, keyedTable } from './columns';

// The first answer to a call a client or provider may retry (a payment callback, an order placed
// twice on a bad network), keyed by the organisation, the kind of call and the caller's key.
export const idempotencyKeys = keyedTable(
  'idempotency_keys',
  {
    scope: varchar('scope', { length: 64 }).notNull(),
    key: varchar('key', { length: 128 }).notNull(),
    response: jsonb('response').notNull(),
    createTime: createTime(),
  },
  (t) => [t.scope, t.key],
);
