import { BLANK_MARKER, type Lang, QuestionType, questionTypeLabels } from '@lyceum/contract';
import ExcelJS from 'exceljs';
import { QUESTION_HEADERS } from './question-sheet';

// Questions written to a spreadsheet (the export, the import template) in the columns the import
// reads (question-sheet.ts).
const HEADERS = QUESTION_HEADERS;
const KEYS = Object.keys(HEADERS);

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
