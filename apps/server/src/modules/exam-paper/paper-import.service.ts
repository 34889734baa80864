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
import { and, eq, inArray } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { hasAny } from '../../platform/context';
import { fromCell } from '../../platform/excel';
import { ImportErrors } from '../../platform/import-errors';
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

export async function checkPaperSheet(
  ctx: RequestContext,
  sheet: PaperSheet,
  lang: Lang,
  defaultType: PaperType,
): Promise<PaperImportPlan> {
  const errors = new ImportErrors(lang, () => '');
  const col = (key: string) => header(TABLE_HEADERS, key, lang);
  const paper: Record<string, unknown> = { paperType: defaultType, buildMode: PaperBuildMode.Manual };
  const detailRow = new Map<string, number>();
  const refused = new Set<string>();

  // The details, each cell read as the paper form's field (labels, enums by label, references by name).
  const lookups = await examPaperResource.lookups(ctx);
  for (const d of sheet.details) {
    if (!d.field) {
      if (d.label) errors.add(d.row, '', notOneOf(d.label), d.label);
      continue;
    }
    detailRow.set(d.field, d.row);
    const meta = examPaperMeta.fields.find((f) => f.key === d.field);
    if (!meta) continue;
    const cell = fromCell(meta, d.value, lookups);
    if ('error' in cell) {
      errors.add(d.row, d.field, cell.error, header(PAPER_SHEET_FIELDS, d.field, lang));
      refused.add(d.field);
    } else if (cell.value !== undefined) paper[d.field] = cell.value;
  }

  if (sheet.tableRow === null) {
    const params = { header: col('section'), headerZh: header(TABLE_HEADERS, 'section', 'zh') };
    errors.add(Math.max(1, sheet.lastRow), '', { key: 'paperSheetNoTable', params }, '');
    const rows = sheet.details.length;
    return {
      report: report(errors, { rows, sections: 0, questions: 0, newQuestions: 0 }, []),
      paper,
      newQuestions: [],
      sources: [],
    };
  }

  // The table: section rows, then the rows of their questions.
  const sections: PlannedSection[] = [];
  const newLines: PaperSheet['lines'] = [];
  for (const line of sheet.lines) {
    const c = line.cells;
    const question = QUESTION_KEYS.some((k) => c[k]);
    if (c.section || c.instructions) {
      if (question || c.questionId || c.itemScore) {
        errors.add(line.row, '', { key: 'sectionRowHoldsQuestion' }, col('section'));
      }
      sections.push({ row: line.row, title: c.section, instructions: c.instructions || null, items: [] });
      continue;
    }
    const item: PlannedItem = { row: line.row, questionId: null, isNew: false, score: null };
    if (c.itemScore) {
      const n = Number(c.itemScore);
      if (Number.isFinite(n)) item.score = n;
      else errors.add(line.row, 'score', { key: 'cellNotNumber', params: { value: c.itemScore } }, col('itemScore'));
    }
    if (c.questionId && question) {
      errors.add(line.row, 'questionId', { key: 'questionIdOrNew' }, col('questionId'));
    } else if (c.questionId) {
      const n = Number(c.questionId);
      if (Number.isSafeInteger(n) && n > 0) item.questionId = n;
      else
        errors.add(
          line.row,
          'questionId',
          { key: 'invalidFormat', params: { format: 'positiveId' } },
          col('questionId'),
        );
    } else if (question) {
      item.isNew = true;
      newLines.push(line);
    } else {
      errors.add(line.row, 'questionId', { key: 'noQuestionOnRow' }, col('questionId'));
    }
    const current = sections.at(-1);
    if (current) current.items.push(item);
    else errors.add(line.row, '', { key: 'questionBeforeSection' }, col('section'));
  }

  if (!sheet.lines.some((l) => !(l.cells.section || l.cells.instructions))) {
    errors.add(sheet.tableRow, '', { key: 'sheetHasNoQuestion' }, col('questionId'));
  }

  // New questions, with the question import's own reading and checks; a compose question's
  // children are rows of the sheet but not items of the paper.
  const grouped = groupQuestionLines(newLines, await tagLookup(ctx));
  if (grouped.length && !hasAny(ctx, ['question:import'])) {
    for (const q of grouped) errors.add(q.row, '', { key: 'newQuestionsNeedImport' }, col('stem'));
  }
  const { valid, duplicates } = await checkQuestions(ctx, grouped, errors, lang, true);
  const childRows = new Set(grouped.flatMap((q) => q.childRows));
  for (const s of sections) s.items = s.items.filter((i) => !childRows.has(i.row));
  const newIndex = new Map(valid.map((v, i) => [v.row, i]));

  // Questions of the bank named by id: this organisation's, with their own scores.
  const ids = [...new Set(sections.flatMap((s) => s.items.map((i) => i.questionId)).filter((id) => id !== null))];
  const found = ids.length
    ? await ctx.db
        .select({ id: questions.id, score: questions.score })
        .from(questions)
        .where(and(eq(questions.organizationId, ctx.orgId), inArray(questions.id, ids)))
    : [];
  const bankScore = new Map(found.map((q) => [q.id, q.score]));

  const sources: PaperImportPlan['sources'] = [];
  paper.sections = sections.map((s) => {
    const itemSources: PaperImportPlan['sources'][number] = [];
    const items = s.items.map((i) => {
      let own: number | undefined;
      if (i.questionId !== null) {
        own = bankScore.get(i.questionId);
        if (own === undefined) {
          const params = { entity: 'question', ids: String(i.questionId) };
          errors.add(i.row, 'questionId', { key: 'noSuchReference', params }, col('questionId'));
        }
        itemSources.push({ id: i.questionId });
      } else {
        const index = newIndex.get(i.row);
        own = index === undefined ? undefined : valid[index].input.score;
        itemSources.push({ newIndex: index ?? -1 });
      }
      // Ids stand in until the questions are written; an item's score defaults to its question's.
      return { questionId: i.questionId ?? 1, score: i.score ?? own ?? 1 };
    });
    sources.push(itemSources);
    return { title: s.title, instructions: s.instructions, items };
  });

  // The paper as the paper form checks it: each issue on the row it comes from.
  const parsed = zExamPaperCreate.safeParse(paper);
  const items = sections.flatMap((s) => s.items);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [head, si, part, ii, leaf] = issue.path.map(String);
      const detail = issueDetail(issue);
      if (head !== 'sections') {
        if (refused.has(head)) continue;
        const label = DETAIL_FIELDS.includes(head as PaperSheetField) ? header(PAPER_SHEET_FIELDS, head, lang) : head;
        errors.add(detailRow.get(head) ?? 1, head, detail, label);
        continue;
      }
      const section = sections[Number(si)] ?? sections.at(-1);
      if (part === 'items' && ii !== undefined) {
        const item = section?.items[Number(ii)];
        errors.add(item?.row ?? section?.row ?? 1, leaf === 'score' ? 'score' : 'questionId', detail, col('itemScore'));
      } else {
        const key = part === 'instructions' ? 'instructions' : 'section';
        errors.add(section?.row ?? sheet.tableRow, part ?? 'sections', detail, col(key));
      }
    }
  } else {
    // Saving refuses a pass score above the total (afterPaperSave): said here, on its row.
    const sum = Math.round(parsed.data.sections.flatMap((s) => s.items).reduce((acc, i) => acc + i.score, 0) * 100);
    const passScore = parsed.data.passScore;
    if (typeof passScore === 'number' && passScore * 100 > sum) {
      errors.add(
        detailRow.get('passScore') ?? 1,
        'passScore',
        { key: 'aboveTotalScore', params: { total: sum / 100 } },
        header(PAPER_SHEET_FIELDS, 'passScore', lang),
      );
    }
  }

  const rows = sheet.details.length + sheet.lines.length;
  return {
    report: report(
      errors,
      { rows, sections: sections.length, questions: items.length, newQuestions: grouped.length },
      duplicates,
    ),
    paper,
    newQuestions: valid.map((v) => v.input),
    sources,
  };
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
