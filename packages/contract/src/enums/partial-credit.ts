import { defineEnum, type EnumValue } from '../labels';

// How a multiple-choice answer that picks some correct options and no wrong one is scored.
// PerOption is the gaokao rule: each correct option picked earns its share of the score.
export const { values: PartialCredit, labels: partialCreditLabels } = defineEnum({
  AllOrNothing: [1, 'All or nothing', '全对才得分'],
  PartScore: [2, 'Part score for a correct subset', '少选得部分分'],
  PerOption: [3, 'A share per correct option picked', '按选对个数得分'],
});
export type PartialCredit = EnumValue<typeof PartialCredit>;
