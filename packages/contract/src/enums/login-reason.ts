import type { EnumLabel } from '../labels';

// Why a login attempt was refused, or how an unusual one succeeded, as the login log stores it.
export const LoginReason = {
  WrongPassword: 'wrong password',
  UnknownUser: 'unknown user',
  Disabled: 'disabled',
  Throttled: 'throttled',
  Handoff: 'handoff',
} as const;
export type LoginReason = (typeof LoginReason)[keyof typeof LoginReason];
export const loginReasonLabels = {
  'wrong password': { en: 'Wrong password', zh: '密码错误', color: 'error' },
  'unknown user': { en: 'Unknown user name', zh: '用户名不存在', color: 'error' },
  disabled: { en: 'Account disabled', zh: '账号已禁用', color: 'warning' },
  throttled: { en: 'Too many attempts, paused', zh: '尝试过多，已暂停', color: 'warning' },
  handoff: { en: 'Staff handoff', zh: '免密登录', color: 'processing' },
} satisfies Record<LoginReason, EnumLabel>;
