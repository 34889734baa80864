import { z } from 'zod';
import { endpoint } from '../endpoint';
import { PaperType, paperTypeLabels } from '../enums/paper-type';
import { zEnum, zId, zIdParam } from '../fields';
import { examPaperMeta, zExamPaper } from './exam-paper';
import { zImportReport } from './file';

// Whole papers in one spreadsheet: the paper's details as label/value rows on top, then a table of
// section rows and question rows (a question of the bank by its ID, or a new one written in the
// question import's own columns).

// The details block: the label in column A (either language), the value in column B. The labels are
// the paper form's own.
export type PaperSheetField =
  | 'name'
  | 'paperType'
  | 'subjectId'
  | 'degreeId'
  | 'categoryId'
  | 'durationMinutes'
  | 'passScore';
const formLabel = (key: PaperSheetField): readonly [string, string] => {
  const label = examPaperMeta.fields.find((f) => f.key === key)?.label ?? { en: key, zh: key };
  return [label.en, label.zh];
};
export const PAPER_SHEET_FIELDS: Record<PaperSheetField, readonly [string, string]> = {
  name: formLabel('name'),
  paperType: formLabel('paperType'),
  subjectId: formLabel('subjectId'),
  degreeId: formLabel('degreeId'),
  categoryId: formLabel('categoryId'),
  durationMinutes: formLabel('durationMinutes'),
  passScore: formLabel('passScore'),
};

// The table's own columns, before the question import's columns (Group, Type, Stem, ...). The
// table starts at the row whose first cell is the Section header.
export const PAPER_SHEET_COLUMNS = {
  section: ['Section', '大题'],
  instructions: ['Instructions', '答题说明'],
  questionId: ['Question ID', '题目编号'],
  itemScore: ['Item score', '本题分值'],
} as const satisfies Record<string, readonly [string, string]>;

// What a whole-paper import answers: the usual report (every problem of every row; `total` and
// `valid` count the rows read, details and table), what the paper holds, and once written the paper.
export const zPaperImportReport = zImportReport.extend({
  sections: z.number().int(),
  // Items of the paper (a compose question counts once).
  questions: z.number().int(),
  // New questions the file adds to the bank (a compose question with its children counts once).
  newQuestions: z.number().int(),
  paperId: zId.nullable(),
  paperType: zEnum(paperTypeLabels).nullable(),
});
export type PaperImportReport = z.infer<typeof zPaperImportReport>;

export const zPaperImportQuery = z.object({
  lang: z.enum(['en', 'zh']).optional(),
  dryRun: z.enum(['true', 'false', '1', '0']).default('true'),
  // The list the file is imported from; the sheet's own Paper type wins when it has one.
  paperType: z.enum([String(PaperType.Exam), String(PaperType.Homework)]).optional(),
});

const tags = ['examPaper'];

export const examPaperCopyEndpoints = {
  // The body is the .xlsx file itself.
  importPaper: endpoint({
    method: 'POST',
    path: '/api/examPaper/import',
    summary: 'Import a whole paper from an Excel file (the .xlsx as the body)',
    description:
      'The details (name, paper type, subject, degree, category, duration, pass score) as label/value rows, then ' +
      'a table of section rows and question rows: a bank question by its ID, or a new question in the question ' +
      'import’s columns (added to the bank; needs question:import). dryRun=true (default) checks every row and ' +
      'lists every problem with its row and column, in the language asked for; dryRun=false writes the new ' +
      'questions and the paper (unpublished, the caller’s) in one transaction, only when no row has a problem.',
    tags,
    access: ['examPaper:create'],
    mutates: true,
    query: zPaperImportQuery,
    response: zPaperImportReport,
  }),
  copy: endpoint({
    method: 'POST',
    path: '/api/examPaper/copy/:id',
    summary: 'Copy a paper: a new unpublished paper of the caller with the same sections, items and rules',
    description:
      'Any paper the caller reads, whatever its status (a published paper is frozen: copying it is how it changes). ' +
      'The items keep the question versions they froze; the copy is named "<name> (copy)" (?lang=zh: "<name>（副本）").',
    tags,
    access: ['examPaper:create'],
    mutates: true,
    params: zIdParam,
    query: z.object({ lang: z.enum(['en', 'zh']).optional() }),
    response: zExamPaper,
  }),
};
