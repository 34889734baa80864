import { categoryMeta, categorySchemas } from '@lyceum/contract';
import { ResourceScreen } from '../../crud/resource-screen';

export default function CategoryView() {
  return <ResourceScreen meta={categoryMeta} schema={categorySchemas.create} />;
}
