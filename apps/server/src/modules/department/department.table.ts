import { departmentTypeLabels } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { integer, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createTime, enumCheck, refId, siblingNameIndex, tenantRef } from '../../platform/columns';
import { tenantTable } from '../../platform/organizations.table';

// Departments (college, major, office, division) as a tree; the base-data issue gives them their screens.
export const departments = tenantTable(
  'departments',
  {
    parentId: refId('parent_id'),
    name: varchar('name', { length: 100 }).notNull(),
    type: smallint('type').notNull(),
    sort: integer('sort').notNull().default(0),
    createTime: createTime(),
  },
  (t) => [
    tenantRef(t.organizationId, t.parentId, t),
    enumCheck('departments_type_ck', t.type, departmentTypeLabels),
    siblingNameIndex('departments_name_uq', t.organizationId, t.parentId, t.name),
  ],
);

export const userCategories = tenantTable(
  'user_categories',
  {
    name: varchar('name', { length: 64 }).notNull(),
    sort: integer('sort').notNull().default(0),
    createTime: createTime(),
  },
  (t) => [uniqueIndex('user_categories_name_uq').on(t.organizationId, sql`lower(${t.name})`)],
);
