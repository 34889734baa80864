import { degreeDecl, degreeEntity } from '@lyceum/contract';
import { asc } from 'drizzle-orm';
import { createResource, fromDecl } from '../../platform/resource';
import { degrees } from './education.table';

export const degreeResource = createResource({
  ...fromDecl(degreeDecl),
  meta: degreeEntity.meta,
  table: degrees,
  search: [degrees.name, degrees.code],
  sort: { default: [asc(degrees.sort), asc(degrees.id)], fields: { name: degrees.name, sort: degrees.sort } },
  unique: [{ fields: ['name'], label: 'Degree' }],
});
