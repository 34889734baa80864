import type { z } from 'zod';
import { defineEntity, f } from '../../entity';
import { resourceKindLabels } from '../../enums/resource-kind';
import { zId } from '../../fields';

// Teaching resources: a file or a link, filed under a course category and tagged.
export const resourceEntity = defineEntity({
  name: 'resource',
  title: { en: 'Resources', zh: '资源' },
  one: { en: 'Resource', zh: '资源' },
  labelKey: 'title',
  keyword: true,
  fields: {
    title: f.text(['Title', '标题'], 200, { sortable: true }),
    kind: f.enum(resourceKindLabels, ['Kind', '类型'], { filter: true, width: 100 }),
    url: f.link(['File or link', '文件或链接'], 512),
    categoryId: f.ref('courseCategory', ['Course category', '课程分类'], { filter: true }),
    tagIds: f.refs('tag', ['Tags', '标签'], 50),
    description: f.optionalText(['Description', '说明'], 1000, { textarea: true, list: false }),
  },
  // A tag and the resources filed under it.
  extraFilters: { tagId: zId.optional() },
});
export const resourceSchemas = resourceEntity.schemas;
export const resourceMeta = resourceEntity.meta;
export type TeachingResource = z.infer<typeof resourceSchemas.row>;
