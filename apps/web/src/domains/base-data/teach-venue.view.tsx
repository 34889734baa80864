import { teachVenueMeta, teachVenueSchemas } from '@lyceum/contract';
import { ResourceScreen } from '../../crud/resource-screen';

export default function TeachVenueView() {
  return <ResourceScreen meta={teachVenueMeta} schema={teachVenueSchemas.create} />;
}
