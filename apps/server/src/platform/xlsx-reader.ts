import path from 'node:path';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { crc32, createInflateRaw } from 'node:zlib';
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { AppError, invalidParams } from './errors';

// The one reader of spreadsheets sent to imports. A sent file is untrusted: an .xlsx is a zip, so a
// small body can unpack to gigabytes, and a sheet can hold far more rows than an import takes. So the
// body is bounded, the zip's central directory is checked before anything is unpacked, only the first
// sheet and the parts it needs are unpacked (counting the bytes really produced, since headers can
// lie), and rows are handed out one at a time, so the caller's row cap stops the reading.

const MB = 1024 * 1024;
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
// The file as sent, compressed.
export const MAX_IMPORT_BYTES = 20 * MB;
// The first sheet's XML unpacked: 20,000 rows of long text stay well below it.
export const MAX_SHEET_XML_BYTES = 100 * MB;
// The shared strings are held in memory while the sheet is read, so they get a tighter bound.
export const MAX_SHARED_STRINGS_BYTES = 50 * MB;
// workbook.xml, its relationships and styles.xml, each.
export const MAX_PART_BYTES = 10 * MB;
// Parsing is synchronous between chunks; yielding this often keeps other requests answered.
export const YIELD_EVERY_ROWS = 250;

// Long loops over rows call this with the row's index: every YIELD_EVERY_ROWS rows the event loop runs.
export async function giveWay(index: number): Promise<void> {
  if (index > 0 && index % YIELD_EVERY_ROWS === 0) await nextTurn();
}

export type CellValue = string | number | boolean | Date | null;

// exceljs gives rich text, hyperlinks and formulas as objects; reduce every cell to a plain value.
export function plainCell(value: ExcelJS.CellValue): CellValue {
  if (value === null || value === undefined) return null;
  if (value instanceof Date || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value;
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return plainCell(value.result as ExcelJS.CellValue);
    if ('error' in value) return null;
  }
  return String(value);
}

export interface SheetRow {
  // The row's number in the sheet; row 1 is the header.
  number: number;
  // Plain values by column number (1-based); blank cells are left out.
  cells: Map<number, CellValue>;
}

const unreadable = (why?: string) =>
  why ? invalidParams('file', 'notXlsxBecause', { why }) : invalidParams('file', 'notXlsx');
const tooLarge = () => invalidParams('file', 'fileTooLarge', { mb: MAX_IMPORT_BYTES / MB });
const overLimit = (what: string, max: number) => invalidParams('file', 'xlsxPartTooLarge', { what, mb: max / MB });

// The body of an import request: the file itself, as the stream Fastify hands over (or a Buffer),
// refused at once when its declared length is over the limit.
export function importBody(req: FastifyRequest): Buffer | Readable {
  const body = req.body;
  if (!Buffer.isBuffer(body) && !(body instanceof Readable))
    throw invalidParams('file', 'xlsxBody', { type: XLSX_TYPE });
  if (Number(req.headers['content-length']) > MAX_IMPORT_BYTES) throw tooLarge();
  return body;
}

// Reads a stream into memory up to `max` bytes; past it, the rest is read and dropped so the answer
// can be sent at once.
function readBody(stream: Readable, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (err: Error | null) => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', finish);
      if (!err) resolve(Buffer.concat(chunks, size));
      else {
        chunks.length = 0;
        if (err instanceof AppError) {
          // Drained, not kept; a client hanging up meanwhile is no error of ours.
          stream.on('error', () => {});
          stream.resume();
        }
        reject(err);
      }
    };
    const onData = (chunk: Buffer | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += bytes.length;
      if (size > max) finish(tooLarge());
      else chunks.push(bytes);
    };
    const onEnd = () => finish(null);
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', finish);
  });
}

interface ZipEntry {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

// The central directory at the end of the zip: every entry's name, method and declared sizes.
function centralDirectory(zip: Buffer): Map<string, ZipEntry> {
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

function packedData(zip: Buffer, e: ZipEntry): Buffer {
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
async function* unpack(zip: Buffer, e: ZipEntry): AsyncGenerator<Buffer> {
  const data = packedData(zip, e);
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

async function unpackWhole(zip: Buffer, e: ZipEntry): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of unpack(zip, e)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

// What the streamed reader is given: a part's name in the zip it reads, its size and content.
interface Part {
  name: string;
  size: number;
  crc: number;
  content: () => AsyncIterable<Buffer>;
}

const madePart = (name: string, content: Buffer | string): Part => {
  const bytes = Buffer.from(content);
  return {
    name,
    size: bytes.length,
    crc: crc32(bytes),
    content: async function* () {
      yield bytes;
    },
  };
};

const attribute = (tag: string, name: RegExp) =>
  new RegExp(`\\s${name.source}\\s*=\\s*["']([^"']*)["']`).exec(tag)?.[1];

// The first sheet in the workbook's own order (what Excel shows first), found through workbook.xml
// and its relationships; failing that, the lowest-numbered sheet file.
function firstSheet(entries: Map<string, ZipEntry>, workbook: string, rels: string): ZipEntry | undefined {
  const sheetTag = /<(?:[\w-]+:)?sheet\s[^>]*>/.exec(workbook)?.[0];
  const relId = sheetTag && attribute(sheetTag, /[\w-]+:id/);
  if (relId) {
    for (const [tag] of rels.matchAll(/<(?:[\w-]+:)?Relationship\s[^>]*>/g)) {
      const target = attribute(tag, /Target/);
      if (attribute(tag, /Id/) !== relId || !target) continue;
      const name = target.startsWith('/') ? target.slice(1) : path.posix.normalize(`xl/${target}`);
      const found = entries.get(name) ?? [...entries.values()].find((e) => e.name.toLowerCase() === name.toLowerCase());
      if (found) return found;
    }
  }
  const numbered = (e: ZipEntry) => Number(/^xl\/worksheets\/sheet(\d+)\.xml$/.exec(e.name)?.[1] ?? Number.NaN);
  return [...entries.values()].filter((e) => Number.isFinite(numbered(e))).sort((a, b) => numbered(a) - numbered(b))[0];
}

const sized = (e: ZipEntry | undefined, what: string, max: number) => {
  if (e && e.size > max) throw overLimit(what, max);
  return e;
};

// Checks the declared sizes of everything that will be read, then lists the parts in the order the
// streamed reader needs: relationships, workbook, styles and shared strings before the sheet, so
// it never parks the sheet in a temporary file to wait for them.
async function partsToRead(zip: Buffer): Promise<Part[]> {
  const entries = centralDirectory(zip);
  const relsEntry = sized(entries.get('xl/_rels/workbook.xml.rels'), 'xl/_rels/workbook.xml.rels', MAX_PART_BYTES);
  const workbookEntry = sized(entries.get('xl/workbook.xml'), 'xl/workbook.xml', MAX_PART_BYTES);
  const stylesEntry = sized(entries.get('xl/styles.xml'), 'xl/styles.xml', MAX_PART_BYTES);
  const stringsEntry = sized(entries.get('xl/sharedStrings.xml'), 'the shared strings table', MAX_SHARED_STRINGS_BYTES);
  if (!workbookEntry) throw unreadable();
  const workbook = await unpackWhole(zip, workbookEntry);
  const rels = relsEntry ? await unpackWhole(zip, relsEntry) : Buffer.alloc(0);
  const sheet = sized(
    firstSheet(entries, workbook.toString('utf8'), rels.toString('utf8')),
    'the sheet',
    MAX_SHEET_XML_BYTES,
  );
  if (!sheet) throw invalidParams('file', 'noSheet');
  const stored = (name: string, e: ZipEntry): Part => ({
    name,
    size: e.size,
    crc: e.crc,
    content: () => unpack(zip, e),
  });
  return [
    madePart('xl/_rels/workbook.xml.rels', relsEntry ? rels : '<Relationships></Relationships>'),
    madePart('xl/workbook.xml', workbook),
    ...(stylesEntry ? [stored('xl/styles.xml', stylesEntry)] : []),
    // Without a shared strings part the reader would also park the sheet, so an empty one stands in.
    stringsEntry ? stored('xl/sharedStrings.xml', stringsEntry) : madePart('xl/sharedStrings.xml', '<sst></sst>'),
    stored('xl/worksheets/sheet1.xml', sheet),
  ];
}

// The parts as a zip of stored (uncompressed) entries: the streamed reader unpacks nothing itself,
// so every byte it parses went through the counting above.
async function* storedZip(parts: Part[]): AsyncGenerator<Buffer> {
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const header = Buffer.alloc(30 + name.length);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(0x0800, 6);
    header.writeUInt32LE(part.crc >>> 0, 14);
    header.writeUInt32LE(part.size, 18);
    header.writeUInt32LE(part.size, 22);
    header.writeUInt16LE(name.length, 26);
    name.copy(header, 30);
    yield header;
    yield* part.content();
  }
  // An end record without a directory: the reader reads entries in order and stops here.
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  yield end;
}

const READER_OPTIONS: Partial<ExcelJS.stream.xlsx.WorkbookStreamReaderOptions> = {
  worksheets: 'emit',
  // Cells that point into the shared strings are resolved from this cache (filled before the sheet).
  sharedStrings: 'cache',
  // A hyperlink cell keeps its text, which is all an import reads.
  hyperlinks: 'ignore',
  // Number formats are what tell a date from a number.
  styles: 'cache',
  entries: 'ignore',
};

// The rows of the first sheet that hold a value, in order. More than `maxRows` rows after the header
// is refused as soon as the next one is read; the rest of the file is never unpacked.
export async function* readSheetRows(file: Buffer | Readable, maxRows: number): AsyncGenerator<SheetRow> {
  const zip = Buffer.isBuffer(file) ? file : await readBody(file, MAX_IMPORT_BYTES);
  if (zip.length > MAX_IMPORT_BYTES) throw tooLarge();
  const source = Readable.from(storedZip(await partsToRead(zip)), { objectMode: false });
  // The reader pipes the source into its unzipper, which does not pass errors on: a failure of the
  // source (an entry unpacking past its size) must end the waiting here instead. A listener per wait,
  // removed after it, rather than racing one long-lived promise, which would keep a reaction per row.
  let failure: Error | null = null;
  source.on('error', (err) => {
    failure = err;
  });
  // Settles when the whole source has been produced: only then have the sheet's own checks (its
  // real size and checksum) run.
  const settled = new Promise<void>((resolve, reject) => {
    source.once('end', resolve);
    source.once('error', reject);
  });
  settled.catch(() => {});
  const unlessFailed = <T>(next: Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      if (failure) return reject(failure);
      const onError = (err: Error) => reject(err);
      source.once('error', onError);
      next.then(
        (value) => {
          source.off('error', onError);
          resolve(value);
        },
        (err: unknown) => {
          source.off('error', onError);
          reject(err);
        },
      );
    });
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, READER_OPTIONS);
  const sheets = reader[Symbol.asyncIterator]();
  let rows: AsyncGenerator<ExcelJS.Row> | null = null;
  try {
    const sheet = await unlessFailed(sheets.next());
    if (sheet.done) throw invalidParams('file', 'noSheet');
    rows = sheet.value[Symbol.asyncIterator]();
    let last = 0;
    let read = 0;
    let dataRows = 0;
    for (;;) {
      const next = await unlessFailed(rows.next());
      if (next.done) break;
      const row = next.value;
      // A row without its number (some writers leave it out) follows the one before.
      const number = Number.isFinite(row.number) && row.number > 0 ? row.number : last + 1;
      last = number;
      await giveWay(++read);
      const cells = new Map<number, CellValue>();
      row.eachCell((cell, col) => {
        const value = plainCell(cell.value);
        if (value !== null && !(typeof value === 'string' && value.trim() === '')) cells.set(col, value);
      });
      if (!cells.size) continue;
      if (number > 1 && ++dataRows > maxRows) throw invalidParams('file', 'tooManyRows', { max: maxRows });
      yield { number, cells };
    }
    // The reader stops at the length the rebuilt header gives, possibly before the sheet's entry has
    // been checked against its real size: let the source run out, so a lying entry still fails here.
    if (failure) throw failure;
    source.unpipe();
    source.resume();
    await settled;
  } catch (err) {
    throw err instanceof AppError ? err : unreadable();
  } finally {
    // Stop the unpacking; the reader's iterators are left to finish (or be collected) on their own.
    source.destroy();
    rows?.return(undefined).catch(() => {});
    sheets.return(undefined).catch(() => {});
  }
}
