import { teachVenueMeta, teachVenueSchemas } from '@lyceum/contract';
import { asc } from 'drizzle-orm';
import { createResource, referenceDataPermissions } from '../../platform/resource';
import { teachVenues } from './calendar.table';

export const teachVenueResource = createResource({
  name: 'teachVenue',
  title: 'Teaching venue',
  table: teachVenues,
  schemas: teachVenueSchemas,
  meta: teachVenueMeta,
  permissions: referenceDataPermissions('teachVenue'),
  search: [teachVenues.name, teachVenues.address],
  sort: {
    default: [asc(teachVenues.sort), asc(teachVenues.id)],
    fields: { name: teachVenues.name, capacity: teachVenues.capacity, sort: teachVenues.sort },
  },
  unique: [{ fields: ['name'], label: 'Teaching venue' }],
});
