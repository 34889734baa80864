import { userCategoryEntity } from '@lyceum/contract';
import { asc } from 'drizzle-orm';
import { createResource, fromEntity, referenceDataPermissions } from '../../platform/resource';
import { userCategories } from './department.table';

export const userCategoryResource = createResource({
  ...fromEntity(userCategoryEntity),
  table: userCategories,
  permissions: referenceDataPermissions('userCategory'),
  search: [userCategories.name],
  sort: {
    default: [asc(userCategories.sort), asc(userCategories.id)],
    fields: { name: userCategories.name, sort: userCategories.sort },
  },
  unique: [{ fields: ['name'], label: 'User category' }],
});
