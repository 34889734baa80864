import { z } from 'zod';
import { crudSchemas, zParentId, zSort } from '../../crud';
import { zId, zText } from '../../fields';
import type { CrudPrefix } from '../../menu-catalogue';
import { field, type ResourceMeta, sortField } from '../../resource-meta';

// Course and product categories: plain named trees.
export const treeCategorySchemas = crudSchemas({
  input: { name: zText(64), parentId: zParentId, sort: zSort },
  row: { name: z.string(), parentId: zId.nullable(), sort: z.number().int() },
  filter: {},
});
export type TreeCategory = z.infer<typeof treeCategorySchemas.row>;

function treeMeta(name: CrudPrefix, en: string, zh: string): ResourceMeta {
  return {
    name,
    title: { en, zh },
    permission: name,
    tree: true,
    keyword: true,
    fields: [
      field('name', ['Name', '名称'], 'text', { required: true }),
      field('parentId', ['Parent', '上级'], 'ref', { ref: { resource: name }, list: false }),
      sortField,
    ],
  };
}
export const courseCategoryMeta = treeMeta('courseCategory', 'Course categories', '课程分类');
export const productCategoryMeta = treeMeta('productCategory', 'Product categories', '商品分类');
