import { courseCategoryDecl, courseCategoryEntity } from '@lyceum/contract';
import { asc } from 'drizzle-orm';
import { createResource, fromDecl } from '../../platform/resource';
import { courseCategories } from './catalogue.table';

export const courseCategoryResource = createResource({
  ...fromDecl(courseCategoryDecl),
  meta: courseCategoryEntity.meta,
  table: courseCategories,
  search: [courseCategories.name],
  sort: { default: [asc(courseCategories.sort), asc(courseCategories.id)] },
  unique: [{ fields: ['parentId', 'name'], label: 'Course category' }],
});
