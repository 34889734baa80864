import type { z } from 'zod';
import { defineEntity, f } from '../../entity';
import type { CrudPrefix } from '../../menu-catalogue';

// Course and product categories: plain named trees.
function treeCategory<const N extends CrudPrefix>(name: N, title: [string, string], one: [string, string]) {
  return defineEntity({
    name,
    title: { en: title[0], zh: title[1] },
    one: { en: one[0], zh: one[1] },
    tree: true,
    keyword: true,
    fields: { name: f.text(['Name', '名称'], 64), parentId: f.parent(name), sort: f.sort() },
  });
}
export const courseCategoryEntity = treeCategory(
  'courseCategory',
  ['Course categories', '课程分类'],
  ['Course category', '课程分类'],
);
export const productCategoryEntity = treeCategory(
  'productCategory',
  ['Product categories', '商品分类'],
  ['Product category', '商品分类'],
);
export const treeCategorySchemas = courseCategoryEntity.schemas;
export const courseCategoryMeta = courseCategoryEntity.meta;
export const productCategoryMeta = productCategoryEntity.meta;
export type TreeCategory = z.infer<typeof treeCategorySchemas.row>;
