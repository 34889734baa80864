import { categoryEntity } from '@lyceum/contract';
import { asc } from 'drizzle-orm';
import { createResource, fromEntity, referenceDataPermissions } from '../../platform/resource';
import { categories, degrees } from './education.table';

export const categoryResource = createResource({
  ...fromEntity(categoryEntity),
  table: categories,
  permissions: referenceDataPermissions('category'),
  search: [categories.name],
  sort: {
    default: [asc(categories.sort), asc(categories.id)],
    fields: { name: categories.name, sort: categories.sort },
  },
  unique: [{ fields: ['degreeId', 'name'], label: 'Category' }],
  references: { degreeId: { table: degrees, label: 'degree' } },
});
