import { degreeMeta, degreeSchemas } from '@lyceum/contract';
import { asc } from 'drizzle-orm';
import { createResource, referenceDataPermissions } from '../../platform/resource';
import { degrees } from './education.table';

export const degreeResource = createResource({
  name: 'degree',
  title: 'Degree',
  table: degrees,
  schemas: degreeSchemas,
  meta: degreeMeta,
  permissions: referenceDataPermissions('degree'),
  search: [degrees.name, degrees.code],
  sort: { default: [asc(degrees.sort), asc(degrees.id)], fields: { name: degrees.name, sort: degrees.sort } },
  unique: [{ fields: ['name'], label: 'Degree' }],
});
