import { courseCategoryEntity } from '@lyceum/contract';
import { asc } from 'drizzle-orm';
import { createResource, fromEntity, referenceDataPermissions } from '../../platform/resource';
import { courseCategories } from './catalogue.table';

export const courseCategoryResource = createResource({
  ...fromEntity(courseCategoryEntity),
  table: courseCategories,
  permissions: referenceDataPermissions('courseCategory'),
  search: [courseCategories.name],
  sort: { default: [asc(courseCategories.sort), asc(courseCategories.id)] },
  unique: [{ fields: ['parentId', 'name'], label: 'Course category' }],
});
