import {
  type ErrorDetail,
  type ExamPaper,
  examPaperMeta,
  issueDetail,
  type Lang,
  PAPER_SHEET_FIELDS,
  PaperBuildMode,
  type PaperImportReport,
  type PaperSheetField,
  type PaperType,
  type QuestionInput,
  zExamPaperCreate,
} from '@lyceum/contract';
import { inArray } from 'drizzle-orm';
import { hasAny, type RequestContext } from '../../platform/context';
import { fromCell } from '../../platform/excel';
import { ImportErrors } from '../../platform/import-errors';
import { inOrg } from '../../platform/tenant-sql';
import { insertQuestions } from '../question/question.resource';
import { questions } from '../question/question.table';
import { checkQuestions, groupQuestionLines, tagLookup } from '../question/question-io';
import { examPaperResource } from './exam-paper.resource';
import { header, type PaperSheet, QUESTION_KEYS, TABLE_HEADERS } from './paper-sheet';

// A whole paper from one sheet: every row checked before anything is written (the details, each
// section and question row, each new question with the question import's own checks, the paper as
// the paper form would check it), then the new questions and the paper in one transaction.

interface PlannedItem {
  row: number;
  questionId: number | null;
  // A new question written on this row (its index among the new questions once checked).
  isNew: boolean;
  score: number | null;
}
interface PlannedSection {
  row: number;
  title: string;
  instructions: string | null;
  items: PlannedItem[];
}

export interface PaperImportPlan {
  report: PaperImportReport;
  // The paper's input as checked, with each item's question still to be named (`sources`).
  paper: Record<string, unknown>;
  newQuestions: QuestionInput[];
  // Per section, per item: a bank question's id, or the index of a new question.
  sources: ({ id: number } | { newIndex: number })[][];
}

const DETAIL_FIELDS = Object.keys(PAPER_SHEET_FIELDS) as PaperSheetField[];

// What every step of a check shares: the problems found so far, where each detail sits, and the
// paper's input as it is being built.
interface Check {
  ctx: RequestContext;
  lang: Lang;
  errors: ImportErrors;
  col: (key: string) => string;
  paper: Record<string, unknown>;
  detailRow: Map<string, number>;
  refused: Set<string>;
}

export async function checkPaperSheet(
  ctx: RequestContext,
  sheet: PaperSheet,
  lang: Lang,
  defaultType: PaperType,
): Promise<PaperImportPlan> {
  const c: Check = {
    ctx,
    lang,
    errors: new ImportErrors(lang, () => ''),
    col: (key) => header(TABLE_HEADERS, key, lang),
    paper: { paperType: defaultType, buildMode: PaperBuildMode.Manual },
    detailRow: new Map(),
    refused: new Set(),
  };
  await readDetails(c, sheet);
  if (sheet.tableRow === null) {
    const params = { header: c.col('section'), headerZh: header(TABLE_HEADERS, 'section', 'zh') };
    c.errors.add(Math.max(1, sheet.lastRow), '', { key: 'paperSheetNoTable', params }, '');
    const counts = { rows: sheet.details.length, sections: 0, questions: 0, newQuestions: 0 };
    return { report: report(c.errors, counts, []), paper: c.paper, newQuestions: [], sources: [] };
  }
  const { sections, newLines } = readTable(c, sheet.lines, sheet.tableRow);

  // New questions, with the question import's own reading and checks; a compose question's
  // children are rows of the sheet but not items of the paper.
  const grouped = groupQuestionLines(newLines, await tagLookup(ctx));
  if (grouped.length && !hasAny(ctx, ['question:import'])) {
    for (const q of grouped) c.errors.add(q.row, '', { key: 'newQuestionsNeedImport' }, c.col('stem'));
  }
  const { valid, duplicates } = await checkQuestions(ctx, grouped, c.errors, lang, true);
  const childRows = new Set(grouped.flatMap((q) => q.childRows));
  for (const s of sections) s.items = s.items.filter((i) => !childRows.has(i.row));

  const sources = await placeItems(c, sections, valid);
  checkPaper(c, sections, sheet.tableRow);
  const counts = {
    rows: sheet.details.length + sheet.lines.length,
    sections: sections.length,
    questions: sections.reduce((n, s) => n + s.items.length, 0),
    newQuestions: grouped.length,
  };
  return {
    report: report(c.errors, counts, duplicates),
    paper: c.paper,
    newQuestions: valid.map((v) => v.input),
    sources,
  };
}

// The details, each cell read as the paper form's field (labels, enums by label, references by name).
async function readDetails(c: Check, sheet: PaperSheet) {
  const lookups = await examPaperResource.lookups(c.ctx);
  for (const d of sheet.details) {
    if (!d.field) {
      if (d.label) c.errors.add(d.row, '', notOneOf(d.label), d.label);
      continue;
    }
    c.detailRow.set(d.field, d.row);
    const meta = examPaperMeta.fields.find((f) => f.key === d.field);
    if (!meta) continue;
    const cell = fromCell(meta, d.value, lookups);
    if ('error' in cell) {
      c.errors.add(d.row, d.field, cell.error, header(PAPER_SHEET_FIELDS, d.field, c.lang));
      c.refused.add(d.field);
    } else if (cell.value !== undefined) c.paper[d.field] = cell.value;
  }
}

// The table: section rows, then the rows of their questions (a bank question by id, or a new one).
function readTable(c: Check, lines: PaperSheet['lines'], tableRow: number) {
  const sections: PlannedSection[] = [];
  const newLines: PaperSheet['lines'] = [];
  const problem = (row: number, field: string, detail: ErrorDetail, key: string) =>
    c.errors.add(row, field, detail, c.col(key));
  for (const { row, cells } of lines) {
    const question = QUESTION_KEYS.some((k) => cells[k]);
    if (cells.section || cells.instructions) {
      if (question || cells.questionId || cells.itemScore)
        problem(row, '', { key: 'sectionRowHoldsQuestion' }, 'section');
      sections.push({ row, title: cells.section, instructions: cells.instructions || null, items: [] });
      continue;
    }
    const item: PlannedItem = { row, questionId: null, isNew: false, score: null };
    if (cells.itemScore) {
      const n = Number(cells.itemScore);
      if (Number.isFinite(n)) item.score = n;
      else problem(row, 'score', { key: 'cellNotNumber', params: { value: cells.itemScore } }, 'itemScore');
    }
    const id = Number(cells.questionId);
    if (cells.questionId && question) problem(row, 'questionId', { key: 'questionIdOrNew' }, 'questionId');
    else if (cells.questionId && Number.isSafeInteger(id) && id > 0) item.questionId = id;
    else if (cells.questionId) {
      problem(row, 'questionId', { key: 'invalidFormat', params: { format: 'positiveId' } }, 'questionId');
    } else if (question) {
      item.isNew = true;
      newLines.push({ row, cells });
    } else problem(row, 'questionId', { key: 'noQuestionOnRow' }, 'questionId');
    const current = sections.at(-1);
    if (current) current.items.push(item);
    else problem(row, '', { key: 'questionBeforeSection' }, 'section');
  }
  if (!lines.some((l) => !(l.cells.section || l.cells.instructions))) {
    problem(tableRow, '', { key: 'sheetHasNoQuestion' }, 'questionId');
  }
  return { sections, newLines };
}

// Each item's question: a bank question (this organisation's, with its own score) or a new one.
// The paper's sections get stand-in ids until the questions are written.
async function placeItems(
  c: Check,
  sections: PlannedSection[],
  valid: { row: number; input: QuestionInput }[],
): Promise<PaperImportPlan['sources']> {
  const newIndex = new Map(valid.map((v, i) => [v.row, i]));
  const ids = [...new Set(sections.flatMap((s) => s.items.map((i) => i.questionId)).filter((id) => id !== null))];
  const found = ids.length
    ? await c.ctx.db
        .select({ id: questions.id, score: questions.score })
        .from(questions)
        .where(inOrg(questions, c.ctx.orgId, [inArray(questions.id, ids)]))
    : [];
  const bankScore = new Map(found.map((q) => [q.id, q.score]));
  const sources: PaperImportPlan['sources'] = [];
  c.paper.sections = sections.map((s) => {
    const itemSources: PaperImportPlan['sources'][number] = [];
    const items = s.items.map((i) => {
      let own: number | undefined;
      if (i.questionId !== null) {
        own = bankScore.get(i.questionId);
        if (own === undefined) {
          const params = { entity: 'question', ids: String(i.questionId) };
          c.errors.add(i.row, 'questionId', { key: 'noSuchReference', params }, c.col('questionId'));
        }
        itemSources.push({ id: i.questionId });
      } else {
        const index = newIndex.get(i.row);
        own = index === undefined ? undefined : valid[index].input.score;
        itemSources.push({ newIndex: index ?? -1 });
      }
      // An item's score defaults to its question's.
      return { questionId: i.questionId ?? 1, score: i.score ?? own ?? 1 };
    });
    sources.push(itemSources);
    return { title: s.title, instructions: s.instructions, items };
  });
  return sources;
}

// The paper as the paper form checks it, each issue on the row it comes from; then the pass score
// against the total, which saving refuses too (afterPaperSave).
function checkPaper(c: Check, sections: PlannedSection[], tableRow: number) {
  const parsed = zExamPaperCreate.safeParse(c.paper);
  if (parsed.success) {
    const sum = Math.round(parsed.data.sections.flatMap((s) => s.items).reduce((acc, i) => acc + i.score, 0) * 100);
    const passScore = parsed.data.passScore;
    if (typeof passScore === 'number' && passScore * 100 > sum) {
      const detail = { key: 'aboveTotalScore', params: { total: sum / 100 } } as const;
      c.errors.add(
        c.detailRow.get('passScore') ?? 1,
        'passScore',
        detail,
        header(PAPER_SHEET_FIELDS, 'passScore', c.lang),
      );
    }
    return;
  }
  for (const issue of parsed.error.issues) {
    const [head, si, part, ii, leaf] = issue.path.map(String);
    const detail = issueDetail(issue);
    if (head !== 'sections') {
      if (c.refused.has(head)) continue;
      const label = DETAIL_FIELDS.includes(head as PaperSheetField) ? header(PAPER_SHEET_FIELDS, head, c.lang) : head;
      c.errors.add(c.detailRow.get(head) ?? 1, head, detail, label);
      continue;
    }
    const section = sections[Number(si)] ?? sections.at(-1);
    if (part === 'items' && ii !== undefined) {
      const item = section?.items[Number(ii)];
      const field = leaf === 'score' ? 'score' : 'questionId';
      c.errors.add(item?.row ?? section?.row ?? tableRow, field, detail, c.col('itemScore'));
    } else {
      const key = part === 'instructions' ? 'instructions' : 'section';
      c.errors.add(section?.row ?? tableRow, part ?? 'sections', detail, c.col(key));
    }
  }
}

// `total` and `valid` count the rows of the sheet that were read (details and table), the rest what
// the paper would hold.
function report(
  errors: ImportErrors,
  counts: { rows: number; sections: number; questions: number; newQuestions: number },
  duplicates: { row: number; stem: string }[],
): PaperImportReport {
  const list = errors.sorted();
  const { rows, ...rest } = counts;
  return {
    dryRun: true,
    total: rows,
    valid: rows - errors.rows().size,
    created: 0,
    errors: list,
    duplicates,
    ...rest,
    paperId: null,
    paperType: null,
  };
}

// A label in the details block that names no field of the paper.
function notOneOf(value: string): ErrorDetail {
  return {
    key: 'cellNotOneOf',
    params: {
      value,
      values: DETAIL_FIELDS.map((f) => PAPER_SHEET_FIELDS[f][0]).join(', '),
      valuesZh: DETAIL_FIELDS.map((f) => PAPER_SHEET_FIELDS[f][1]).join('、'),
    },
  };
}

// Writes the new questions and the paper (unpublished, the caller's) in one transaction: the paper
// goes through the resource engine's own create, so it is saved exactly as the builder saves it.
export async function writePaper(ctx: RequestContext, plan: PaperImportPlan): Promise<ExamPaper> {
  return ctx.db.transaction(async (tx) => {
    const ids = plan.newQuestions.length ? await insertQuestions(tx, ctx, plan.newQuestions) : [];
    const sections = (plan.paper.sections as { items: { score: number }[] }[]).map((s, si) => ({
      ...s,
      items: s.items.map((item, ii) => {
        const source = plan.sources[si][ii];
        return { ...item, questionId: 'id' in source ? source.id : ids[source.newIndex] };
      }),
    }));
    const input = zExamPaperCreate.parse({ ...plan.paper, sections });
    return (await examPaperResource.create({ ...ctx, db: tx }, input)) as ExamPaper;
  });
}
