import type { EnumLabel } from '../labels';

// Levels 1 and 2 are the spec's menu levels; level 3 holds the button permissions under a page.
export const PermissionLevel = { FirstLevel: 1, SecondLevel: 2, Button: 3 } as const;
export type PermissionLevel = (typeof PermissionLevel)[keyof typeof PermissionLevel];
export const permissionLevelLabels = {
  1: { en: 'First-level menu', zh: '一级菜单' },
  2: { en: 'Second-level menu', zh: '二级菜单' },
  3: { en: 'Button', zh: '按钮' },
} satisfies Record<PermissionLevel, EnumLabel>;
