import { courseCategoryMeta, treeCategorySchemas } from '@lyceum/contract';
import { ResourceScreen } from '../../crud/resource-screen';

export default function CourseCategoryView() {
  return <ResourceScreen meta={courseCategoryMeta} schema={treeCategorySchemas.create} />;
}
