import type { z } from 'zod';
import { defineEntity, f } from '../../entity';
import { systemTypeLabels } from '../../enums/system-type';

// A system type (its number is what other areas store) offered under a category of a degree.
export const typeEnumEntity = defineEntity({
  name: 'typeEnum',
  title: { en: 'Type enums', zh: '类型枚举' },
  one: { en: 'Type enum', zh: '类型枚举' },
  keyword: true,
  fields: {
    name: f.text(['Name', '名称'], 64, { sortable: true }),
    systemTypeEnum: f.enum(systemTypeLabels, ['System type', '系统类型'], { filter: true, sortable: true, width: 120 }),
    degreeId: f.requiredRef('degree', ['Degree', '学历层次'], { filter: true }),
    categoryId: f.requiredRef('category', ['Category', '类别'], { filter: true }),
    sort: f.sort(),
  },
});
export const typeEnumSchemas = typeEnumEntity.schemas;
export const typeEnumMeta = typeEnumEntity.meta;
export type TypeEnum = z.infer<typeof typeEnumSchemas.row>;
