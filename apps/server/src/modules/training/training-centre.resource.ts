import { trainingCentreDecl, trainingCentreMeta } from '@lyceum/contract';
import { asc } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import { createResource, fromDecl, type Values } from '../../platform/resource';
import { trainingCentres, trainingVenues } from './training.table';

// Training centres (trainingCentre:*): name, code, address, contacts (a list kept on the row) and
// venues (an owned collection, saved by difference; a venue a session names is not removed).
export const trainingCentreResource = createResource({
  ...fromDecl(trainingCentreDecl),
  meta: trainingCentreMeta,
  table: trainingCentres,
  search: [trainingCentres.name, trainingCentres.code, trainingCentres.address],
  sort: {
    default: [asc(trainingCentres.name)],
    fields: { name: trainingCentres.name, code: trainingCentres.code, createTime: trainingCentres.createTime },
  },
  unique: [
    { fields: ['name'], label: 'Training centre' },
    { fields: ['code'], label: 'Training centre' },
  ],
  children: {
    venues: {
      table: trainingVenues,
      parent: trainingVenues.centreId,
      order: trainingVenues.sort,
      label: 'venue',
      inList: true,
    },
  },
  hooks: {
    values: (input) => ({ ...input, updateTime: clock.date() }) as Values,
  },
});
