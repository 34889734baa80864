import { isStaffKind } from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { fileLinks, type files } from './file.table';

// A file is read with the rights of the records that refer to it: a document's file follows the
// document's audience, an avatar its owner, a question image the question. Each entity that can
// refer to files registers how to decide (the resource engine does it for declared resources).
// `fileId` is the file asked for, for readers that decide by where the file is shown (a candidate's
// paper shows the figures of its questions, not their keys).
type Reader = (ctx: RequestContext, ids: number[], fileId: number) => Promise<boolean>;
// Several modules may say who reads an entity's files: the question bank its readers, exam day the
// candidates whose paper shows the file.
const readers = new Map<string, Reader[]>();
// The fields through which a caller's input refers to files, by entity (none for entities whose
// files only the server links, like exam snapshots): what the file-linking test walks.
const inputFields = new Map<string, readonly string[]>();

export function registerFileReader(entity: string, reader: Reader, fields: readonly string[] = []): void {
  // Each app built in a process registers its resources again: a reader is kept once.
  const known = readers.get(entity) ?? [];
  if (!known.includes(reader)) readers.set(entity, [...known, reader]);
  if (fields.length) inputFields.set(entity, fields);
}

export function fileFieldsByEntity(): ReadonlyMap<string, readonly string[]> {
  return inputFields;
}

export async function canReadFile(ctx: RequestContext, file: typeof files.$inferSelect): Promise<boolean> {
  if (file.purpose === 'logo' || file.uploaderId === ctx.userId) return true;
  const links = await ctx.db
    .select({ entity: fileLinks.entity, entityId: fileLinks.entityId })
    .from(fileLinks)
    .where(and(eq(fileLinks.organizationId, ctx.orgId), eq(fileLinks.fileId, file.id)));
  // Not used by anything yet (just uploaded, or its record was deleted): its uploader and staff.
  if (!links.length) return ctx.roleKind !== null && isStaffKind(ctx.roleKind);
  const byEntity = new Map<string, number[]>();
  for (const l of links) byEntity.set(l.entity, [...(byEntity.get(l.entity) ?? []), l.entityId]);
  for (const [entity, ids] of byEntity) {
    for (const reader of readers.get(entity) ?? []) if (await reader(ctx, ids, file.id)) return true;
  }
  return false;
}
