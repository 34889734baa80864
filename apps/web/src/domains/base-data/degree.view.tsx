import { degreeMeta, degreeSchemas } from '@lyceum/contract';
import { ResourceScreen } from '../../crud/resource-screen';

export default function DegreeView() {
  return <ResourceScreen meta={degreeMeta} schema={degreeSchemas.create} />;
}
