import type { z } from 'zod';
import { defineEntity, f } from '../../entity';

export const userCategoryEntity = defineEntity({
  name: 'userCategory',
  title: { en: 'User categories', zh: '用户类别' },
  one: { en: 'User category', zh: '用户类别' },
  keyword: true,
  fields: { name: f.text(['Name', '名称'], 64, { sortable: true }), sort: f.sort() },
});
export const userCategorySchemas = userCategoryEntity.schemas;
export const userCategoryMeta = userCategoryEntity.meta;
export type UserCategory = z.infer<typeof userCategorySchemas.row>;
