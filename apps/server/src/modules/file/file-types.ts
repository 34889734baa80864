// What each upload purpose accepts, and how a file's real type is told from its first bytes: the
// type the browser claims is never trusted, so an HTML page cannot pass as an image.
import { type FilePurpose, filePurposeRules } from '@lyceum/contract';

export type { FilePurpose };
export const purposeRules = filePurposeRules;

function startsWith(buf: Buffer, bytes: number[], offset = 0): boolean {
  return bytes.every((b, i) => buf[offset + i] === b);
}
function ascii(buf: Buffer, text: string, offset = 0): boolean {
  return buf.subarray(offset, offset + text.length).toString('latin1') === text;
}

// Office documents (docx, xlsx, pptx) are zip files and legacy ones OLE containers; both are
// reported as such, and the download names the type from the file name the user gave.
export function sniff(head: Buffer): string | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii(head, 'GIF8')) return 'image/gif';
  if (ascii(head, 'RIFF') && ascii(head, 'WEBP', 8)) return 'image/webp';
  if (ascii(head, 'RIFF') && ascii(head, 'WAVE', 8)) return 'audio/wav';
  if (ascii(head, '%PDF-')) return 'application/pdf';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return 'application/zip';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0])) return 'application/x-ole-storage';
  if (ascii(head, 'ftyp', 4)) return ascii(head, 'M4A', 8) ? 'audio/mp4' : 'video/mp4';
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return 'video/webm';
  if (ascii(head, 'ID3') || startsWith(head, [0xff, 0xfb]) || startsWith(head, [0xff, 0xf3])) return 'audio/mpeg';
  if (ascii(head, 'OggS')) return 'audio/ogg';
  return looksLikeText(head) ? 'text/plain' : null;
}

// Plain text: valid UTF-8 without NUL bytes and without markup a browser would render.
function looksLikeText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head);
  if (text.includes('\uFFFD')) return false;
  return !/<\s*(html|script|svg|iframe|body|head|!doctype)/i.test(text);
}

const OFFICE_TYPES: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  zip: 'application/zip',
};

// The type a download is served with: the sniffed one, refined by the extension for office files.
export function servedType(sniffed: string, name: string): string {
  const ext = name.split('.').pop()?.toLowerCase() ?? '';
  if ((sniffed === 'application/zip' || sniffed === 'application/x-ole-storage') && OFFICE_TYPES[ext])
    return OFFICE_TYPES[ext];
  if (sniffed === 'application/x-ole-storage') return 'application/octet-stream';
  return sniffed;
}

// A file name safe to keep and to show: no path, no control characters, at most 255 characters.
export function cleanName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const cleaned = Array.from(base)
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
  return (cleaned || 'file').slice(-255);
}
