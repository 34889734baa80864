import { isStaffKind } from '@lyceum/contract';
import { eq, inArray } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { fileReadersOf } from '../../platform/file-readers';
import { inOrg } from '../../platform/tenant-sql';
import { fileLinks, files } from './file.table';

// Who reads an entity's files is registered with the platform (platform/file-readers.ts); the
// domain's registrations find it here too.
export { fileFieldsByEntity, registerFileReader } from '../../platform/file-readers';

export async function canReadFile(ctx: RequestContext, file: typeof files.$inferSelect): Promise<boolean> {
  if (file.purpose === 'logo' || file.uploaderId === ctx.userId) return true;
  const links = await ctx.db
    .select({ entity: fileLinks.entity, entityId: fileLinks.entityId })
    .from(fileLinks)
    .where(inOrg(fileLinks, ctx.orgId, [eq(fileLinks.fileId, file.id)]));
  // Not used by anything yet (just uploaded, or its record was deleted): its uploader and staff.
  if (!links.length) return ctx.roleKind !== null && isStaffKind(ctx.roleKind);
  const byEntity = new Map<string, number[]>();
  for (const l of links) byEntity.set(l.entity, [...(byEntity.get(l.entity) ?? []), l.entityId]);
  for (const [entity, ids] of byEntity) {
    for (const reader of fileReadersOf(entity)) if (await reader(ctx, ids, file.id)) return true;
  }
  return false;
}

// Of these file ids of the caller's organisation, those the caller can open now (a question file
// being imported may name uploads only its importer can open).
export async function readableFileIds(ctx: RequestContext, ids: number[]): Promise<Set<number>> {
  const readable = new Set<number>();
  if (!ids.length) return readable;
  const rows = await ctx.db
    .select()
    .from(files)
    .where(inOrg(files, ctx.orgId, [inArray(files.id, ids)]));
  for (const row of rows) if (await canReadFile(ctx, row)) readable.add(row.id);
  return readable;
}
