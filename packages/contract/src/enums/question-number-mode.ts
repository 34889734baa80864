import { defineEnum, type EnumValue } from '../labels';

export const { values: QuestionNumberMode, labels: questionNumberModeLabels } = defineEnum({
  AllObjective: [1, 'All objective questions', '全部客观题'],
  EnterNumbers: [2, 'Enter question numbers', '输入题号'],
});
export type QuestionNumberMode = EnumValue<typeof QuestionNumberMode>;
