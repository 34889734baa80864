import { crc32, createInflateRaw } from 'node:zlib';
import { AppError } from './errors';

// Reading zips sent by users (spreadsheets, QTI packages) without trusting them: the central
// directory is read and checked first, entries are unpacked only up to the size their header
// declared (a zip bomb stops at once) and their checksums checked. The caller says which refusal a
// damaged file gets (an .xlsx is "not an Excel file", a package "not a readable zip").
export type Unreadable = (why?: string) => AppError;

export interface ZipEntry {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

// The central directory at the end of the zip: every entry's name, method and declared sizes.
export function centralDirectory(zip: Buffer, unreadable: Unreadable): Map<string, ZipEntry> {
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw unreadable();
  const count = zip.readUInt16LE(end + 10);
  const size = zip.readUInt32LE(end + 12);
  let at = zip.readUInt32LE(end + 16);
  // Zip64 (past 4 GB or 65,535 entries) is never needed for a file this size.
  if (count === 0xffff || at === 0xffffffff || at + size > end) throw unreadable();
  const entries = new Map<string, ZipEntry>();
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || zip.readUInt32LE(at) !== 0x02014b50) throw unreadable();
    const nameLength = zip.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    if (next > end) throw unreadable();
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    if (!entries.has(name)) {
      entries.set(name, {
        name,
        flags: zip.readUInt16LE(at + 8),
        method: zip.readUInt16LE(at + 10),
        crc: zip.readUInt32LE(at + 16),
        compressedSize: zip.readUInt32LE(at + 20),
        size: zip.readUInt32LE(at + 24),
        offset: zip.readUInt32LE(at + 42),
      });
    }
    at = next;
  }
  return entries;
}

function packedData(zip: Buffer, e: ZipEntry, unreadable: Unreadable): Buffer {
  if (e.flags & 1) throw unreadable('it is encrypted');
  if (e.method !== 0 && e.method !== 8) throw unreadable();
  if (e.offset + 30 > zip.length || zip.readUInt32LE(e.offset) !== 0x04034b50) throw unreadable();
  const start = e.offset + 30 + zip.readUInt16LE(e.offset + 26) + zip.readUInt16LE(e.offset + 28);
  if (start + e.compressedSize > zip.length) throw unreadable();
  if (e.method === 0 && e.compressedSize !== e.size) throw unreadable();
  return zip.subarray(start, start + e.compressedSize);
}

// Unpacks one entry as a stream, never past the size its header declared (which was checked against
// the limits): producing more is a zip bomb or a damaged file, and stops at once.
export async function* unpack(zip: Buffer, e: ZipEntry, unreadable: Unreadable): AsyncGenerator<Buffer> {
  const data = packedData(zip, e, unreadable);
  const CHUNK = 64 * 1024;
  let seen = 0;
  let crc = 0;
  if (e.method === 0) {
    for (; seen < data.length; seen += CHUNK) {
      const chunk = data.subarray(seen, seen + CHUNK);
      crc = crc32(chunk, crc);
      yield chunk;
    }
  } else {
    const inflater = createInflateRaw();
    inflater.end(data);
    try {
      for await (const chunk of inflater as AsyncIterable<Buffer>) {
        seen += chunk.length;
        if (seen > e.size) throw unreadable(`${e.name} unpacks to more than its declared size`);
        crc = crc32(chunk, crc);
        yield chunk;
      }
    } catch (err) {
      throw err instanceof AppError ? err : unreadable();
    } finally {
      inflater.destroy();
    }
    if (seen !== e.size) throw unreadable(`${e.name} is shorter than declared`);
  }
  if (crc >>> 0 !== e.crc >>> 0) throw unreadable(`${e.name} fails its checksum`);
}

export async function unpackWhole(zip: Buffer, e: ZipEntry, unreadable: Unreadable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of unpack(zip, e, unreadable)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

export interface ZipLimits {
  // The most entries, and the most bytes all of them may unpack to (declared and really produced).
  maxEntries: number;
  maxTotalBytes: number;
  // Refusal of a package over its limits.
  tooLarge: () => AppError;
}

// Every file entry of a zip unpacked, by its path (folders left out). The declared sizes are checked
// against the limits before anything is unpacked; unpack() refuses an entry that produces more than
// it declared, so the total really produced stays within the limit too.
export async function readZipEntries(
  zip: Buffer,
  limits: ZipLimits,
  unreadable: Unreadable,
): Promise<Map<string, Buffer>> {
  const entries = [...centralDirectory(zip, unreadable).values()].filter((e) => !e.name.endsWith('/'));
  if (entries.length > limits.maxEntries) throw limits.tooLarge();
  const declared = entries.reduce((sum, e) => sum + e.size, 0);
  if (declared > limits.maxTotalBytes) throw limits.tooLarge();
  const out = new Map<string, Buffer>();
  for (const e of entries) {
    // A path that climbs out ("../") or is absolute names nothing in the package.
    const name = e.name.replace(/\\/g, '/');
    if (name.startsWith('/') || name.split('/').includes('..')) throw unreadable(`${e.name} is outside the package`);
    out.set(name, await unpackWhole(zip, e, unreadable));
  }
  return out;
}
