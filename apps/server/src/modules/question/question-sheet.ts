import type { Readable } from 'node:stream';
import { difficultyLabels, type ErrorDetail, OPTION_LABELS, QuestionType, questionTypeLabels } from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { MAX_IMPORT_ROWS } from '../../platform/resource-io';
import { type CellValue, readSheetRows } from '../../platform/xlsx-reader';
import { tags } from '../catalogue/catalogue.table';

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

export async function tagLookup(ctx: RequestContext): Promise<Map<string, number>> {
  const rows = await ctx.db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(eq(tags.organizationId, ctx.orgId));
  return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
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
