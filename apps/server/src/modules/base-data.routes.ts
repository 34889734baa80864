import type { FastifyInstance } from 'fastify';
import { registerResource } from '../platform/resource-routes';
import { semesterResource } from './calendar/semester.resource';
import { teachVenueResource } from './calendar/teach-venue.resource';
import { courseCategoryResource } from './catalogue/course-category.resource';
import { productCategoryResource } from './catalogue/product-category.resource';
import { tagResource } from './catalogue/tag.resource';
import { departmentResource } from './department/department.resource';
import { userCategoryResource } from './department/user-category.resource';
import { categoryResource } from './education/category.resource';
import { degreeResource } from './education/degree.resource';
import { typeEnumResource } from './education/type-enum.resource';
import { documentResource } from './library/document.resource';
import { resourceResource } from './library/resource.resource';

// Every base-data area is a declared resource; this is all the routing they need.
export function baseDataRoutes(app: FastifyInstance) {
  registerResource(app, degreeResource);
  registerResource(app, categoryResource);
  registerResource(app, typeEnumResource);
  registerResource(app, userCategoryResource);
  registerResource(app, courseCategoryResource);
  registerResource(app, productCategoryResource);
  registerResource(app, tagResource);
  registerResource(app, departmentResource);
  registerResource(app, semesterResource);
  registerResource(app, teachVenueResource);
  registerResource(app, documentResource);
  registerResource(app, resourceResource);
}
