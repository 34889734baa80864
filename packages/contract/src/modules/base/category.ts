import type { z } from 'zod';
import { defineEntity, f } from '../../entity';

export const categoryEntity = defineEntity({
  name: 'category',
  title: { en: 'Categories', zh: '类别' },
  one: { en: 'Category', zh: '类别' },
  keyword: true,
  fields: {
    name: f.text(['Name', '名称'], 64, { sortable: true }),
    degreeId: f.requiredRef('degree', ['Degree', '学历层次'], { filter: true }),
    sort: f.sort(),
  },
});
export const categorySchemas = categoryEntity.schemas;
export const categoryMeta = categoryEntity.meta;
export type Category = z.infer<typeof categorySchemas.row>;
