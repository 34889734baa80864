import { defineEnum, type EnumValue } from '../labels';

// The spec's paper types: 3 exam paper, 6 homework paper.
export const { values: PaperType, labels: paperTypeLabels } = defineEnum({
  Exam: [3, 'Exam paper', '考试试卷'],
  Homework: [6, 'Homework paper', '作业试卷'],
});
export type PaperType = EnumValue<typeof PaperType>;
