import type { EnumLabel } from '../labels';

export const UserStatus = { Enabled: 1, Disabled: 2 } as const;
export type UserStatus = (typeof UserStatus)[keyof typeof UserStatus];
export const userStatusLabels = {
  1: { en: 'Enabled', zh: '启用', color: 'success' },
  2: { en: 'Disabled', zh: '禁用', color: 'error' },
} satisfies Record<UserStatus, EnumLabel>;
