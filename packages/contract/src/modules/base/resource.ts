import { z } from 'zod';
import { crudSchemas } from '../../crud';
import { resourceKindLabels } from '../../enums/resource-kind';
import { zEnum, zId, zLink, zOptionalText, zText } from '../../fields';
import { field, type ResourceMeta } from '../../resource-meta';

// Teaching resources: a file or a link, filed under a course category and tagged.
export const resourceSchemas = crudSchemas({
  input: {
    title: zText(200),
    kind: zEnum(resourceKindLabels),
    url: zLink(512),
    categoryId: zId.nullable().optional(),
    tagIds: z.array(zId).max(50).default([]),
    description: zOptionalText(1000),
  },
  row: {
    title: z.string(),
    kind: zEnum(resourceKindLabels),
    url: z.string(),
    categoryId: zId.nullable(),
    tagIds: z.array(zId),
    description: z.string().nullable(),
  },
  filter: { kind: zEnum(resourceKindLabels).optional(), categoryId: zId.optional(), tagId: zId.optional() },
});
export type TeachingResource = z.infer<typeof resourceSchemas.row>;

export const resourceMeta: ResourceMeta = {
  name: 'resource',
  title: { en: 'Resources', zh: '资源' },
  permission: 'resource',
  labelKey: 'title',
  keyword: true,
  fields: [
    field('title', ['Title', '标题'], 'text', { required: true, sortable: true }),
    field('kind', ['Kind', '类型'], 'enum', { required: true, enum: resourceKindLabels, filter: true, width: 100 }),
    field('url', ['File or link', '文件或链接'], 'url', { required: true }),
    field('categoryId', ['Course category', '课程分类'], 'ref', { ref: { resource: 'courseCategory' }, filter: true }),
    field('tagIds', ['Tags', '标签'], 'refs', { ref: { resource: 'tag' } }),
    field('description', ['Description', '说明'], 'textarea', { list: false }),
  ],
};
