import type { EnumLabel } from '../labels';

export const UserSex = { Male: 1, Female: 2 } as const;
export type UserSex = (typeof UserSex)[keyof typeof UserSex];
export const userSexLabels = {
  1: { en: 'Male', zh: '男' },
  2: { en: 'Female', zh: '女' },
} satisfies Record<UserSex, EnumLabel>;
