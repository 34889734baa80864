import { z } from 'zod';
import { crudSchemas, zSort } from '../../crud';
import { zId, zText } from '../../fields';
import { field, type ResourceMeta, sortField } from '../../resource-meta';

export const categorySchemas = crudSchemas({
  input: { name: zText(64), degreeId: zId, sort: zSort },
  row: { name: z.string(), degreeId: zId, sort: z.number().int() },
  filter: { degreeId: zId.optional() },
});
export type Category = z.infer<typeof categorySchemas.row>;

export const categoryMeta: ResourceMeta = {
  name: 'category',
  title: { en: 'Categories', zh: '类别' },
  permission: 'category',
  keyword: true,
  fields: [
    field('name', ['Name', '名称'], 'text', { required: true, sortable: true }),
    field('degreeId', ['Degree', '学历层次'], 'ref', { required: true, ref: { resource: 'degree' }, filter: true }),
    sortField,
  ],
};
