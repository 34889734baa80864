import { degreeEntity } from '@lyceum/contract';
import { asc } from 'drizzle-orm';
import { createResource, fromEntity, referenceDataPermissions } from '../../platform/resource';
import { degrees } from './education.table';

export const degreeResource = createResource({
  ...fromEntity(degreeEntity),
  table: degrees,
  permissions: referenceDataPermissions('degree'),
  search: [degrees.name, degrees.code],
  sort: { default: [asc(degrees.sort), asc(degrees.id)], fields: { name: degrees.name, sort: degrees.sort } },
  unique: [{ fields: ['name'], label: 'Degree' }],
});
