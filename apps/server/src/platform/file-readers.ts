import type { RequestContext } from './context';

// A file is read with the rights of the records that refer to it: a document's file follows the
// document's audience, an avatar its owner, a question image the question. Each entity that can
// refer to files registers how to decide (the resource engine does it for declared resources); the
// file module asks them (modules/file/file-access.ts). The registry is the platform's, like the
// exportables and the label readers, so the engine registers without importing the file module.
// `fileId` is the file asked for, for readers that decide by where the file is shown (a candidate's
// paper shows the figures of its questions, not their keys).
export type FileReader = (ctx: RequestContext, ids: number[], fileId: number) => Promise<boolean>;
// Several modules may say who reads an entity's files: the question bank its readers, exam day the
// candidates whose paper shows the file.
const readers = new Map<string, FileReader[]>();
// The fields through which a caller's input refers to files, by entity (none for entities whose
// files only the server links, like exam snapshots): what the file-linking test walks.
const inputFields = new Map<string, readonly string[]>();

export function registerFileReader(entity: string, reader: FileReader, fields: readonly string[] = []): void {
  // Each app built in a process registers its resources again: a reader is kept once.
  const known = readers.get(entity) ?? [];
  if (!known.includes(reader)) readers.set(entity, [...known, reader]);
  if (fields.length) inputFields.set(entity, fields);
}

export function fileFieldsByEntity(): ReadonlyMap<string, readonly string[]> {
  return inputFields;
}

export function fileReadersOf(entity: string): readonly FileReader[] {
  return readers.get(entity) ?? [];
}
