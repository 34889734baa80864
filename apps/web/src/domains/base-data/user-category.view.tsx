import { userCategoryMeta, userCategorySchemas } from '@lyceum/contract';
import { ResourceScreen } from '../../crud/resource-screen';

export default function UserCategoryView() {
  return <ResourceScreen meta={userCategoryMeta} schema={userCategorySchemas.create} />;
}
