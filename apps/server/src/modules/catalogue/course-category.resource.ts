import { courseCategoryMeta, treeCategorySchemas } from '@lyceum/contract';
import { asc } from 'drizzle-orm';
import { createResource, referenceDataPermissions, usedByColumn } from '../../platform/resource';
import { resources } from '../library/library.table';
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
  usedBy: [usedByColumn(resources, resources.categoryId, 'resources')],
});
