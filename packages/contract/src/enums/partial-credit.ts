import type { EnumLabel } from '../labels';

// How a multiple-choice answer that picks some correct options and no wrong one is scored.
// PerOption is the gaokao rule: each correct option picked earns its share of the score.
export const PartialCredit = { AllOrNothing: 1, PartScore: 2, PerOption: 3 } as const;
export type PartialCredit = (typeof PartialCredit)[keyof typeof PartialCredit];
export const partialCreditLabels = {
  1: { en: 'All or nothing', zh: '全对才得分' },
  2: { en: 'Part score for a correct subset', zh: '少选得部分分' },
  3: { en: 'A share per correct option picked', zh: '按选对个数得分' },
} satisfies Record<PartialCredit, EnumLabel>;
