import { defineEnum, type EnumValue } from '../labels';

export const { values: DocumentAudience, labels: documentAudienceLabels } = defineEnum({
  Everyone: [1, 'Everyone', '所有人', 'default'],
  Staff: [2, 'Staff', '教职工', 'processing'],
  Students: [3, 'Students', '学生', 'success'],
});
export type DocumentAudience = EnumValue<typeof DocumentAudience>;
