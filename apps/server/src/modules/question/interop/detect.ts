import type { QuestionFileFormat } from '@lyceum/contract';
import { invalidParams } from '../../../platform/errors';
import { centralDirectory, readZipEntries } from '../../../platform/zip-reader';
import { readGift } from './gift-read';
import { readMoodleXmlInRuns } from './moodle-chunks';
import { readQtiPackage } from './qti-read';
import type { ParsedItem } from './types';

// Which format a question file is, from its bytes (the caller may name it), and its reading into
// ParsedItems. Excel keeps its own sheet reader (question-sheet.ts); Aiken its text reader.

const MB = 1024 * 1024;
// A QTI package unpacked: items, manifest and their images. Past this it is a zip bomb or not a bank.
export const MAX_PACKAGE_UNPACKED = 200 * MB;
export const MAX_PACKAGE_ENTRIES = 20_000;

const isZip = (b: Buffer) => b.length >= 4 && b.readUInt32LE(0) === 0x04034b50;

export function asText(bytes: Buffer): string {
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

// The start of an XML document after its declaration, comments and white space.
function firstElement(text: string): string {
  const m = /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<([A-Za-z_][\w:.-]*|!DOCTYPE)/.exec(
    text.slice(0, 64 * 1024),
  );
  return m ? m[1] : '';
}

export function detectFormat(bytes: Buffer): QuestionFileFormat {
  if (isZip(bytes)) {
    // The package's table of contents, without unpacking: QTI has a manifest at its root.
    const names = centralDirectory(bytes, () => invalidParams('file', 'interopBadZip'));
    return names.has('imsmanifest.xml') ? 'qti' : 'xlsx';
  }
  const text = asText(bytes);
  const first = firstElement(text);
  if (first === 'quiz') return 'moodle';
  // A DOCTYPE before the root: read as Moodle XML, which refuses it by name.
  if (first === '!DOCTYPE' && /<quiz[\s>]/.test(text.slice(0, 64 * 1024))) return 'moodle';
  if (first !== '') throw invalidParams('file', 'interopUnknownFormat');
  // Aiken: options "A." and an "ANSWER:" line, and no GIFT answer block.
  const aiken = /^\s*ANSWER\s*[:：]\s*[A-J]/im.test(text);
  const giftBlock = /(^|[^\\])\{[^}]*\}/.test(text);
  if (aiken && !giftBlock) return 'aiken';
  if (giftBlock || /^\s*::/m.test(text)) return 'gift';
  throw invalidParams('file', 'interopUnknownFormat');
}

export async function readPackage(bytes: Buffer): Promise<Map<string, Buffer>> {
  return readZipEntries(
    bytes,
    {
      maxEntries: MAX_PACKAGE_ENTRIES,
      maxTotalBytes: MAX_PACKAGE_UNPACKED,
      tooLarge: () => invalidParams('file', 'interopUnpackedTooLarge', { mb: MAX_PACKAGE_UNPACKED / MB }),
    },
    () => invalidParams('file', 'interopBadZip'),
  );
}

// The items of a Moodle XML, GIFT or QTI file.
export async function readItems(
  format: 'moodle' | 'gift' | 'qti',
  bytes: Buffer,
  score: number,
): Promise<ParsedItem[]> {
  if (format === 'moodle') return readMoodleXmlInRuns(asText(bytes));
  if (format === 'gift') return readGift(asText(bytes), score);
  return readQtiPackage(await readPackage(bytes), score);
}
