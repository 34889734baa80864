import { defineEnum, type EnumValue } from '../labels';

export const { values: TagType, labels: tagTypeLabels } = defineEnum({
  Tag: [1, 'Tag', '标签', 'default'],
  KnowledgePoint: [2, 'Knowledge point', '知识点', 'processing'],
});
export type TagType = EnumValue<typeof TagType>;
