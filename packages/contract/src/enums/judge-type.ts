import type { EnumLabel } from '../labels';

export const JudgeType = { Automatic: 1, Manual: 2 } as const;
export type JudgeType = (typeof JudgeType)[keyof typeof JudgeType];
export const judgeTypeLabels = {
  1: { en: 'Automatic', zh: '自动判分' },
  2: { en: 'Manual', zh: '人工判分' },
} satisfies Record<JudgeType, EnumLabel>;
