import type { EnumLabel } from '../labels';

export const DepartmentType = { College: 0, Major: 1, Office: 2, Division: 3 } as const;
export type DepartmentType = (typeof DepartmentType)[keyof typeof DepartmentType];
export const departmentTypeLabels = {
  0: { en: 'College', zh: '学院' },
  1: { en: 'Major', zh: '专业' },
  2: { en: 'Office', zh: '科室' },
  3: { en: 'Division', zh: '处室' },
} satisfies Record<DepartmentType, EnumLabel>;
