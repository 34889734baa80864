import { DocumentAudience, documentDecl, documentEntity, isStaffKind } from '@lyceum/contract';
import { desc, inArray } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { createResource, fromDecl } from '../../platform/resource';
import { documents } from './library.table';

// Who a document is for, as seen by a member who does not manage documents.
function audienceOf(ctx: RequestContext) {
  const staff = ctx.roleKind !== null && isStaffKind(ctx.roleKind);
  return [DocumentAudience.Everyone, staff ? DocumentAudience.Staff : DocumentAudience.Students];
}

export const documentResource = createResource({
  ...fromDecl(documentDecl),
  meta: documentEntity.meta,
  table: documents,
  // Every member reads the documents meant for them; managers (document:page) read all of them.
  readers: { scope: (ctx) => inArray(documents.audience, audienceOf(ctx)) },
  files: ['fileUrl'],
  search: [documents.title, documents.description],
  sort: { default: [desc(documents.id)], fields: { title: documents.title, createTime: documents.createTime } },
});
