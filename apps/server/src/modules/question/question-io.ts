import {
  type ErrorDetail,
  type ImportRowError,
  issueDetail,
  type Lang,
  type QuestionInput,
  QuestionType,
  zQuestionInput,
} from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { ImportErrors } from '../../platform/import-errors';
import { refreshStatistics } from '../../platform/sql-rows';
import { giveWay } from '../../platform/xlsx-reader';
import { insertQuestions, questionResource } from './question.resource';
import { questions } from './question.table';
import { QUESTION_HEADERS, type QuestionRow } from './question-sheet';

// Importing questions: every row checked (cells, schema, the bank's rules) before any is written.
// Reading a sheet is question-sheet.ts, writing one question-sheet-write.ts; their importers find
// them here too.
export {
  groupQuestionLines,
  headerKey,
  QUESTION_HEADERS,
  type QuestionRow,
  readQuestionSheet,
  type SheetLine,
  tagLookup,
  text,
} from './question-sheet';
export { questionCells, questionTemplate, writeQuestions } from './question-sheet-write';

const HEADERS = QUESTION_HEADERS;

export interface QuestionImportReport {
  dryRun: boolean;
  total: number;
  valid: number;
  created: number;
  errors: ImportRowError[];
  duplicates: { row: number; stem: string }[];
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
  await refreshStatistics(ctx.db, valid.length, questions);
  return report;
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
