import type { z } from 'zod';
import { defineEntity, f } from '../../entity';
import { departmentTypeLabels } from '../../enums/department-type';

// Colleges at the top, majors under a college; offices and divisions anywhere.
export const departmentEntity = defineEntity({
  name: 'department',
  title: { en: 'Departments', zh: '院系部门' },
  one: { en: 'Department', zh: '院系部门' },
  tree: true,
  keyword: true,
  fields: {
    name: f.text(['Name', '名称'], 100),
    type: f.enum(departmentTypeLabels, ['Type', '类型'], { filter: true, width: 110 }),
    parentId: f.parent('department'),
    sort: f.sort(),
  },
});
export const departmentSchemas = departmentEntity.schemas;
export const departmentMeta = departmentEntity.meta;
export type Department = z.infer<typeof departmentSchemas.row>;
