import { teachVenueEntity } from '@lyceum/contract';
import { asc } from 'drizzle-orm';
import { createResource, fromEntity, referenceDataPermissions } from '../../platform/resource';
import { teachVenues } from './calendar.table';

export const teachVenueResource = createResource({
  ...fromEntity(teachVenueEntity),
  table: teachVenues,
  permissions: referenceDataPermissions('teachVenue'),
  search: [teachVenues.name, teachVenues.address],
  sort: {
    default: [asc(teachVenues.sort), asc(teachVenues.id)],
    fields: { name: teachVenues.name, capacity: teachVenues.capacity, sort: teachVenues.sort },
  },
  unique: [{ fields: ['name'], label: 'Teaching venue' }],
});
