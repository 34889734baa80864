import { defineEnum, type EnumValue } from '../labels';

// Levels 1 and 2 are the spec's menu levels; level 3 holds the button permissions under a page.
export const { values: PermissionLevel, labels: permissionLevelLabels } = defineEnum({
  FirstLevel: [1, 'First-level menu', '一级菜单'],
  SecondLevel: [2, 'Second-level menu', '二级菜单'],
  Button: [3, 'Button', '按钮'],
});
export type PermissionLevel = EnumValue<typeof PermissionLevel>;
