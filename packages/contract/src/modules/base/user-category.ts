import { z } from 'zod';
import { crudSchemas, zSort } from '../../crud';
import { zText } from '../../fields';
import { field, type ResourceMeta, sortField } from '../../resource-meta';

export const userCategorySchemas = crudSchemas({
  input: { name: zText(64), sort: zSort },
  row: { name: z.string(), sort: z.number().int() },
  filter: {},
});
export type UserCategory = z.infer<typeof userCategorySchemas.row>;

export const userCategoryMeta: ResourceMeta = {
  name: 'userCategory',
  title: { en: 'User categories', zh: '用户类别' },
  permission: 'userCategory',
  keyword: true,
  fields: [field('name', ['Name', '名称'], 'text', { required: true, sortable: true }), sortField],
};
