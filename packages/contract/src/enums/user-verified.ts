import { defineEnum, type EnumValue } from '../labels';

export const { values: UserVerified, labels: userVerifiedLabels } = defineEnum({
  NotVerified: [0, 'Not verified', '未认证', 'default'],
  Verified: [1, 'Verified', '已认证', 'success'],
  UnderReview: [2, 'Under review', '审核中', 'processing'],
});
export type UserVerified = EnumValue<typeof UserVerified>;
