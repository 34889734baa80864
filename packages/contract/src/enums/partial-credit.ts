import type { EnumLabel } from '../labels';

// How a multiple-choice answer that picks some correct options and no wrong one is scored.
export const PartialCredit = { AllOrNothing: 1, PartScore: 2 } as const;
export type PartialCredit = (typeof PartialCredit)[keyof typeof PartialCredit];
export const partialCreditLabels = {
  1: { en: 'All or nothing', zh: '全对才得分' },
  2: { en: 'Part score for a correct subset', zh: '少选得部分分' },
} satisfies Record<PartialCredit, EnumLabel>;
