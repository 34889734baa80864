import { departmentTypeLabels } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { integer, pgTable, primaryKey, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import {
  createTime,
  enumCheck,
  organizationId,
  refId,
  siblingNameIndex,
  tenantId,
  tenantRef,
} from '../../platform/columns';
import { organizations } from '../organization/organization.table';

// Departments (college, major, office, division) as a tree; the base-data issue gives them their screens.
export const departments = pgTable(
  'departments',
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
    id: tenantId(),
    parentId: refId('parent_id'),
    name: varchar('name', { length: 100 }).notNull(),
    type: smallint('type').notNull(),
    sort: integer('sort').notNull().default(0),
    createTime: createTime(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    tenantRef(t.organizationId, t.parentId, t),
    enumCheck('departments_type_ck', t.type, departmentTypeLabels),
    siblingNameIndex('departments_name_uq', t.organizationId, t.parentId, t.name),
  ],
);

export const userCategories = pgTable(
  'user_categories',
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
    id: tenantId(),
    name: varchar('name', { length: 64 }).notNull(),
    sort: integer('sort').notNull().default(0),
    createTime: createTime(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('user_categories_name_uq').on(t.organizationId, sql`lower(${t.name})`),
  ],
);
