import { productCategoryMeta, treeCategorySchemas } from '@lyceum/contract';
import { ResourceScreen } from '../../crud/resource-screen';

export default function ProductCategoryView() {
  return <ResourceScreen meta={productCategoryMeta} schema={treeCategorySchemas.create} />;
}
