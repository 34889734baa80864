import { z } from 'zod';
import { crudSchemas, zParentId, zSort } from '../../crud';
import { departmentTypeLabels } from '../../enums/department-type';
import { zEnum, zId, zText } from '../../fields';
import { field, type ResourceMeta, sortField } from '../../resource-meta';

// Colleges at the top, majors under a college; offices and divisions anywhere.
export const departmentSchemas = crudSchemas({
  input: { name: zText(100), type: zEnum(departmentTypeLabels), parentId: zParentId, sort: zSort },
  row: { name: z.string(), type: zEnum(departmentTypeLabels), parentId: zId.nullable(), sort: z.number().int() },
  filter: { type: zEnum(departmentTypeLabels).optional() },
});
export type Department = z.infer<typeof departmentSchemas.row>;

export const departmentMeta: ResourceMeta = {
  name: 'department',
  title: { en: 'Departments', zh: '院系部门' },
  permission: 'department',
  tree: true,
  keyword: true,
  fields: [
    field('name', ['Name', '名称'], 'text', { required: true }),
    field('type', ['Type', '类型'], 'enum', { required: true, enum: departmentTypeLabels, filter: true, width: 110 }),
    field('parentId', ['Parent', '上级'], 'ref', { ref: { resource: 'department' }, list: false }),
    sortField,
  ],
};
