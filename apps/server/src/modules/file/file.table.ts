import { bigint, index, varchar } from 'drizzle-orm/pg-core';
import { createTime, keyedTable, keyId, refId, tenantRef } from '../../platform/columns';
import { tenantTable } from '../../platform/organizations.table';

// Uploaded files. The bytes live in storage under `storage_key` (made by the server, never from
// the client); the name is only shown and offered on download.
export const files = tenantTable(
  'files',
  {
    storageKey: varchar('storage_key', { length: 200 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    uploaderId: refId('uploader_id'),
    createTime: createTime(),
  },
  (t) => [index('files_uploader_ix').on(t.organizationId, t.uploaderId)],
);

// Which records refer to which uploaded files (a document's file, an avatar, images in a question),
// kept by the resource engine on every save. A file is readable by whoever may read one of the
// records that refer to it (see file-access.ts).
export const fileLinks = keyedTable(
  'file_links',
  {
    fileId: keyId('file_id'),
    entity: varchar('entity', { length: 32 }).notNull(),
    entityId: keyId('entity_id'),
  },
  (t) => [t.fileId, t.entity, t.entityId],
  (t) => [
    index('file_links_entity_ix').on(t.organizationId, t.entity, t.entityId),
    tenantRef(t.organizationId, t.fileId, files).onDelete('cascade'),
  ],
);
