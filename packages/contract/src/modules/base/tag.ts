import { z } from 'zod';
import { crudSchemas, zParentId, zSort } from '../../crud';
import { TagType, tagTypeLabels } from '../../enums/tag-type';
import { zEnum, zId, zQueryInt, zText } from '../../fields';
import { field, type ResourceMeta, sortField } from '../../resource-meta';

// Tags and knowledge points share one tree; a child has its parent's type.
export const tagSchemas = crudSchemas({
  input: { name: zText(64), type: zEnum(tagTypeLabels).default(TagType.Tag), parentId: zParentId, sort: zSort },
  row: { name: z.string(), type: zEnum(tagTypeLabels), parentId: zId.nullable(), sort: z.number().int() },
  filter: { type: zEnum(tagTypeLabels).optional() },
});
export type Tag = z.infer<typeof tagSchemas.row>;

export const tagMeta: ResourceMeta = {
  name: 'tag',
  title: { en: 'Tags & knowledge points', zh: '标签与知识点' },
  permission: 'tag',
  tree: true,
  keyword: true,
  fields: [
    field('name', ['Name', '名称'], 'text', { required: true }),
    field('type', ['Type', '类型'], 'enum', { required: true, enum: tagTypeLabels, filter: true, width: 130 }),
    field('parentId', ['Parent', '上级'], 'ref', { ref: { resource: 'tag' }, list: false }),
    sortField,
  ],
};

export const zTagTreeQuery = z.object({
  type: zQueryInt(zEnum(tagTypeLabels)).optional(),
  keyword: z.string().trim().max(64).optional(),
});
