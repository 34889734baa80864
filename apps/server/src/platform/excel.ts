import type { Readable, Writable } from 'node:stream';
import type { ErrorDetail, FieldMeta, FormMeta, Lang } from '@lyceum/contract';
import ExcelJS from 'exceljs';
import { type CellValue, readSheetRows } from './xlsx-reader';

// Spreadsheet reading and writing for declared resources: headers are the field labels (English or
// Chinese), enums are written and read by their labels, references by the name of the row they point to.

export interface RefLookup {
  byId: Map<number, string>;
  byName: Map<string, number>;
}
export type Lookups = Map<string, RefLookup>;

const YES = new Set(['yes', 'y', 'true', '1', '是', '√']);
const NO = new Set(['no', 'n', 'false', '0', '否', '×']);

export function excelFields(meta: FormMeta): FieldMeta[] {
  return meta.fields.filter((f) => f.excel !== false && f.kind !== 'file');
}

function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

function toCell(field: FieldMeta, value: unknown, lookups: Lookups, lang: Lang): CellValue {
  if (value === null || value === undefined) return null;
  switch (field.kind) {
    case 'enum':
      return field.enum?.[value as number]?.[lang] ?? String(value);
    case 'boolean':
      return value ? (lang === 'zh' ? '是' : 'Yes') : lang === 'zh' ? '否' : 'No';
    case 'ref':
      return lookups.get(field.key)?.byId.get(value as number) ?? String(value);
    case 'refs':
      return (value as number[]).map((id) => lookups.get(field.key)?.byId.get(id) ?? String(id)).join(', ');
    case 'date':
      return typeof value === 'string' ? value.slice(0, 10) : value instanceof Date ? isoDate(value) : String(value);
    default:
      return typeof value === 'number' || typeof value === 'string' ? value : String(value);
  }
}

export async function writeWorkbook(
  meta: FormMeta,
  rows: Record<string, unknown>[],
  lookups: Lookups,
  lang: Lang,
): Promise<Buffer> {
  const fields = excelFields(meta).filter((f) => !f.importOnly);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Lyceum';
  const ws = wb.addWorksheet(meta.title[lang].slice(0, 31));
  ws.columns = fields.map((f) => ({ header: f.label[lang], key: f.key, width: f.width ? f.width / 7 : 18 }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of rows) {
    ws.addRow(Object.fromEntries(fields.map((f) => [f.key, toCell(f, row[f.key], lookups, lang)])));
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

// The same sheet written as a stream, batch by batch, for exports run as background jobs: the rows
// are never all in memory, and the caller reports progress between batches.
export function streamWorkbook(meta: FormMeta, lookups: Lookups, lang: Lang, stream: Writable) {
  const fields = excelFields(meta).filter((f) => !f.importOnly);
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  wb.creator = 'Lyceum';
  const ws = wb.addWorksheet(meta.title[lang].slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = fields.map((f) => ({ header: f.label[lang], key: f.key, width: f.width ? f.width / 7 : 18 }));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  return {
    add(rows: Record<string, unknown>[]) {
      for (const row of rows) {
        ws.addRow(Object.fromEntries(fields.map((f) => [f.key, toCell(f, row[f.key], lookups, lang)]))).commit();
      }
    },
    async commit() {
      ws.commit();
      await wb.commit();
    },
  };
}

// The import template: the header row, an input list on enum and yes/no columns, and a note per
// header saying what the column takes.
export async function writeTemplate(meta: FormMeta, lang: Lang): Promise<Buffer> {
  const fields = excelFields(meta);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(meta.title[lang].slice(0, 31));
  ws.columns = fields.map((f) => ({ header: f.label[lang], key: f.key, width: f.width ? f.width / 7 : 18 }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  fields.forEach((f, i) => {
    const cell = ws.getRow(1).getCell(i + 1);
    const options =
      f.kind === 'enum' && f.enum
        ? Object.values(f.enum).map((l) => l[lang])
        : f.kind === 'boolean'
          ? lang === 'zh'
            ? ['是', '否']
            : ['Yes', 'No']
          : null;
    const notes = [f.required ? (lang === 'zh' ? '必填' : 'Required') : lang === 'zh' ? '选填' : 'Optional'];
    if (options) notes.push(options.join(' / '));
    if (f.kind === 'date') notes.push('YYYY-MM-DD');
    if (f.kind === 'ref' || f.kind === 'refs') notes.push(lang === 'zh' ? '填写名称' : 'by name');
    cell.note = notes.join('\n');
    if (options) {
      for (let r = 2; r <= 500; r++) {
        ws.getRow(r).getCell(i + 1).dataValidation = {
          type: 'list',
          allowBlank: !f.required,
          formulae: [`"${options.join(',')}"`],
        };
      }
    }
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export interface ParsedRow {
  row: number;
  input: Record<string, unknown>;
}
// A cell that cannot be read as its field's kind, coded like any refusal.
export interface CellError {
  row: number;
  field: string;
  detail: ErrorDetail;
}

export type Cell = { value: unknown } | { error: ErrorDetail };

const quoted = (names: string[]) => names.map((n) => `"${n}"`).join(', ');

// A reference by names that are not all found: every missing name, not only the first.
function fromNames(field: FieldMeta, names: string[], lookups: Lookups): Cell {
  const byName = lookups.get(field.key)?.byName;
  const ids = names.map((name) => byName?.get(name.toLowerCase()));
  const missing = names.filter((_, i) => !ids[i]);
  if (!missing.length) return { value: ids as number[] };
  const params = { entity: field.label.en.toLowerCase(), entityZh: field.label.zh, names: quoted(missing) };
  return { error: { key: 'noneNamed', params } };
}

// One cell read as its field's kind (whole-paper imports read their details block with it too).
export function fromCell(field: FieldMeta, raw: CellValue, lookups: Lookups): Cell {
  if (raw === null || (typeof raw === 'string' && raw.trim() === '')) return { value: undefined };
  const text = raw instanceof Date ? isoDate(raw) : String(raw).trim();
  switch (field.kind) {
    case 'number':
    case 'duration': {
      const n = typeof raw === 'number' ? raw : Number(text);
      return Number.isFinite(n) ? { value: n } : { error: { key: 'cellNotNumber', params: { value: text } } };
    }
    case 'enum': {
      const labels = Object.entries(field.enum ?? {});
      const entry = labels.find(([k, l]) => k === text || l.en.toLowerCase() === text.toLowerCase() || l.zh === text);
      if (entry) return { value: Number(entry[0]) };
      const values = labels.map(([, l]) => l.en).join(', ');
      const valuesZh = labels.map(([, l]) => l.zh).join('、');
      return { error: { key: 'cellNotOneOf', params: { value: text, values, valuesZh } } };
    }
    case 'boolean':
      if (typeof raw === 'boolean') return { value: raw };
      if (YES.has(text.toLowerCase())) return { value: true };
      if (NO.has(text.toLowerCase())) return { value: false };
      return { error: { key: 'cellNotYesNo', params: { value: text } } };
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(text)
        ? { value: text }
        : { error: { key: 'cellNotDate', params: { value: text } } };
    case 'ref': {
      const found = fromNames(field, [text], lookups);
      return 'value' in found ? { value: (found.value as number[])[0] } : found;
    }
    case 'refs':
      return fromNames(
        field,
        text
          .split(/[,，;；]/)
          .map((s) => s.trim())
          .filter(Boolean),
        lookups,
      );
    default:
      return { value: typeof raw === 'number' ? String(raw) : text };
  }
}

// Reads the first sheet as a stream: the header row names the columns (either language, or the field
// key). More than `maxRows` rows is refused as soon as the next row is read.
export async function readWorkbook(
  file: Buffer | Readable,
  meta: FormMeta,
  lookups: Lookups,
  maxRows: number,
): Promise<{ rows: ParsedRow[]; errors: CellError[] }> {
  const fields = excelFields(meta);
  const errors: CellError[] = [];
  const rows: ParsedRow[] = [];
  let columns: Map<number, FieldMeta> | null = null;
  const mapHeaders = (header: Map<number, CellValue>) => {
    const found = new Map<number, FieldMeta>();
    for (const [col, value] of header) {
      const name = String(value).trim().toLowerCase();
      const field = fields.find((f) => [f.key.toLowerCase(), f.label.en.toLowerCase(), f.label.zh].includes(name));
      if (field) found.set(col, field);
    }
    const present = new Set([...found.values()].map((f) => f.key));
    for (const f of fields) {
      if (f.required && !present.has(f.key)) errors.push({ row: 1, field: f.key, detail: { key: 'columnMissing' } });
    }
    return found;
  };
  for await (const { number, cells } of readSheetRows(file, maxRows)) {
    if (!columns) {
      columns = mapHeaders(number === 1 ? cells : new Map());
      if (errors.length) return { rows: [], errors };
      if (number === 1) continue;
    }
    const input: Record<string, unknown> = {};
    let filled = false;
    for (const [col, field] of columns) {
      const raw = cells.get(col) ?? null;
      if (raw !== null) filled = true;
      const parsed = fromCell(field, raw, lookups);
      if ('error' in parsed) errors.push({ row: number, field: field.key, detail: parsed.error });
      else if (parsed.value !== undefined) input[field.key] = parsed.value;
    }
    if (filled) rows.push({ row: number, input });
  }
  // An empty sheet still names the columns it lacks.
  if (!columns) mapHeaders(new Map());
  return { rows, errors };
}
