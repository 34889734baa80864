import { productCategoryDecl, productCategoryEntity } from '@lyceum/contract';
import { asc } from 'drizzle-orm';
import { createResource, fromDecl } from '../../platform/resource';
import { productCategories } from './catalogue.table';

export const productCategoryResource = createResource({
  ...fromDecl(productCategoryDecl),
  meta: productCategoryEntity.meta,
  table: productCategories,
  search: [productCategories.name],
  sort: { default: [asc(productCategories.sort), asc(productCategories.id)] },
  unique: [{ fields: ['parentId', 'name'], label: 'Product category' }],
});
