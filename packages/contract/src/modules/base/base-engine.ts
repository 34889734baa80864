import { crudAccess, engineEndpoints, entityDecl, referenceDataAccess } from '../../engine-endpoints';
import { categoryEntity } from './category';
import { degreeEntity } from './degree';
import { departmentEntity } from './department';
import { documentEntity } from './document';
import { resourceEntity } from './resource';
import { semesterEntity } from './semester';
import { tagEntity } from './tag';
import { teachVenueEntity } from './teach-venue';
import { courseCategoryEntity, productCategoryEntity } from './tree-category';
import { typeEnumEntity } from './type-enum';
import { userCategoryEntity } from './user-category';

// The base-data resources as the engine serves them: each entity with who may read, list, write and
// exchange spreadsheets. The server's resources and the web's route table both come from these.
export const degreeDecl = entityDecl(degreeEntity, { access: referenceDataAccess('degree') });
export const categoryDecl = entityDecl(categoryEntity, { access: referenceDataAccess('category') });
export const typeEnumDecl = entityDecl(typeEnumEntity, { access: referenceDataAccess('typeEnum') });
export const userCategoryDecl = entityDecl(userCategoryEntity, { access: referenceDataAccess('userCategory') });
export const courseCategoryDecl = entityDecl(courseCategoryEntity, { access: referenceDataAccess('courseCategory') });
export const productCategoryDecl = entityDecl(productCategoryEntity, {
  access: referenceDataAccess('productCategory'),
});
export const tagDecl = entityDecl(tagEntity, { access: referenceDataAccess('tag') });
export const departmentDecl = entityDecl(departmentEntity, { access: referenceDataAccess('department') });
export const semesterDecl = entityDecl(semesterEntity, { access: referenceDataAccess('semester') });
export const teachVenueDecl = entityDecl(teachVenueEntity, { access: referenceDataAccess('teachVenue') });
// Documents are read by everyone signed in, each seeing those meant for their audience.
export const documentDecl = entityDecl(documentEntity, { access: crudAccess('document'), readers: 'login' });
export const resourceDecl = entityDecl(resourceEntity, { access: crudAccess('resource') });

export const baseDataEndpoints = {
  degree: engineEndpoints(degreeDecl),
  category: engineEndpoints(categoryDecl),
  typeEnum: engineEndpoints(typeEnumDecl),
  userCategory: engineEndpoints(userCategoryDecl),
  courseCategory: engineEndpoints(courseCategoryDecl),
  productCategory: engineEndpoints(productCategoryDecl),
  tag: engineEndpoints(tagDecl),
  department: engineEndpoints(departmentDecl),
  semester: engineEndpoints(semesterDecl),
  teachVenue: engineEndpoints(teachVenueDecl),
  document: engineEndpoints(documentDecl),
  resource: engineEndpoints(resourceDecl),
};
