import type { z } from 'zod';
import { defineEntity, f } from '../../entity';

export const degreeEntity = defineEntity({
  name: 'degree',
  title: { en: 'Degrees', zh: '学历层次' },
  one: { en: 'Degree', zh: '学历层次' },
  keyword: true,
  fields: {
    name: f.text(['Name', '名称'], 64, { sortable: true }),
    code: f.optionalText(['Code', '编码'], 32),
    sort: f.sort(),
  },
});
export const degreeSchemas = degreeEntity.schemas;
export const degreeMeta = degreeEntity.meta;
export type Degree = z.infer<typeof degreeSchemas.row>;
