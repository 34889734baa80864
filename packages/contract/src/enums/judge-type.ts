import { defineEnum, type EnumValue } from '../labels';

export const { values: JudgeType, labels: judgeTypeLabels } = defineEnum({
  Automatic: [1, 'Automatic', '自动判分'],
  Manual: [2, 'Manual', '人工判分'],
});
export type JudgeType = EnumValue<typeof JudgeType>;
