import { defineEnum, type EnumValue } from '../labels';

export const { values: UserStatus, labels: userStatusLabels } = defineEnum({
  Enabled: [1, 'Enabled', '启用', 'success'],
  Disabled: [2, 'Disabled', '禁用', 'error'],
});
export type UserStatus = EnumValue<typeof UserStatus>;
