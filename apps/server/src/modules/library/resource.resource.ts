import { resourceDecl, resourceEntity } from '@lyceum/contract';
import { desc } from 'drizzle-orm';
import { createResource, fromDecl, linkedTo } from '../../platform/resource';
import { courseCategories, tags } from '../catalogue/catalogue.table';
import { resources, resourceTags } from './library.table';

const tagLinks = {
  tagIds: {
    table: resourceTags,
    owner: resourceTags.resourceId,
    target: resourceTags.tagId,
    ref: { table: tags, label: 'tag' },
  },
};

export const resourceResource = createResource({
  ...fromDecl(resourceDecl),
  meta: resourceEntity.meta,
  table: resources,
  files: ['url'],
  search: [resources.title, resources.description],
  filters: { tagId: (tagId) => linkedTo(tagLinks.tagIds, resources, tagId) },
  sort: { default: [desc(resources.id)], fields: { title: resources.title, createTime: resources.createTime } },
  references: {
    categoryId: { table: courseCategories, label: 'course category' },
  },
  links: tagLinks,
});
