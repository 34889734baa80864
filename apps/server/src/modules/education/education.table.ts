import { sql } from 'drizzle-orm';
import { integer, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createTime, organizationId, refId, tenantId, tenantRef } from '../../platform/columns';
import { organizations } from '../../platform/organizations.table';

// Education levels, the categories under each, and the system types offered under a category.
export const degrees = pgTable(
  'degrees',
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
    id: tenantId(),
    name: varchar('name', { length: 64 }).notNull(),
    code: varchar('code', { length: 32 }),
    sort: integer('sort').notNull().default(0),
    createTime: createTime(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('degrees_name_uq').on(t.organizationId, sql`lower(${t.name})`),
  ],
);

export const categories = pgTable(
  'categories',
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
    id: tenantId(),
    name: varchar('name', { length: 64 }).notNull(),
    degreeId: refId('degree_id').notNull(),
    sort: integer('sort').notNull().default(0),
    createTime: createTime(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('categories_name_uq').on(t.organizationId, t.degreeId, sql`lower(${t.name})`),
    tenantRef(t.organizationId, t.degreeId, degrees),
  ],
);

export const typeEnums = pgTable(
  'type_enums',
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
    id: tenantId(),
    name: varchar('name', { length: 64 }).notNull(),
    systemTypeEnum: integer('system_type_enum').notNull(),
    categoryId: refId('category_id').notNull(),
    degreeId: refId('degree_id').notNull(),
    sort: integer('sort').notNull().default(0),
    createTime: createTime(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('type_enums_uq').on(t.organizationId, t.categoryId, t.systemTypeEnum),
    tenantRef(t.organizationId, t.categoryId, categories),
    tenantRef(t.organizationId, t.degreeId, degrees),
  ],
);
