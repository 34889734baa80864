import { defineEnum, type EnumValue } from '../labels';

export const { values: QuestionType, labels: questionTypeLabels } = defineEnum({
  SingleChoice: [1, 'Single choice', '单选题'],
  MultipleChoice: [2, 'Multiple choice', '多选题'],
  TrueFalse: [3, 'True or false', '判断题'],
  GapFilling: [4, 'Gap filling', '填空题'],
  ShortAnswer: [5, 'Short answer', '简答题'],
  Compose: [6, 'Compose', '组合题'],
});
export type QuestionType = EnumValue<typeof QuestionType>;

// The editor path of each type, exactly as the spec names them.
export const questionEditPaths = {
  1: '/question/single/choice',
  2: '/question/multiple/choice',
  3: '/question/true/false',
  4: '/question/gap/filling',
  5: '/question/short/answer',
  6: '/question/compose',
} satisfies Record<QuestionType, string>;
