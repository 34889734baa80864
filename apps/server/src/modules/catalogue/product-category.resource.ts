import { productCategoryEntity } from '@lyceum/contract';
import { asc } from 'drizzle-orm';
import { createResource, fromEntity, referenceDataPermissions } from '../../platform/resource';
import { productCategories } from './catalogue.table';

export const productCategoryResource = createResource({
  ...fromEntity(productCategoryEntity),
  table: productCategories,
  permissions: referenceDataPermissions('productCategory'),
  search: [productCategories.name],
  sort: { default: [asc(productCategories.sort), asc(productCategories.id)] },
  unique: [{ fields: ['parentId', 'name'], label: 'Product category' }],
});
