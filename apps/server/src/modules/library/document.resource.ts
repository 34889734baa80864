import { documentMeta, documentSchemas } from '@lyceum/contract';
import { desc } from 'drizzle-orm';
import { createResource, permissionsOf } from '../../platform/resource';
import { documents } from './library.table';

export const documentResource = createResource({
  name: 'document',
  title: 'Document',
  table: documents,
  schemas: documentSchemas,
  meta: documentMeta,
  permissions: permissionsOf('document'),
  search: [documents.title, documents.description],
  sort: { default: [desc(documents.id)], fields: { title: documents.title, createTime: documents.createTime } },
});
