import { departmentMeta, departmentSchemas } from '@lyceum/contract';
import { ResourceScreen } from '../../crud/resource-screen';

export default function DepartmentView() {
  return <ResourceScreen meta={departmentMeta} schema={departmentSchemas.create} />;
}
