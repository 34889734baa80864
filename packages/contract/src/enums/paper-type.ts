import type { EnumLabel } from '../labels';

// The spec's paper types: 3 exam paper, 6 homework paper.
export const PaperType = { Exam: 3, Homework: 6 } as const;
export type PaperType = (typeof PaperType)[keyof typeof PaperType];
export const paperTypeLabels = {
  3: { en: 'Exam paper', zh: '考试试卷' },
  6: { en: 'Homework paper', zh: '作业试卷' },
} satisfies Record<PaperType, EnumLabel>;
