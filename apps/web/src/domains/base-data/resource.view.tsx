import { resourceMeta, resourceSchemas } from '@lyceum/contract';
import { ResourceScreen } from '../../crud/resource-screen';

export default function ResourceView() {
  return <ResourceScreen meta={resourceMeta} schema={resourceSchemas.create} upload="resource" />;
}
