import { semesterMeta, semesterSchemas } from '@lyceum/contract';
import { ResourceScreen } from '../../crud/resource-screen';

export default function SemesterView() {
  return <ResourceScreen meta={semesterMeta} schema={semesterSchemas.create} />;
}
