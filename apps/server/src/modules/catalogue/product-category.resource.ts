import { productCategoryMeta, treeCategorySchemas } from '@lyceum/contract';
import { asc } from 'drizzle-orm';
import { createResource, referenceDataPermissions } from '../../platform/resource';
import { productCategories } from './catalogue.table';

export const productCategoryResource = createResource({
  name: 'productCategory',
  title: 'Product category',
  table: productCategories,
  schemas: treeCategorySchemas,
  meta: productCategoryMeta,
  permissions: referenceDataPermissions('productCategory'),
  search: [productCategories.name],
  sort: { default: [asc(productCategories.sort), asc(productCategories.id)] },
  unique: [{ fields: ['parentId', 'name'], label: 'Product category' }],
});
