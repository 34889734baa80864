import { z } from 'zod';
import { defineEntity, f } from '../../entity';
import { TagType, tagTypeLabels } from '../../enums/tag-type';
import { zEnum, zQueryInt } from '../../fields';

// Tags and knowledge points share one tree; a child has its parent's type.
export const tagEntity = defineEntity({
  name: 'tag',
  title: { en: 'Tags & knowledge points', zh: '标签与知识点' },
  one: { en: 'Tag', zh: '标签' },
  tree: true,
  keyword: true,
  fields: {
    name: f.text(['Name', '名称'], 64),
    type: f.enum(tagTypeLabels, ['Type', '类型'], { default: TagType.Tag, filter: true, width: 130, inherit: true }),
    parentId: f.parent('tag'),
    sort: f.sort(),
  },
});
export const tagSchemas = tagEntity.schemas;
export const tagMeta = tagEntity.meta;
export type Tag = z.infer<typeof tagSchemas.row>;

export const zTagTreeQuery = z.object({
  type: zQueryInt(zEnum(tagTypeLabels)).optional(),
  keyword: z.string().trim().max(64).optional(),
});
