import { teachVenueDecl, teachVenueEntity } from '@lyceum/contract';
import { asc } from 'drizzle-orm';
import { createResource, fromDecl } from '../../platform/resource';
import { teachVenues } from './calendar.table';

export const teachVenueResource = createResource({
  ...fromDecl(teachVenueDecl),
  meta: teachVenueEntity.meta,
  table: teachVenues,
  search: [teachVenues.name, teachVenues.address],
  sort: {
    default: [asc(teachVenues.sort), asc(teachVenues.id)],
    fields: { name: teachVenues.name, capacity: teachVenues.capacity, sort: teachVenues.sort },
  },
  unique: [{ fields: ['name'], label: 'Teaching venue' }],
});
