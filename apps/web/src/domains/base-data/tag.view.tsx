import { tagMeta, tagSchemas } from '@lyceum/contract';
import { ResourceScreen } from '../../crud/resource-screen';

export default function TagView() {
  return <ResourceScreen meta={tagMeta} schema={tagSchemas.create} />;
}
