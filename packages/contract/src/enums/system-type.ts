import { defineEnum, type EnumValue } from '../labels';

// The system type a type enum stands for: how a programme is studied. Other areas store the number.
export const { values: SystemType, labels: systemTypeLabels } = defineEnum({
  FullTime: [1, 'Full-time', '全日制'],
  PartTime: [2, 'Part-time', '非全日制'],
  WorkStudy: [3, 'Work-study', '工学结合'],
  Online: [4, 'Online', '线上'],
  Classroom: [5, 'Classroom', '线下面授'],
});
export type SystemType = EnumValue<typeof SystemType>;
