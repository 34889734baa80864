import type { EnumLabel } from '../labels';

export const UserVerified = { NotVerified: 0, Verified: 1, UnderReview: 2 } as const;
export type UserVerified = (typeof UserVerified)[keyof typeof UserVerified];
export const userVerifiedLabels = {
  0: { en: 'Not verified', zh: '未认证', color: 'default' },
  1: { en: 'Verified', zh: '已认证', color: 'success' },
  2: { en: 'Under review', zh: '审核中', color: 'processing' },
} satisfies Record<UserVerified, EnumLabel>;
