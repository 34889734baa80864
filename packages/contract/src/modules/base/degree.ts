import { z } from 'zod';
import { crudSchemas, zSort } from '../../crud';
import { zOptionalText, zText } from '../../fields';
import { field, type ResourceMeta, sortField } from '../../resource-meta';

export const degreeSchemas = crudSchemas({
  input: { name: zText(64), code: zOptionalText(32), sort: zSort },
  row: { name: z.string(), code: z.string().nullable(), sort: z.number().int() },
  filter: {},
});
export type Degree = z.infer<typeof degreeSchemas.row>;

export const degreeMeta: ResourceMeta = {
  name: 'degree',
  title: { en: 'Degrees', zh: '学历层次' },
  permission: 'degree',
  keyword: true,
  fields: [
    field('name', ['Name', '名称'], 'text', { required: true, sortable: true }),
    field('code', ['Code', '编码'], 'text'),
    sortField,
  ],
};
