import type { Readable } from 'node:stream';
import {
  BLANK_MARKER,
  type Lang,
  PAPER_SHEET_COLUMNS,
  PAPER_SHEET_FIELDS,
  type PaperSheetField,
  PaperType,
  paperTypeLabels,
  QuestionType,
} from '@lyceum/contract';
import ExcelJS from 'exceljs';
import { MAX_IMPORT_ROWS } from '../../platform/resource-io';
import { type CellValue, readSheetRows } from '../../platform/xlsx-reader';
import { headerKey, QUESTION_HEADERS, questionCells, type SheetLine, text } from '../question/question-io';

// The layout of a whole paper in one sheet (the first one, read by the bounded import reader):
//   Paper name | Algebra mid-term        <- the details, a label (either language) and its value
//   Paper type | Exam paper
//   ...
//   Section | Instructions | Question ID | Item score | Group | Type | Stem | Option A ...   <- the table
//   Part I  | Choose one.  |             |            |       |      |      |
//           |              | 12          | 2          |       |      |      |               <- a bank question
//           |              |             | 3          |       | Single choice | Which ... <- a new question
// A compose question is a Compose row with a Group value followed by its children's rows carrying
// the same Group, exactly as in the question bank's import.

export const TABLE_HEADERS: Record<string, readonly [string, string]> = { ...PAPER_SHEET_COLUMNS, ...QUESTION_HEADERS };
const TABLE_KEYS = Object.keys(TABLE_HEADERS);
export const QUESTION_KEYS = Object.keys(QUESTION_HEADERS);

export const header = (headers: Record<string, readonly [string, string]>, key: string, lang: Lang) =>
  headers[key][lang === 'zh' ? 1 : 0];

// One row of the details block, as written.
export interface DetailLine {
  row: number;
  field: PaperSheetField | null;
  label: string;
  value: CellValue;
}

export interface PaperSheet {
  details: DetailLine[];
  // The row of the table's header; null when the sheet has none.
  tableRow: number | null;
  lastRow: number;
  lines: SheetLine[];
}

// Reads the sheet into its two parts; checking is left to the caller.
export async function readPaperSheet(file: Buffer | Readable): Promise<PaperSheet> {
  const sheet: PaperSheet = { details: [], tableRow: null, lastRow: 0, lines: [] };
  let columns: Map<number, string> | null = null;
  // The first row is read as data, not as a header: the details start there.
  for await (const { number, cells } of readSheetRows(file, MAX_IMPORT_ROWS + 1)) {
    sheet.lastRow = number;
    if (!columns) {
      const keys = [...cells].map(([col, v]) => [col, headerKey(TABLE_HEADERS, text(v))] as const);
      if (keys.some(([, k]) => k === 'section')) {
        columns = new Map(keys.filter((e): e is [number, string] => e[1] !== undefined));
        sheet.tableRow = number;
        continue;
      }
      const label = text(cells.get(1) ?? null);
      const field = (headerKey(PAPER_SHEET_FIELDS, label) as PaperSheetField | undefined) ?? null;
      sheet.details.push({ row: number, field, label, value: cells.get(2) ?? null });
      continue;
    }
    const line: Record<string, string> = {};
    for (const [col, key] of columns) line[key] = text(cells.get(col) ?? null);
    if (Object.values(line).some((v) => v !== '')) sheet.lines.push({ row: number, cells: line });
  }
  return sheet;
}

// What a sheet holds, ready to be written out (the template's example, or a paper exported).
export interface SheetPaper {
  details: Partial<Record<PaperSheetField, string | number | null>>;
  sections: {
    title: string;
    instructions: string | null;
    // A bank question by id, or a question's content (new in the template, the frozen version on export).
    items: { score: number; questionId?: number; question?: Record<string, unknown> }[];
  }[];
}

// Hints on the table's own headers (the question columns are the question import's).
const HEADER_NOTES: Record<string, [string, string]> = {
  section: [
    'A row with a section title starts a section; the questions below it belong to it.',
    '填写大题标题的行开始一个大题，其下各行的题目都属于该大题。',
  ],
  questionId: [
    'The ID of a question already in the bank; leave the question columns (Type, Stem, ...) empty on that row.',
    '题库中已有题目的编号；该行的题目列（题型、题干等）请留空。',
  ],
  itemScore: [
    "The question's score on this paper; empty: the question's own score.",
    '该题在本试卷中的分值；留空则使用题目自身的分值。',
  ],
};

export async function writePaperSheet(paper: SheetPaper, lang: Lang): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(lang === 'zh' ? '试卷' : 'Paper');
  const bold = { bold: true };
  for (const key of Object.keys(PAPER_SHEET_FIELDS) as PaperSheetField[]) {
    const row = ws.addRow([header(PAPER_SHEET_FIELDS, key, lang), paper.details[key] ?? null]);
    row.getCell(1).font = bold;
  }
  ws.addRow([]);
  const head = ws.addRow(TABLE_KEYS.map((k) => header(TABLE_HEADERS, k, lang)));
  head.font = bold;
  for (const [key, note] of Object.entries(HEADER_NOTES)) {
    head.getCell(TABLE_KEYS.indexOf(key) + 1).note = note[lang === 'zh' ? 1 : 0];
  }
  ws.columns.forEach((c, i) => {
    c.width = TABLE_KEYS[i] === 'stem' ? 50 : i === 0 ? 22 : 16;
  });
  const put = (values: Record<string, unknown>) => ws.addRow(TABLE_KEYS.map((k) => values[k] ?? null));
  let group = 0;
  for (const section of paper.sections) {
    put({ section: section.title, instructions: section.instructions });
    for (const item of section.items) {
      if (item.questionId !== undefined) {
        put({ questionId: item.questionId, itemScore: item.score });
        continue;
      }
      const q = item.question ?? {};
      const g = q.type === QuestionType.Compose ? `G${++group}` : '';
      put({ itemScore: item.score, group: g, ...questionCells(q, lang) });
      if (g)
        for (const c of (q.children as Record<string, unknown>[]) ?? []) put({ group: g, ...questionCells(c, lang) });
    }
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

// The template: every column, an example of each kind of row.
export function paperTemplate(lang: Lang, paperType: PaperType = PaperType.Exam): Promise<Buffer> {
  const zh = lang === 'zh';
  return writePaperSheet(
    {
      details: {
        name: zh ? '七年级数学期中试卷' : 'Year 7 mathematics mid-term',
        paperType: paperTypeLabels[paperType][lang],
        durationMinutes: paperType === PaperType.Exam ? 90 : null,
        passScore: 6,
      },
      sections: [
        {
          title: zh ? '一、选择题' : 'Part I: choice',
          instructions: zh ? '每题只有一个正确答案。' : 'Choose one answer for each question.',
          items: [
            {
              score: 2,
              question: {
                type: QuestionType.SingleChoice,
                stem: zh ? '下列哪个数是质数？' : 'Which number is prime?',
                options: ['4', '6', '7', '9'].map((content, i) => ({ label: 'ABCD'[i], content })),
                answer: 'C',
                score: 2,
                difficulty: 2,
              },
            },
          ],
        },
        {
          title: zh ? '二、填空与阅读' : 'Part II: gaps and reading',
          instructions: null,
          items: [
            {
              score: 2,
              question: {
                type: QuestionType.GapFilling,
                stem: zh ? `法国的首都是${BLANK_MARKER}。` : `The capital of France is ${BLANK_MARKER}.`,
                answer: { blanks: [{ answers: ['Paris', '巴黎'], score: 2 }] },
                score: 2,
              },
            },
            {
              score: 3,
              question: {
                type: QuestionType.Compose,
                stem: zh ? '阅读短文，回答问题……' : 'Read the passage ...',
                score: 3,
                children: [
                  {
                    type: QuestionType.TrueFalse,
                    stem: zh ? '作者同意。' : 'The author agrees.',
                    answer: false,
                    score: 1,
                  },
                  {
                    type: QuestionType.SingleChoice,
                    stem: zh ? '短文的主旨是……' : 'The main idea is ...',
                    options: [
                      { label: 'A', content: 'x' },
                      { label: 'B', content: 'y' },
                    ],
                    answer: 'A',
                    score: 2,
                  },
                ],
              },
            },
          ],
        },
      ],
    },
    lang,
  );
}
