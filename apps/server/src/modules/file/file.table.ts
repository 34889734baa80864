import { bigint, index, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { createTime, organizationId, tenantId } from '../../platform/columns';
import { organizations } from '../organization/organization.table';

// Uploaded files. The bytes live in storage under `storage_key` (made by the server, never from
// the client); the name is only shown and offered on download.
export const files = pgTable(
  'files',
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
    id: tenantId(),
    storageKey: varchar('storage_key', { length: 200 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    uploaderId: bigint('uploader_id', { mode: 'number' }),
    createTime: createTime(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('files_uploader_ix').on(t.organizationId, t.uploaderId),
  ],
);
