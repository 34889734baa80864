import { courseCategoryMeta, treeCategorySchemas } from '@lyceum/contract';
import { asc } from 'drizzle-orm';
import { createResource, referenceDataPermissions } from '../../platform/resource';
import { courseCategories } from './catalogue.table';

export const courseCategoryResource = createResource({
  name: 'courseCategory',
  title: 'Course category',
  table: courseCategories,
  schemas: treeCategorySchemas,
  meta: courseCategoryMeta,
  permissions: referenceDataPermissions('courseCategory'),
  search: [courseCategories.name],
  sort: { default: [asc(courseCategories.sort), asc(courseCategories.id)] },
  unique: [{ fields: ['parentId', 'name'], label: 'Course category' }],
});
