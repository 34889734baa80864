import { exportStatusLabels } from '@lyceum/contract';
import { bigint, index, integer, jsonb, real, smallint, varchar } from 'drizzle-orm/pg-core';
import { at, createTime, enumCheck, keyId, refId, tenantRef } from '../../platform/columns';
import { tenantTable } from '../../platform/organizations.table';
import { users } from '../user/user.table';

// A user's asynchronous exports (the export list). The file lives in storage under `storage_key`,
// readable only through the export's owner; rows and files are removed when `expire_time` passes.
export const userExports = tenantTable(
  'exports',
  {
    userId: keyId('user_id'),
    // The role the export was started with: the job reads with that role's permissions.
    roleId: refId('role_id'),
    resource: varchar('resource', { length: 64 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    filter: jsonb('filter').notNull().default({}),
    lang: varchar('lang', { length: 2 }).notNull(),
    status: smallint('status').notNull().default(1),
    progress: real('progress').notNull().default(0),
    rowCount: integer('row_count'),
    storageKey: varchar('storage_key', { length: 200 }),
    fileName: varchar('file_name', { length: 255 }),
    fileSize: bigint('file_size', { mode: 'number' }),
    error: varchar('error', { length: 500 }),
    jobId: bigint('job_id', { mode: 'number' }),
    createTime: createTime(),
    finishTime: at('finish_time'),
    expireTime: at('expire_time').notNull(),
  },
  (t) => [
    tenantRef(t.organizationId, t.userId, users).onDelete('cascade'),
    index('exports_user_ix').on(t.organizationId, t.userId, t.createTime),
    index('exports_expire_ix').on(t.expireTime),
    enumCheck('exports_status_ck', t.status, exportStatusLabels),
  ],
);
