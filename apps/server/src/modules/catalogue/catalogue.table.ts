import { tagTypeLabels } from '@lyceum/contract';
import { integer, pgTable, primaryKey, smallint, varchar } from 'drizzle-orm/pg-core';
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

// Named trees: course categories, product categories, and tags with knowledge points.
function namedTree(name: string) {
  return pgTable(
    name,
    {
      organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
      id: tenantId(),
      parentId: refId('parent_id'),
      name: varchar('name', { length: 64 }).notNull(),
      sort: integer('sort').notNull().default(0),
      createTime: createTime(),
    },
    (t) => [
      primaryKey({ columns: [t.organizationId, t.id] }),
      tenantRef(t.organizationId, t.parentId, t),
      siblingNameIndex(`${name}_name_uq`, t.organizationId, t.parentId, t.name),
    ],
  );
}
export const courseCategories = namedTree('course_categories');
export const productCategories = namedTree('product_categories');

export const tags = pgTable(
  'tags',
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
    id: tenantId(),
    parentId: refId('parent_id'),
    name: varchar('name', { length: 64 }).notNull(),
    type: smallint('type').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    createTime: createTime(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    tenantRef(t.organizationId, t.parentId, t),
    enumCheck('tags_type_ck', t.type, tagTypeLabels),
    siblingNameIndex('tags_name_uq', t.organizationId, t.parentId, t.name),
  ],
);
