import { z } from 'zod';
import { crudSchemas, zSort } from '../../crud';
import { zId, zText } from '../../fields';
import { field, type ResourceMeta, sortField } from '../../resource-meta';

// A system type (its number is what other areas store) offered under a category of a degree.
export const typeEnumSchemas = crudSchemas({
  input: {
    name: zText(64),
    systemTypeEnum: z.number().int().min(1).max(9999),
    categoryId: zId,
    degreeId: zId,
    sort: zSort,
  },
  row: { name: z.string(), systemTypeEnum: z.number().int(), categoryId: zId, degreeId: zId, sort: z.number().int() },
  filter: { categoryId: zId.optional(), degreeId: zId.optional() },
});
export type TypeEnum = z.infer<typeof typeEnumSchemas.row>;

export const typeEnumMeta: ResourceMeta = {
  name: 'typeEnum',
  title: { en: 'Type enums', zh: '类型枚举' },
  permission: 'typeEnum',
  keyword: true,
  fields: [
    field('name', ['Name', '名称'], 'text', { required: true, sortable: true }),
    field('systemTypeEnum', ['System type', '系统类型'], 'number', { required: true, sortable: true, width: 110 }),
    field('degreeId', ['Degree', '学历层次'], 'ref', { required: true, ref: { resource: 'degree' }, filter: true }),
    field('categoryId', ['Category', '类别'], 'ref', { required: true, ref: { resource: 'category' }, filter: true }),
    sortField,
  ],
};
