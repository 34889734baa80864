import { DocumentAudience, documentEntity, isStaffKind } from '@lyceum/contract';
import { desc, inArray } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { createResource, fromEntity, permissionsOf } from '../../platform/resource';
import { documents } from './library.table';

// Who a document is for, as seen by a member who does not manage documents.
function audienceOf(ctx: RequestContext) {
  const staff = ctx.roleKind !== null && isStaffKind(ctx.roleKind);
  return [DocumentAudience.Everyone, staff ? DocumentAudience.Staff : DocumentAudience.Students];
}

export const documentResource = createResource({
  ...fromEntity(documentEntity),
  table: documents,
  permissions: permissionsOf('document'),
  // Every member reads the documents meant for them; managers (document:page) read all of them.
  readers: { access: 'login', scope: (ctx) => inArray(documents.audience, audienceOf(ctx)) },
  files: ['fileUrl'],
  search: [documents.title, documents.description],
  sort: { default: [desc(documents.id)], fields: { title: documents.title, createTime: documents.createTime } },
});
