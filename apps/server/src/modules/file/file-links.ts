import { eq, inArray } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import type { Tx } from '../../platform/db';
import { invalidParams } from '../../platform/errors';
import type { FileLinkStore, FileRef } from '../../platform/ports';
import { inOrg } from '../../platform/tenant-sql';
import { fileLinks, files } from './file.table';
import { canReadFile } from './file-access';

// file_links as the resource engine keeps them on every save (the platform's fileLinkStore port,
// filled in app.ts). A record may refer only to files its author can open now (their own upload,
// a logo, a file readable through a record they may read): saving it hands the file to everyone
// who may read the record, so linking must not be a way to read what one cannot. Files a row
// referred to before stay (an editor keeps a colleague's image). A value naming a file that is not
// there, or not one the caller can open, is refused naming its field.
async function link(tx: Tx, ctx: RequestContext, entity: string, ids: number[], refs: FileRef[]): Promise<void> {
  const linked = inOrg(fileLinks, ctx.orgId, [eq(fileLinks.entity, entity), inArray(fileLinks.entityId, ids)]);
  const before = await tx
    .select({ entityId: fileLinks.entityId, fileId: fileLinks.fileId })
    .from(fileLinks)
    .where(linked);
  const had = new Set(before.map((l) => `${l.entityId}:${l.fileId}`));
  const isFresh = (r: FileRef) => !had.has(`${r.entityId}:${r.fileId}`);
  const fresh = [...new Set(refs.filter(isFresh).map((r) => r.fileId))];
  if (fresh.length) {
    const found = await tx
      .select()
      .from(files)
      .where(inOrg(files, ctx.orgId, [inArray(files.id, fresh)]));
    const byId = new Map(found.map((f) => [f.id, f]));
    // The readers ask on this transaction's connection (an embedded database has only one).
    const asCaller = { ...ctx, db: tx };
    const readable = new Set<number>();
    for (const id of fresh) {
      const file = byId.get(id);
      if (file && (await canReadFile(asCaller, file))) readable.add(id);
    }
    const refused = refs.find((r) => isFresh(r) && !readable.has(r.fileId));
    if (refused) throw invalidParams(refused.field, 'fileNotReadable', { id: refused.fileId });
  }
  await tx.delete(fileLinks).where(linked);
  const rows = [...new Map(refs.map((r) => [`${r.entityId}:${r.fileId}`, r])).values()].map((r) => ({
    organizationId: ctx.orgId,
    fileId: r.fileId,
    entity,
    entityId: r.entityId,
  }));
  if (rows.length) await tx.insert(fileLinks).values(rows).onConflictDoNothing();
}

async function unlink(tx: Tx, ctx: RequestContext, entity: string, ids: number[]): Promise<void> {
  await tx
    .delete(fileLinks)
    .where(inOrg(fileLinks, ctx.orgId, [eq(fileLinks.entity, entity), inArray(fileLinks.entityId, ids)]));
}

export const fileLinking: FileLinkStore = { link, unlink };
