import { documentMeta, documentSchemas } from '@lyceum/contract';
import { ResourceScreen } from '../../crud/resource-screen';

export default function DocumentView() {
  return <ResourceScreen meta={documentMeta} schema={documentSchemas.create} upload="document" />;
}
