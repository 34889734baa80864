import { defineEnum, type EnumValue } from '../labels';

export const { values: UserSex, labels: userSexLabels } = defineEnum({
  Male: [1, 'Male', '男'],
  Female: [2, 'Female', '女'],
});
export type UserSex = EnumValue<typeof UserSex>;
