import { defineEnum, type EnumValue } from '../labels';

export const { values: DepartmentType, labels: departmentTypeLabels } = defineEnum({
  College: [0, 'College', '学院'],
  Major: [1, 'Major', '专业'],
  Office: [2, 'Office', '科室'],
  Division: [3, 'Division', '处室'],
});
export type DepartmentType = EnumValue<typeof DepartmentType>;
