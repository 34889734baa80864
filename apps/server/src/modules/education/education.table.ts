import { sql } from 'drizzle-orm';
import { integer, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createTime, refId, tenantRef, tenantRefs } from '../../platform/columns';
import { tenantTable } from '../../platform/organizations.table';

// Education levels, the categories under each, and the system types offered under a category.
export const degrees = tenantTable(
  'degrees',
  {
    name: varchar('name', { length: 64 }).notNull(),
    code: varchar('code', { length: 32 }),
    sort: integer('sort').notNull().default(0),
    createTime: createTime(),
  },
  (t) => [uniqueIndex('degrees_name_uq').on(t.organizationId, sql`lower(${t.name})`)],
);

export const categories = tenantTable(
  'categories',
  {
    name: varchar('name', { length: 64 }).notNull(),
    degreeId: refId('degree_id').notNull(),
    sort: integer('sort').notNull().default(0),
    createTime: createTime(),
  },
  (t) => [
    uniqueIndex('categories_name_uq').on(t.organizationId, t.degreeId, sql`lower(${t.name})`),
    tenantRef(t.organizationId, t.degreeId, degrees),
  ],
);

export const typeEnums = tenantTable(
  'type_enums',
  {
    name: varchar('name', { length: 64 }).notNull(),
    systemTypeEnum: integer('system_type_enum').notNull(),
    categoryId: refId('category_id').notNull(),
    degreeId: refId('degree_id').notNull(),
    sort: integer('sort').notNull().default(0),
    createTime: createTime(),
  },
  (t) => [
    uniqueIndex('type_enums_uq').on(t.organizationId, t.categoryId, t.systemTypeEnum),
    ...tenantRefs(t, [t.categoryId, categories], [t.degreeId, degrees]),
  ],
);
