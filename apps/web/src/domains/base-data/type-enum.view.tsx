import { typeEnumMeta, typeEnumSchemas } from '@lyceum/contract';
import { ResourceScreen } from '../../crud/resource-screen';

export default function TypeEnumView() {
  return <ResourceScreen meta={typeEnumMeta} schema={typeEnumSchemas.create} />;
}
