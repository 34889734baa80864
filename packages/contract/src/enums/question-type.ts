import type { EnumLabel } from '../labels';

export const QuestionType = {
  SingleChoice: 1,
  MultipleChoice: 2,
  TrueFalse: 3,
  GapFilling: 4,
  ShortAnswer: 5,
  Compose: 6,
} as const;
export type QuestionType = (typeof QuestionType)[keyof typeof QuestionType];
export const questionTypeLabels = {
  1: { en: 'Single choice', zh: '单选题' },
  2: { en: 'Multiple choice', zh: '多选题' },
  3: { en: 'True or false', zh: '判断题' },
  4: { en: 'Gap filling', zh: '填空题' },
  5: { en: 'Short answer', zh: '简答题' },
  6: { en: 'Compose', zh: '组合题' },
} satisfies Record<QuestionType, EnumLabel>;

// The editor path of each type, exactly as the spec names them.
export const questionEditPaths = {
  1: '/question/single/choice',
  2: '/question/multiple/choice',
  3: '/question/true/false',
  4: '/question/gap/filling',
  5: '/question/short/answer',
  6: '/question/compose',
} satisfies Record<QuestionType, string>;
