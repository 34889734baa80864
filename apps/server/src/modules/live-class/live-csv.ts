// CSV as meeting services and spreadsheets exchange it (RFC 4180: quoted fields may hold commas,
// quotes doubled, line breaks), for the live class's report out and a participant list in.

export type CsvCell = string | number | null;

// A text cell a spreadsheet would run as a formula (= + - @, and the tab and carriage return some
// read the same way) gets a leading apostrophe: an exported name like "=HYPERLINK(...)" stays text.
// Numbers are written as numbers.
function cellText(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  const safe = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

// UTF-8 with a byte-order mark, so Excel opens Chinese names as Chinese rather than as mojibake;
// CRLF line ends, as RFC 4180 and Excel write them.
export function toCsv(rows: CsvCell[][]): Buffer {
  const text = rows.map((r) => r.map(cellText).join(',')).join('\r\n');
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${text}\r\n`, 'utf8')]);
}

// The text of a file: UTF-8 (a byte-order mark dropped), UTF-16 by its mark, else GB18030 (what a
// Chinese Excel saves "CSV" as) when the bytes are not UTF-8.
export function csvText(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('gb18030').decode(body);
  }
}

export interface CsvRecord {
  // The file's line the record starts on (1: the header).
  line: number;
  cells: string[];
}

// The separator the header uses most of: comma, tab (some services' "CSV") or semicolon.
function separatorOf(text: string): string {
  const first = text.slice(0, text.search(/\r|\n|$/));
  const counts = [',', '\t', ';'].map((s) => [s, first.split(s).length] as const);
  return counts.reduce((a, b) => (b[1] > a[1] ? b : a))[0];
}

// Records with their line numbers; blank lines are skipped. An unterminated quote runs to the end.
export function parseCsv(text: string): CsvRecord[] {
  const sep = separatorOf(text);
  const out: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const endRecord = () => {
    cells.push(cell);
    if (cells.some((c) => c.trim() !== '')) out.push({ line: start, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        cell += ch;
      }
    } else if (ch === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
    } else if (ch === sep) {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else cell += ch;
  }
  if (cell !== '' || cells.length) endRecord();
  return out;
}
