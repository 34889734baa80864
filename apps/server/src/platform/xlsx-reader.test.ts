import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type ZipFile, zipOf } from '../../test/zip';
import { MAX_IMPORT_BYTES, MAX_SHEET_XML_BYTES, readSheetRows, type SheetRow } from './xlsx-reader';

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const RNS = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const cell = (ref: string, v: string) => `<c r="${ref}" t="inlineStr"><is><t>${v}</t></is></c>`;
const rowXml = (n: number, values: string[]) =>
  `<row r="${n}">${values.map((v, i) => cell(`${String.fromCharCode(65 + i)}${n}`, v)).join('')}</row>`;

// A minimal workbook with one sheet of inline strings; `tail` goes after the rows, inside sheetData.
function minimalXlsx(rows: string[][], opts: { tail?: string; declared?: (real: number) => number } = {}): Buffer {
  const sheet = Buffer.from(
    `<worksheet ${NS}><sheetData>${rows.map((r, i) => rowXml(i + 1, r)).join('')}${opts.tail ?? ''}</sheetData></worksheet>`,
  );
  return zipOf([
    {
      name: 'xl/workbook.xml',
      data: Buffer.from(`<workbook ${NS} ${RNS}><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: Buffer.from(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', data: sheet, declared: opts.declared?.(sheet.length) },
  ]);
}

async function collect(file: Buffer | Readable, maxRows = 100): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  for await (const row of readSheetRows(file, maxRows)) rows.push(row);
  return rows;
}

async function failure(file: Buffer | Readable, maxRows = 100): Promise<string> {
  try {
    await collect(file, maxRows);
  } catch (err) {
    return (err as Error).message;
  }
  return 'no error';
}

describe('readSheetRows', () => {
  it('reads the first sheet in workbook order, as plain values, skipping blank rows', async () => {
    const wb = new ExcelJS.Workbook();
    const first = wb.addWorksheet('First');
    wb.addWorksheet('Second').addRow(['not this one']);
    first.addRow(['Name', 'Date', 'Rich', 'Link', 'Formula', 'Yes']);
    first.addRow([
      '  Ann ',
      new Date('2024-03-05T00:00:00Z'),
      { richText: [{ text: 'bo' }, { text: 'ld', font: { bold: true } }] },
      { text: 'site', hyperlink: 'https://example.com' },
      { formula: '1+1', result: 2 },
      true,
    ]);
    first.addRow([]);
    first.addRow(['   ', null]);
    first.addRow(['Bob']);
    // Written by exceljs: sheets before the shared strings, the order that makes its reader park sheets.
    const rows = await collect(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(rows.map((r) => r.number)).toEqual([1, 2, 5]);
    expect([...rows[1].cells]).toEqual([
      [1, '  Ann '],
      [2, new Date('2024-03-05T00:00:00Z')],
      [3, 'bold'],
      [4, 'site'],
      [5, 2],
      [6, true],
    ]);
    expect([...rows[2].cells]).toEqual([[1, 'Bob']]);
  });

  it('takes the body as a stream too, and bounds it', async () => {
    const file = minimalXlsx([['Name'], ['x']]);
    expect((await collect(Readable.from([file.subarray(0, 10), file.subarray(10)]))).length).toBe(2);
    const endless = new PassThrough();
    const chunk = Buffer.alloc(1024 * 1024);
    const pump = setInterval(() => endless.write(chunk), 1);
    try {
      expect(await failure(endless)).toBe(`file: at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB`);
    } finally {
      clearInterval(pump);
      endless.destroy();
    }
  });

  it('stops at the row cap without unpacking the rest of the sheet', async () => {
    // Past the fourth row the sheet unpacks to far more than it declares: reaching it would fail differently.
    const rows = [['Name'], ['a'], ['b'], ['c']];
    const tail = ' '.repeat(4 * 1024 * 1024);
    const file = minimalXlsx(rows, { tail, declared: (real) => real - tail.length + 1024 * 1024 });
    expect(await failure(file, 2)).toBe('file: at most 2 rows at a time');
    expect(await failure(file, 3)).toMatch(/unpacks to more than its declared size/);
  });

  it('refuses what is not an xlsx, and zips whose sizes are too large or lie', async () => {
    expect(await failure(Buffer.from('%PDF-1.4 not a spreadsheet'))).toBe('file: not a readable .xlsx file');
    expect(await failure(minimalXlsx([['Name']]).subarray(0, 200))).toBe('file: not a readable .xlsx file');
    expect(await failure(zipOf([{ name: 'a.txt', data: Buffer.from('hello') }]))).toBe(
      'file: not a readable .xlsx file',
    );
    const declaredHuge = minimalXlsx([['Name'], ['x']], { declared: () => MAX_SHEET_XML_BYTES + 1 });
    expect(await failure(declaredHuge)).toBe(
      `file: the sheet is larger than ${MAX_SHEET_XML_BYTES / 1024 / 1024} MB uncompressed`,
    );
    const bomb = minimalXlsx([['Name']], { tail: ' '.repeat(8 * 1024 * 1024), declared: () => 4096 });
    expect(await failure(bomb)).toBe(
      'file: not a readable .xlsx file (xl/worksheets/sheet1.xml unpacks to more than its declared size)',
    );
    const short = minimalXlsx([['Name']], { declared: (real) => real + 10 });
    expect(await failure(short)).toMatch(/is shorter than declared/);
  });

  it('takes the first sheet named by the workbook, or the lowest-numbered one without relationships', async () => {
    const sheet = (value: string) =>
      Buffer.from(`<worksheet ${NS}><sheetData>${rowXml(1, [value])}</sheetData></worksheet>`);
    const workbook = Buffer.from(
      `<workbook ${NS} ${RNS}><sheets><sheet name="Shown first" sheetId="2" r:id="rId7"/><sheet name="Then" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    );
    const rels = Buffer.from(
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Target="worksheets/sheet1.xml"/><Relationship Target="/xl/worksheets/sheet2.xml" Id="rId7"/></Relationships>',
    );
    const sheets = [
      { name: 'xl/worksheets/sheet1.xml', data: sheet('one') },
      { name: 'xl/worksheets/sheet2.xml', data: sheet('two') },
    ];
    const first = async (files: ZipFile[]) => (await collect(zipOf(files)))[0].cells.get(1);
    expect(
      await first([
        { name: 'xl/workbook.xml', data: workbook },
        { name: 'xl/_rels/workbook.xml.rels', data: rels },
        ...sheets,
      ]),
    ).toBe('two');
    expect(await first([{ name: 'xl/workbook.xml', data: workbook }, ...sheets.reverse()])).toBe('one');
    expect(await failure(zipOf([{ name: 'xl/workbook.xml', data: workbook }]))).toBe('file: the workbook has no sheet');
  });

  it('reads a workbook without shared strings or styles, and rows after gaps', async () => {
    const rows = await collect(minimalXlsx([['Name', 'Code'], [], ['x', 'y']]));
    expect(rows.map((r) => [r.number, [...r.cells.values()]])).toEqual([
      [1, ['Name', 'Code']],
      [3, ['x', 'y']],
    ]);
  });
});
