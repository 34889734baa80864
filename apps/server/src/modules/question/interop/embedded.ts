import { createHash } from 'node:crypto';
import type { ErrorDetail, QuestionInput } from '@lyceum/contract';
import type { RequestContext } from '../../../platform/context';
import { uploadFile } from '../../file/file.service';
import type { FileStorage } from '../../file/file.storage';
import { readableFileIds } from '../../file/file-access';
import { purposeRules, sniff } from '../../file/file-types';
import { type EmbeddedFile, FILE_REF_PREFIX, type ParsedItem } from './types';

// Images carried inside a question file (Moodle's base64 <file>, a QTI package's media): checked in
// the dry run like any upload (an image by its bytes, within the image size limit), stored once each
// when the import is written (the same bytes in many questions are one file), and put in the HTML in
// place of their references.

const IMAGE_TYPES: readonly string[] = purposeRules.image.types;

export function checkEmbedded(item: ParsedItem): { field: string; detail: ErrorDetail }[] {
  const problems: { field: string; detail: ErrorDetail }[] = [];
  for (const file of Object.values(item.files)) {
    const type = sniff(file.bytes.subarray(0, 4096));
    if (!type || !IMAGE_TYPES.includes(type))
      problems.push({ field: 'stem', detail: { key: 'interopImageType', params: { name: file.name } } });
    else if (file.bytes.length > purposeRules.image.maxBytes)
      problems.push({
        field: 'stem',
        detail: { key: 'fileTooLarge', params: { mb: Math.round(purposeRules.image.maxBytes / 1024 / 1024) } },
      });
  }
  return problems;
}

// Uploaded files a question's HTML names by address (/api/file/N): a file may be named only by whoever
// can open it, as when a question is saved, so a question file cannot hand out another user's or
// another school's upload. Answers the problems of each item, by ordinal.
export async function checkLinkedFiles(
  ctx: RequestContext,
  items: { ordinal: number; input: unknown }[],
): Promise<Map<number, { field: string; detail: ErrorDetail }[]>> {
  const idsOf = new Map<number, number[]>();
  for (const item of items) {
    const ids = [...JSON.stringify(item.input).matchAll(/\/api\/file\/(\d{1,12})/g)].map((m) => Number(m[1]));
    if (ids.length) idsOf.set(item.ordinal, [...new Set(ids)]);
  }
  const wanted = [...new Set([...idsOf.values()].flat())];
  const readable = await readableFileIds(ctx, wanted);
  const out = new Map<number, { field: string; detail: ErrorDetail }[]>();
  for (const [ordinal, ids] of idsOf) {
    const refused = ids.filter((id) => !readable.has(id));
    if (refused.length)
      out.set(
        ordinal,
        refused.map((id) => ({ field: 'stem', detail: { key: 'fileNotReadable', params: { id } } })),
      );
  }
  return out;
}

// Until the import is written, an embedded file stands in the HTML as an address no upload has
// (/api/file/9000000000001, ...), so the bank's checks (the sanitiser keeps only our uploads' addresses)
// see a well-formed image; storing the files swaps each for the real address.
const PLACEHOLDER_BASE = 9_000_000_000_000;
export interface Embedded {
  placeholder: string;
  file: EmbeddedFile;
}

export function withPlaceholders<T extends { input: Record<string, unknown>; files: Record<string, EmbeddedFile> }>(
  items: T[],
): { items: T[]; embedded: Embedded[] } {
  const embedded: Embedded[] = [];
  const out = items.map((item) => {
    const tokens = Object.keys(item.files);
    if (!tokens.length) return item;
    const byToken = new Map<string, string>();
    for (const token of tokens) {
      const placeholder = `/api/file/${PLACEHOLDER_BASE + embedded.length + 1}`;
      byToken.set(token, placeholder);
      embedded.push({ placeholder, file: item.files[token] });
    }
    return {
      ...item,
      input: swapStrings(item.input, (s) => s.replace(REF, (ref, token: string) => byToken.get(token) ?? ref)),
    };
  });
  return { items: out, embedded };
}

// Stores the files (the same bytes once); answers the real address of each placeholder.
export async function storeEmbedded(
  ctx: RequestContext,
  storage: FileStorage,
  embedded: Embedded[],
): Promise<Map<string, string>> {
  const byDigest = new Map<string, string>();
  const out = new Map<string, string>();
  for (const { placeholder, file } of embedded) {
    const digest = createHash('sha256').update(file.bytes).digest('hex');
    let url = byDigest.get(digest);
    if (!url) {
      url = (await uploadFile(ctx, storage, 'image', file.name, file.bytes)).url;
      byDigest.set(digest, url);
    }
    out.set(placeholder, url);
  }
  return out;
}

const REF = new RegExp(`${FILE_REF_PREFIX}([^"'\\s<>]+)`, 'g');
const PLACEHOLDER = /\/api\/file\/9\d{12}(?!\d)/g;

function swapStrings<V>(value: V, swap: (s: string) => string): V {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return swap(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as V;
}

// The question with its placeholders replaced by the stored files' addresses, in every text.
export function withFiles(input: QuestionInput, urls: Map<string, string>): QuestionInput {
  if (!urls.size) return input;
  return swapStrings(input, (s) => s.replace(PLACEHOLDER, (p) => urls.get(p) ?? p));
}
