import { tagTypeLabels } from '@lyceum/contract';
import { integer, smallint, varchar } from 'drizzle-orm/pg-core';
import { createTime, enumCheck, refId, siblingNameIndex, tenantRef } from '../../platform/columns';
import { tenantTable } from '../../platform/organizations.table';

// Named trees: course categories, product categories, and tags with knowledge points.
function namedTree(name: string) {
  return tenantTable(
    name,
    {
      parentId: refId('parent_id'),
      name: varchar('name', { length: 64 }).notNull(),
      sort: integer('sort').notNull().default(0),
      createTime: createTime(),
    },
    (t) => [
      tenantRef(t.organizationId, t.parentId, t),
      siblingNameIndex(`${name}_name_uq`, t.organizationId, t.parentId, t.name),
    ],
  );
}
export const courseCategories = namedTree('course_categories');
export const productCategories = namedTree('product_categories');

export const tags = tenantTable(
  'tags',
  {
    parentId: refId('parent_id'),
    name: varchar('name', { length: 64 }).notNull(),
    type: smallint('type').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    createTime: createTime(),
  },
  (t) => [
    tenantRef(t.organizationId, t.parentId, t),
    enumCheck('tags_type_ck', t.type, tagTypeLabels),
    siblingNameIndex('tags_name_uq', t.organizationId, t.parentId, t.name),
  ],
);
