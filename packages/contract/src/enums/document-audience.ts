import type { EnumLabel } from '../labels';

export const DocumentAudience = { Everyone: 1, Staff: 2, Students: 3 } as const;
export type DocumentAudience = (typeof DocumentAudience)[keyof typeof DocumentAudience];
export const documentAudienceLabels = {
  1: { en: 'Everyone', zh: '所有人', color: 'default' },
  2: { en: 'Staff', zh: '教职工', color: 'processing' },
  3: { en: 'Students', zh: '学生', color: 'success' },
} satisfies Record<DocumentAudience, EnumLabel>;
