import {
  capitalise,
  type ErrorDetail,
  errorText,
  type ImportRowError,
  type Lang,
  MAX_IMPORT_QUESTIONS,
  type QuestionFileFormat,
  type QuestionImportItem,
  type QuestionImportReport,
  type QuestionInput,
  questionMeta,
} from '@lyceum/contract';
import type { RequestContext } from '../../../platform/context';
import { invalidParams } from '../../../platform/errors';
import { ImportErrors } from '../../../platform/import-errors';
import { refreshStatistics } from '../../../platform/sql-rows';
import type { FileStorage } from '../../file/file.storage';
import { insertQuestions } from '../question.resource';
import { questions } from '../question.table';
import { checkQuestions, parseAiken, readQuestionSheet } from '../question-io';
import type { QuestionRow } from '../question-sheet';
import { pathText, planCategories } from './categories';
import { asText, detectFormat, readItems } from './detect';
import { checkEmbedded, checkLinkedFiles, storeEmbedded, withFiles, withPlaceholders } from './embedded';
import type { ParsedItem } from './types';

// One import for every question file (issue 35): the format told from the bytes, every question read
// and checked (the bank's schema and rules, duplicates, embedded images, categories to make) before
// anything is written, the dry run's table answered in the caller's language; then, when nothing is
// refused (or the caller leaves refused ones out), images stored and everything written in one
// transaction with the knowledge points and tags that were missing.

export interface FileImportOptions {
  dryRun: boolean;
  skipRefused: boolean;
  lang: Lang;
  format?: QuestionFileFormat;
  // The score of questions whose file has none.
  score: number;
}

const fromRow = (r: QuestionRow): ParsedItem => ({
  ordinal: r.row,
  line: r.row,
  category: [],
  tags: [],
  input: r.input,
  problems: r.problems,
  notes: [],
  files: {},
  childRows: r.childRows,
});

async function readFile(ctx: RequestContext, bytes: Buffer, format: QuestionFileFormat, score: number) {
  if (format === 'xlsx') return (await readQuestionSheet(ctx, bytes)).map(fromRow);
  if (format === 'aiken') return parseAiken(asText(bytes), score).map(fromRow);
  return readItems(format, bytes, score);
}

const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

function position(item: ParsedItem, format: QuestionFileFormat, lang: Lang): string {
  const zh = lang === 'zh';
  if (format === 'xlsx') return zh ? `第 ${item.ordinal} 行` : `row ${item.ordinal}`;
  const parts: string[] = [];
  if (item.line !== undefined) parts.push(zh ? `第 ${item.line} 行` : `line ${item.line}`);
  else parts.push(zh ? `第 ${item.ordinal} 题` : `question ${item.ordinal}`);
  if (item.name) parts.push(`“${item.name.slice(0, 60)}”`);
  return parts.join(' ');
}

// A field's name as people read it ("Score", "分值"), for reasons of formats without columns.
function fieldLabel(field: string, lang: Lang): string {
  const head = field.split('.')[0];
  const f = questionMeta.fields.find((x) => x.key === head);
  return f ? f.label[lang] : '';
}

// A NUL character (a file's `&#0;` or a raw byte) cannot be stored in a text column: refused in the
// dry run, on its question, rather than failing the whole write.
function storable(input: Record<string, unknown>): { field: string; detail: ErrorDetail }[] {
  return JSON.stringify(input).includes('\\u0000') ? [{ field: 'stem', detail: { key: 'dbBadCharacter' } }] : [];
}

export async function importQuestionFile(
  ctx: RequestContext,
  storage: FileStorage,
  bytes: Buffer,
  opts: FileImportOptions,
): Promise<QuestionImportReport> {
  const format = opts.format ?? detectFormat(bytes);
  const items = await readFile(ctx, bytes, format, opts.score);
  if (!items.length) throw invalidParams('file', 'interopNoQuestions');
  if (items.length > MAX_IMPORT_QUESTIONS)
    throw invalidParams('file', 'interopTooManyQuestions', { max: MAX_IMPORT_QUESTIONS });

  const supported = items.filter((i): i is ParsedItem & { input: Record<string, unknown> } => i.input !== null);
  const linked = await checkLinkedFiles(ctx, supported);
  const placed = withPlaceholders(supported);
  const rows: QuestionRow[] = placed.items.map((i) => ({
    row: i.ordinal,
    input: i.input,
    problems: [...i.problems, ...checkEmbedded(i), ...(linked.get(i.ordinal) ?? []), ...storable(i.input)],
    childRows: i.childRows ?? [],
  }));
  const errors = new ImportErrors(opts.lang, () => '');
  const { valid, duplicates } = await checkQuestions(ctx, rows, errors, opts.lang, format === 'xlsx');
  const plan = await planCategories(ctx, supported);

  // A question the reader could not make sense of (no input, its problems said): refused, its problems
  // listed like any other; only a kind Lyceum has no type for is "unsupported".
  for (const item of items) {
    if (item.input !== null || item.unsupported) continue;
    for (const p of item.problems) errors.add(item.ordinal, p.field, p.detail);
  }
  const list: ImportRowError[] = errors.sorted().map((e) => ({
    ...e,
    column: e.column || (e.field ? fieldLabel(e.field, opts.lang) : ''),
  }));
  // A compose question's child rows report on their own rows; the table shows them on the question.
  const ownerOf = new Map<number, number>();
  for (const i of items) for (const row of [i.ordinal, ...(i.childRows ?? [])]) ownerOf.set(row, i.ordinal);
  const reasonsOf = new Map<number, string[]>();
  for (const e of list) {
    const owner = ownerOf.get(e.row) ?? e.row;
    reasonsOf.set(owner, [...(reasonsOf.get(owner) ?? []), e.column ? `${e.column}: ${e.message}` : e.message]);
  }
  const duplicateRows = new Set(duplicates.map((d) => d.row));
  const table: QuestionImportItem[] = items.map((item) => {
    const input = item.input;
    const status: QuestionImportItem['status'] = item.unsupported
      ? 'unsupported'
      : reasonsOf.has(item.ordinal) || !input
        ? 'refused'
        : duplicateRows.has(item.ordinal)
          ? 'duplicate'
          : 'create';
    const unsupported = item.unsupported
      ? [capitalise(errorText(opts.lang, { key: 'interopUnsupported', params: { kind: item.unsupported.kind } }))]
      : [];
    return {
      row: item.ordinal,
      position: position(item, format, opts.lang),
      type: input && typeof input.type === 'number' ? input.type : null,
      stem: plain(typeof input?.stem === 'string' ? input.stem : '').slice(0, 120),
      category: pathText(item.category),
      status,
      reasons: [...unsupported, ...(reasonsOf.get(item.ordinal) ?? [])],
      notes: item.notes.map((n) => capitalise(errorText(opts.lang, n))),
    };
  });
  const unsupported = items.filter((i) => i.unsupported).length;
  const refused = table.filter((t) => t.status === 'refused').length;
  const report: QuestionImportReport = {
    dryRun: opts.dryRun,
    total: items.length,
    valid: valid.length,
    created: 0,
    errors: list,
    duplicates,
    format,
    items: table,
    newCategories: plan.missing,
    unsupported,
    skipped: unsupported + (opts.skipRefused ? refused : 0),
  };
  if (opts.dryRun || (list.length && !opts.skipRefused) || !valid.length) return report;

  const byOrdinal = new Map(items.map((i) => [i.ordinal, i]));
  const chosen = valid.map((v) => ({ item: byOrdinal.get(v.row) as ParsedItem, input: v.input }));
  // Images first (their rows outside the transaction; an import that fails after leaves them unlinked,
  // readable by the importer and staff only), then every question in one transaction.
  const used = new Set(
    chosen.flatMap((c) => [...JSON.stringify(c.input).matchAll(/\/api\/file\/9\d{12}/g)].map((m) => m[0])),
  );
  const urls = await storeEmbedded(
    ctx,
    storage,
    placed.embedded.filter((e) => used.has(e.placeholder)),
  );
  const inputs: QuestionInput[] = [];
  await ctx.db.transaction(async (tx) => {
    const tagIdsOf = await plan.resolver(tx);
    for (const c of chosen) {
      const tagIds = await tagIdsOf(c.item.category, c.item.tags);
      const input = withFiles(c.input, urls);
      inputs.push({ ...input, tagIds: [...new Set([...input.tagIds, ...tagIds])] });
    }
    await insertQuestions(tx, ctx, inputs);
  });
  report.created = inputs.length;
  await refreshStatistics(ctx.db, inputs.length, questions);
  return report;
}
