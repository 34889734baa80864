import type { EnumLabel } from '../labels';

export const QuestionNumberMode = { AllObjective: 1, EnterNumbers: 2 } as const;
export type QuestionNumberMode = (typeof QuestionNumberMode)[keyof typeof QuestionNumberMode];
export const questionNumberModeLabels = {
  1: { en: 'All objective questions', zh: '全部客观题' },
  2: { en: 'Enter question numbers', zh: '输入题号' },
} satisfies Record<QuestionNumberMode, EnumLabel>;
