import { defineEnum, type EnumValue } from '../labels';

export const { values: SemesterTerm, labels: semesterTermLabels } = defineEnum({
  First: [1, 'First term', '第一学期'],
  Second: [2, 'Second term', '第二学期'],
});
export type SemesterTerm = EnumValue<typeof SemesterTerm>;
