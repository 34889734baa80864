import { userCategoryDecl, userCategoryEntity } from '@lyceum/contract';
import { asc } from 'drizzle-orm';
import { createResource, fromDecl } from '../../platform/resource';
import { userCategories } from './department.table';

export const userCategoryResource = createResource({
  ...fromDecl(userCategoryDecl),
  meta: userCategoryEntity.meta,
  table: userCategories,
  search: [userCategories.name],
  sort: {
    default: [asc(userCategories.sort), asc(userCategories.id)],
    fields: { name: userCategories.name, sort: userCategories.sort },
  },
  unique: [{ fields: ['name'], label: 'User category' }],
});
