import type { Readable } from 'node:stream';
import {
  BLANK_MARKER,
  difficultyLabels,
  type ErrorDetail,
  type ImportRowError,
  issueDetail,
  type Lang,
  OPTION_LABELS,
  type QuestionInput,
  QuestionType,
  questionTypeLabels,
  zQuestionInput,
} from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { RequestContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { ImportErrors } from '../../platform/import-errors';
import { MAX_IMPORT_ROWS } from '../../platform/resource-io';
import { type CellValue, giveWay, readSheetRows } from '../../platform/xlsx-reader';
import { tags } from '../catalogue/catalogue.table';
import { insertQuestions, questionResource } from './question.resource';
import { questions } from './question.table';

// Questions in spreadsheets: one row per question; a compose question is a row of type Compose
// followed by its child rows carrying the same value in the Group column.
const OPTION_COUNT = 6;
export const QUESTION_HEADERS: Record<string, [string, string]> = {
  group: ['Group', '组号'],
  type: ['Type', '题型'],
  stem: ['Stem', '题干'],
  ...Object.fromEntries(OPTION_LABELS.slice(0, OPTION_COUNT).map((l) => [`option${l}`, [`Option ${l}`, `选项${l}`]])),
  answer: ['Answer', '答案'],
  keywords: ['Keywords', '关键词'],
  score: ['Score', '分值'],
  blankScores: ['Blank scores', '每空分值'],
  difficulty: ['Difficulty', '难度'],
  analysis: ['Analysis', '解析'],
  tags: ['Tags and knowledge points', '标签与知识点'],
};
const HEADERS = QUESTION_HEADERS;
const KEYS = Object.keys(HEADERS);

// The key a column header names in `headers` (the key itself, or its label in either language).
export function headerKey(headers: Record<string, readonly [string, string]>, header: string): string | undefined {
  const h = header.trim().toLowerCase();
  return Object.keys(headers).find(
    (k) => k.toLowerCase() === h || headers[k][0].toLowerCase() === h || headers[k][1] === header.trim(),
  );
}

export function text(v: CellValue): string {
  if (v === null) return '';
  return v instanceof Date ? v.toISOString().slice(0, 10) : String(v).trim();
}

function typeOf(v: string): number | null {
  const entry = Object.entries(questionTypeLabels).find(
    ([k, l]) => k === v || l.en.toLowerCase() === v.toLowerCase() || l.zh === v,
  );
  return entry ? Number(entry[0]) : null;
}

const TRUE = new Set(['true', 't', 'yes', '对', '正确', '√', '1']);
const FALSE = new Set(['false', 'f', 'no', '错', '错误', '×', '0']);

// A cell refused while a row is read, under the input field it would have filled.
interface CellProblem {
  field: string;
  detail: ErrorDetail;
}

const notOneOf = (value: string, labels: Record<number, { en: string; zh: string }>): ErrorDetail => ({
  key: 'cellNotOneOf',
  params: {
    value,
    values: Object.values(labels)
      .map((l) => l.en)
      .join(', '),
    valuesZh: Object.values(labels)
      .map((l) => l.zh)
      .join('、'),
  },
});

// Turns one row's cells into a question input (not yet validated); every cell that cannot be read is
// listed, and the input is built from the rest.
function rowToInput(
  cells: Record<string, string>,
  tagIds: Map<string, number>,
): { input: Record<string, unknown>; problems: CellProblem[] } {
  const problems: CellProblem[] = [];
  const type = typeOf(cells.type ?? '');
  if (!type) problems.push({ field: 'type', detail: notOneOf(cells.type ?? '', questionTypeLabels) });
  const options = OPTION_LABELS.slice(0, OPTION_COUNT)
    .map((l) => ({ label: l, content: cells[`option${l}`] ?? '' }))
    .filter((o) => o.content !== '');
  const score = Number(cells.score || 0);
  const q: Record<string, unknown> = { stem: cells.stem, options, score, analysis: cells.analysis ?? '' };
  if (type) q.type = type;
  if (cells.difficulty) {
    const d = Object.entries(difficultyLabels).find(
      ([k, l]) =>
        k === cells.difficulty || l.en.toLowerCase() === cells.difficulty.toLowerCase() || l.zh === cells.difficulty,
    );
    if (d) q.difficulty = Number(d[0]);
    else problems.push({ field: 'difficulty', detail: notOneOf(cells.difficulty, difficultyLabels) });
  }
  if (cells.tags) {
    const names = cells.tags
      .split(/[,，;；]/)
      .map((n) => n.trim())
      .filter(Boolean);
    const missing = names.filter((n) => !tagIds.has(n.toLowerCase()));
    if (missing.length) {
      const params = {
        entity: 'tag or knowledge point',
        entityZh: '标签或知识点',
        names: missing.map((n) => `"${n}"`).join(', '),
      };
      problems.push({ field: 'tagIds', detail: { key: 'noneNamed', params } });
    } else q.tagIds = names.map((n) => tagIds.get(n.toLowerCase()));
  }
  const answer = cells.answer ?? '';
  switch (type) {
    case QuestionType.SingleChoice:
      q.answer = answer.toUpperCase();
      break;
    case QuestionType.MultipleChoice:
      q.answer = answer
        .toUpperCase()
        .split(/[,，\s]*/)
        .filter(Boolean);
      break;
    case QuestionType.TrueFalse:
      if (TRUE.has(answer.toLowerCase()) || FALSE.has(answer.toLowerCase())) q.answer = TRUE.has(answer.toLowerCase());
      else problems.push({ field: 'answer', detail: { key: 'cellNotTrueFalse', params: { value: answer } } });
      break;
    case QuestionType.GapFilling: {
      // Blanks are separated by |, alternatives for one blank by /.
      const blanks = answer.split('|').map((b) =>
        b
          .split('/')
          .map((a) => a.trim())
          .filter(Boolean),
      );
      const scores = cells.blankScores
        ? cells.blankScores.split(/[,，|]/).map(Number)
        : blanks.map(() => score / blanks.length);
      q.answer = { blanks: blanks.map((answers, i) => ({ answers, score: scores[i] ?? 0 })), rules: {} };
      if (!cells.score) q.score = scores.reduce((s, n) => s + n, 0);
      break;
    }
    case QuestionType.ShortAnswer:
      q.answer = {
        reference: answer,
        keywords: (cells.keywords ?? '')
          .split(/[,，;；]/)
          .map((k) => k.trim())
          .filter(Boolean)
          .map((k) => {
            const [word, points] = k.split(/[:：]/);
            return { word: word.trim(), points: Number(points ?? 1) };
          }),
      };
      break;
    default:
      q.answer = null;
  }
  return { input: q, problems };
}

// One question to import: the row (or line) it starts on, its input, the cells already refused, and
// for a compose question the row of each child.
export interface QuestionRow {
  row: number;
  input: Record<string, unknown>;
  problems: CellProblem[];
  childRows: number[];
}

export interface QuestionImportReport {
  dryRun: boolean;
  total: number;
  valid: number;
  created: number;
  errors: ImportRowError[];
  duplicates: { row: number; stem: string }[];
}

export async function tagLookup(ctx: RequestContext): Promise<Map<string, number>> {
  const rows = await ctx.db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(eq(tags.organizationId, ctx.orgId));
  return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
}

const plainStem = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

async function existingStems(ctx: RequestContext): Promise<Set<string>> {
  const rows = await ctx.db
    .select({ stem: questions.stem })
    .from(questions)
    .where(eq(questions.organizationId, ctx.orgId));
  return new Set(rows.map((r) => plainStem(r.stem)));
}

// The column of the sheet a question field comes from (its header key in HEADERS).
function sheetColumn(field: string, input: Record<string, unknown>): string | null {
  const [head, index, rest] = field.split('.');
  switch (head) {
    case 'options': {
      const label = (input.options as { label: string }[] | undefined)?.[Number(index)]?.label;
      return label ? `option${label}` : 'optionA';
    }
    case 'answer':
      if (index === 'keywords') return 'keywords';
      return index === 'blanks' && field.endsWith('.score') && rest !== undefined ? 'blankScores' : 'answer';
    case 'tagIds':
      return 'tags';
    case 'children':
      return 'group';
    default:
      return head in HEADERS ? head : null;
  }
}

// The key of the field an issue or a refused cell is about: a child's fields count apart.
function fieldKey(path: string): string {
  const parts = path.split('.');
  return parts[0] === 'children' && parts.length >= 3 ? parts.slice(0, 3).join('.') : parts[0];
}

// Checks every question (every problem of every row: cells, schema, the resource's rules; a child's
// problems on the child's own row) into `errors`, and answers the valid ones with their rows.
// Questions whose stem already exists (or repeats an earlier one) are reported as duplicates, not
// refused. For sheets (`columns`) each problem names its column header in `lang`.
export async function checkQuestions(
  ctx: RequestContext,
  inputs: QuestionRow[],
  errors: ImportErrors,
  lang: Lang,
  columns: boolean,
): Promise<{ valid: { row: number; input: QuestionInput }[]; duplicates: { row: number; stem: string }[] }> {
  const valid: { row: number; input: QuestionInput }[] = [];
  const known = await existingStems(ctx);
  const duplicates: { row: number; stem: string }[] = [];
  for (const [i, q] of inputs.entries()) {
    await giveWay(i);
    // A child's field is reported on the child's row, under the child's own field name.
    const report = (field: string, detail: ErrorDetail) => {
      const child = /^children\.(\d+)\.(.*)$/.exec(field);
      const childRow = child ? q.childRows[Number(child[1])] : undefined;
      const [row, local] = child && childRow !== undefined ? [childRow, child[2]] : [q.row, field];
      const source =
        child && childRow !== undefined
          ? ((q.input.children as Record<string, unknown>[])[Number(child[1])] ?? {})
          : q.input;
      const key = columns ? sheetColumn(local, source) : null;
      errors.add(row, local, detail, key ? HEADERS[key][lang === 'zh' ? 1 : 0] : columns ? local : '');
    };
    const bad = new Set<string>();
    for (const p of q.problems) {
      report(p.field, p.detail);
      bad.add(fieldKey(p.field));
    }
    const parsed = zQuestionInput.safeParse(q.input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const detail = issueDetail(issue);
        const path = issue.path.map(String).join('.');
        if (bad.has(fieldKey(path))) continue;
        report(path, detail);
      }
      continue;
    }
    if (q.problems.length) continue;
    try {
      await questionResource.def.hooks?.validate?.(parsed.data, ctx, 'create', null);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      report(err.detail.field ?? '', err.detail);
      continue;
    }
    const stem = plainStem(parsed.data.stem);
    if (known.has(stem)) duplicates.push({ row: q.row, stem: stem.slice(0, 80) });
    known.add(stem);
    valid.push({ row: q.row, input: parsed.data });
  }
  return { valid, duplicates };
}

// Checks every question and writes all of them in order only when none fails.
export async function importQuestions(
  ctx: RequestContext,
  inputs: QuestionRow[],
  dryRun: boolean,
  lang: Lang,
  columns: boolean,
): Promise<QuestionImportReport> {
  const errors = new ImportErrors(lang, () => '');
  const { valid, duplicates } = await checkQuestions(ctx, inputs, errors, lang, columns);
  const list = errors.sorted();
  const report = { dryRun, total: inputs.length, valid: valid.length, created: 0, errors: list, duplicates };
  if (dryRun || list.length) return report;
  await ctx.db.transaction((tx) =>
    insertQuestions(
      tx,
      ctx,
      valid.map((v) => v.input),
    ),
  );
  report.created = valid.length;
  return report;
}

// Reads the first sheet as a stream (the same bounded reader as every import): more than
// MAX_IMPORT_ROWS rows is refused as soon as the next row is read.
export async function readQuestionSheet(ctx: RequestContext, file: Buffer | Readable): Promise<QuestionRow[]> {
  let columns: Map<number, string> | null = null;
  const lines: SheetLine[] = [];
  for await (const { number, cells: values } of readSheetRows(file, MAX_IMPORT_ROWS)) {
    if (!columns) {
      columns = new Map();
      if (number === 1) {
        for (const [col, value] of values) {
          const key = headerKey(HEADERS, text(value));
          if (key) columns.set(col, key);
        }
        continue;
      }
    }
    const cells: Record<string, string> = {};
    for (const [col, key] of columns) cells[key] = text(values.get(col) ?? null);
    if (Object.values(cells).some((v) => v !== '')) lines.push({ row: number, cells });
  }
  return groupQuestionLines(lines, await tagLookup(ctx));
}

// One row of a sheet, its cells by the keys of QUESTION_HEADERS (other keys are ignored).
export interface SheetLine {
  row: number;
  cells: Record<string, string>;
}

// The questions of a sheet's rows: children join the compose row of their group; everything else
// stands alone. In the order of their first rows.
export function groupQuestionLines(lines: SheetLine[], tagIds: Map<string, number>): QuestionRow[] {
  const standalone: QuestionRow[] = [];
  const groups = new Map<string, { row: number; cells: Record<string, string>; children: SheetLine[] }>();
  for (const line of lines) {
    const g = line.cells.group;
    const isCompose = typeOf(line.cells.type ?? '') === QuestionType.Compose;
    if (g && isCompose) groups.set(g, { row: line.row, cells: line.cells, children: [] });
    else if (g && groups.has(g)) groups.get(g)!.children.push(line);
    else standalone.push({ row: line.row, ...rowToInput(line.cells, tagIds), childRows: [] });
  }
  const composed = [...groups.values()].map((group): QuestionRow => {
    const parent = rowToInput(group.cells, tagIds);
    const children = group.children.map((c) => rowToInput(c.cells, tagIds));
    const input = {
      ...parent.input,
      children: children.map((c) => c.input),
      score: parent.input.score || children.reduce((s, c) => s + Number(c.input.score), 0),
    };
    const problems = [
      ...parent.problems,
      ...children.flatMap((c, i) => c.problems.map((p) => ({ ...p, field: `children.${i}.${p.field}` }))),
    ];
    return { row: group.row, input, problems, childRows: group.children.map((c) => c.row) };
  });
  return [...standalone, ...composed].sort((a, b) => a.row - b.row);
}

// Aiken: a question line, option lines "A. text", then "ANSWER: B" (several letters for multiple choice).
export function parseAiken(source: string, score: number): QuestionRow[] {
  const out: QuestionRow[] = [];
  const blocks = source.replace(/\r\n?/g, '\n').split(/\n\s*\n/);
  let line = 1;
  for (const block of blocks) {
    const lines = block.split('\n');
    const start = line;
    line += lines.length + 1;
    const trimmed = lines.map((l) => l.trim()).filter(Boolean);
    if (!trimmed.length) continue;
    const answerLine = trimmed.find((l) => /^ANSWER\s*[:：]/i.test(l));
    const options: { label: string; content: string }[] = [];
    const stem: string[] = [];
    for (const l of trimmed) {
      const m = /^([A-J])\s*[.)、．]\s*(.+)$/.exec(l);
      if (m) options.push({ label: m[1], content: m[2] });
      else if (l !== answerLine && !options.length) stem.push(l);
    }
    const letters =
      answerLine
        ?.replace(/^ANSWER\s*[:：]/i, '')
        .toUpperCase()
        .match(/[A-J]/g) ?? [];
    out.push({
      row: start,
      input: {
        type: letters.length > 1 ? QuestionType.MultipleChoice : QuestionType.SingleChoice,
        stem: stem.join('<br>'),
        options,
        ...(answerLine ? { answer: letters.length > 1 ? letters : (letters[0] ?? '') } : {}),
        score,
      },
      problems: answerLine ? [] : [{ field: 'answer', detail: { key: 'aikenNoAnswer' } }],
      childRows: [],
    });
  }
  return out;
}

export async function questionTemplate(lang: Lang): Promise<Buffer> {
  return writeQuestions([], lang, true);
}

export async function writeQuestions(rows: Record<string, unknown>[], lang: Lang, example = false): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(lang === 'zh' ? '题目' : 'Questions');
  ws.columns = KEYS.map((k) => ({ header: HEADERS[k][lang === 'zh' ? 1 : 0], key: k, width: k === 'stem' ? 50 : 16 }));
  ws.getRow(1).font = { bold: true };
  const typeName = (t: number) => questionTypeLabels[t as QuestionType][lang];
  if (example) {
    ws.addRow({
      type: typeName(1),
      stem: 'Which number is prime?',
      optionA: '4',
      optionB: '6',
      optionC: '7',
      optionD: '9',
      answer: 'C',
      score: 2,
      difficulty: 2,
    });
    ws.addRow({ type: typeName(4), stem: `The capital of France is ${BLANK_MARKER}.`, answer: 'Paris', score: 2 });
    ws.addRow({ group: 'G1', type: typeName(6), stem: 'Read the passage ...', score: 3 });
    ws.addRow({ group: 'G1', type: typeName(3), stem: 'The author agrees.', answer: 'False', score: 1 });
    ws.addRow({
      group: 'G1',
      type: typeName(1),
      stem: 'The main idea is ...',
      optionA: 'x',
      optionB: 'y',
      answer: 'A',
      score: 2,
    });
  }
  let group = 0;
  const add = (q: Record<string, unknown>, g: string) => ws.addRow({ group: g, ...questionCells(q, lang) });
  for (const q of rows) {
    if (q.type === QuestionType.Compose) {
      const g = `G${++group}`;
      add(q, g);
      for (const c of (q.children as Record<string, unknown>[]) ?? []) add(c, g);
    } else add(q, '');
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

// One question's cells by the keys of QUESTION_HEADERS (Group left to the caller), as the import
// reads them back.
export function questionCells(q: Record<string, unknown>, lang: Lang): Record<string, unknown> {
  const opts = (q.options as { label: string; content: string }[] | undefined) ?? [];
  const a = q.answer as unknown;
  let answer = '';
  let keywords = '';
  let blankScores = '';
  if (typeof a === 'string') answer = a;
  else if (Array.isArray(a)) answer = a.join(',');
  else if (typeof a === 'boolean') answer = a ? 'True' : 'False';
  else if (a && typeof a === 'object' && 'blanks' in a) {
    const blanks = (a as { blanks: { answers: string[]; score: number }[] }).blanks;
    answer = blanks.map((b) => b.answers.join('/')).join('|');
    blankScores = blanks.map((b) => b.score).join(',');
  } else if (a && typeof a === 'object' && 'reference' in a) {
    const s = a as { reference: string; keywords: { word: string; points: number }[] };
    answer = s.reference;
    keywords = s.keywords.map((k) => `${k.word}:${k.points}`).join(', ');
  }
  return {
    type: questionTypeLabels[q.type as QuestionType][lang],
    stem: q.stem,
    ...Object.fromEntries(opts.map((o) => [`option${o.label}`, o.content])),
    answer,
    keywords,
    blankScores,
    score: q.score,
    difficulty: q.difficulty,
    analysis: q.analysis,
  };
}
