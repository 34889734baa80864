import type { EnumLabel } from '../labels';

export const TagType = { Tag: 1, KnowledgePoint: 2 } as const;
export type TagType = (typeof TagType)[keyof typeof TagType];
export const tagTypeLabels = {
  1: { en: 'Tag', zh: '标签', color: 'default' },
  2: { en: 'Knowledge point', zh: '知识点', color: 'processing' },
} satisfies Record<TagType, EnumLabel>;
