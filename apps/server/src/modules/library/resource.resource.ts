import { resourceEntity } from '@lyceum/contract';
import { desc, sql } from 'drizzle-orm';
import { createResource, fromEntity, permissionsOf } from '../../platform/resource';
import { courseCategories, tags } from '../catalogue/catalogue.table';
import { resources } from './library.table';

export const resourceResource = createResource({
  ...fromEntity(resourceEntity),
  table: resources,
  permissions: permissionsOf('resource'),
  files: ['url'],
  search: [resources.title, resources.description],
  filters: { tagId: (tagId) => sql`${tagId} = any(${resources.tagIds})` },
  sort: { default: [desc(resources.id)], fields: { title: resources.title, createTime: resources.createTime } },
  references: {
    categoryId: { table: courseCategories, label: 'course category' },
    tagIds: { table: tags, label: 'tag' },
  },
});
