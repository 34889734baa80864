import { categoryDecl, categoryEntity } from '@lyceum/contract';
import { asc } from 'drizzle-orm';
import { createResource, fromDecl } from '../../platform/resource';
import { categories, degrees } from './education.table';

export const categoryResource = createResource({
  ...fromDecl(categoryDecl),
  meta: categoryEntity.meta,
  table: categories,
  search: [categories.name],
  sort: {
    default: [asc(categories.sort), asc(categories.id)],
    fields: { name: categories.name, sort: categories.sort },
  },
  unique: [{ fields: ['degreeId', 'name'], label: 'Category' }],
  references: { degreeId: { table: degrees, label: 'degree' } },
});
