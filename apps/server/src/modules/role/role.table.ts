import { permissionLevelLabels, roleKindLabels } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { boolean, foreignKey, integer, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createTime, enumCheck, keyedTable, keyId, tenantRef } from '../../platform/columns';
import { tenantTable } from '../../platform/organizations.table';

// The permission menu is platform data (the same catalogue for every organisation), synced from the
// contract's menu catalogue at start; what differs per organisation is which role holds which entry.
export const permissions = pgTable(
  'permissions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    parentId: integer('parent_id'),
    level: smallint('level').notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    path: varchar('path', { length: 128 }),
    component: varchar('component', { length: 128 }),
    permission: varchar('permission', { length: 64 }),
    metaTitle: varchar('meta_title', { length: 64 }).notNull(),
    metaTitleZh: varchar('meta_title_zh', { length: 64 }).notNull(),
    metaIcon: varchar('meta_icon', { length: 32 }),
    metaNoCache: boolean('meta_no_cache').notNull().default(false),
    metaActiveMenu: varchar('meta_active_menu', { length: 128 }),
    hidden: boolean('hidden').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    uniqueIndex('permissions_name_uq').on(t.name),
    foreignKey({ columns: [t.parentId], foreignColumns: [t.id] }).onDelete('cascade'),
    enumCheck('permissions_level_ck', t.level, permissionLevelLabels),
  ],
);

export const roles = tenantTable(
  'roles',
  {
    name: varchar('name', { length: 64 }).notNull(),
    kind: smallint('kind').notNull(),
    // Set on the four built-in roles only; they cannot be deleted.
    code: varchar('code', { length: 32 }),
    description: varchar('description', { length: 500 }),
    sort: integer('sort').notNull().default(0),
    createTime: createTime(),
  },
  (t) => [
    uniqueIndex('roles_name_uq').on(t.organizationId, sql`lower(${t.name})`),
    uniqueIndex('roles_code_uq').on(t.organizationId, t.code),
    enumCheck('roles_kind_ck', t.kind, roleKindLabels),
  ],
);

export const rolePermissions = keyedTable(
  'role_permissions',
  {
    roleId: keyId('role_id'),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [t.roleId, t.permissionId],
  (t) => [tenantRef(t.organizationId, t.roleId, roles).onDelete('cascade')],
);
