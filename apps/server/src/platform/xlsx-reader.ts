import path from 'node:path';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { crc32 } from 'node:zlib';
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { AppError, invalidParams } from './errors';
import { centralDirectory, unpack, unpackWhole, type ZipEntry } from './zip-reader';

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

// The whole body of an import request in memory, bounded by MAX_IMPORT_BYTES (formats read whole:
// XML, text, packages).
export async function readImportBody(req: FastifyRequest): Promise<Buffer> {
  const body = importBody(req);
  const bytes = Buffer.isBuffer(body) ? body : await readBody(body, MAX_IMPORT_BYTES);
  if (bytes.length > MAX_IMPORT_BYTES) throw tooLarge();
  return bytes;
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
  const entries = centralDirectory(zip, unreadable);
  const relsEntry = sized(entries.get('xl/_rels/workbook.xml.rels'), 'xl/_rels/workbook.xml.rels', MAX_PART_BYTES);
  const workbookEntry = sized(entries.get('xl/workbook.xml'), 'xl/workbook.xml', MAX_PART_BYTES);
  const stylesEntry = sized(entries.get('xl/styles.xml'), 'xl/styles.xml', MAX_PART_BYTES);
  const stringsEntry = sized(entries.get('xl/sharedStrings.xml'), 'the shared strings table', MAX_SHARED_STRINGS_BYTES);
  if (!workbookEntry) throw unreadable();
  const workbook = await unpackWhole(zip, workbookEntry, unreadable);
  const rels = relsEntry ? await unpackWhole(zip, relsEntry, unreadable) : Buffer.alloc(0);
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
    content: () => unpack(zip, e, unreadable),
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
