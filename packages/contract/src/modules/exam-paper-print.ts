import { z } from 'zod';
import { PaperBuildMode } from '../enums/paper-build-mode';
import { QuestionType } from '../enums/question-type';
import type { Lang } from '../labels';
import type { PaperContent, PaperQuestion } from './exam-paper';

// A paper as it is printed and exported to Word: the same model, numbers and texts on both sides,
// so the browser's print view and the .docx say the same thing.

export const zPaperWordRequest = z.object({
  // With the answer key and the analysis after every question (a teacher's copy).
  withKey: z.boolean().default(false),
});
export const zPaperWordQuery = z.object({ lang: z.enum(['en', 'zh']).optional() });

const en = {
  // After a label: "Name: ", "姓名：".
  colon: ': ',
  name: 'Name',
  className: 'Class',
  studentNumber: 'Student No.',
  score: 'Score',
  duration: 'Time allowed: {{minutes}} minutes',
  total: 'Total: {{score}} points',
  keyEdition: 'Answer key and analysis',
  sectionSummary_one: '({{count}} question, {{score}} points)',
  sectionSummary_other: '({{count}} questions, {{score}} points)',
  points_one: '({{score}} point)',
  points_other: '({{score}} points)',
  answer: 'Answer',
  analysis: 'Analysis',
  reference: 'Reference answer',
  keywords: 'Scoring points',
  blank: 'Blank {{n}}',
  trueLabel: 'True',
  falseLabel: 'False',
  drawn_one: 'Question {{from}}: drawn for each student ({{type}}, {{score}} pt)',
  drawn_other: 'Questions {{from}}–{{to}}: drawn for each student ({{count}} × {{type}}, {{score}} pt each)',
  missing: 'This question is no longer in the bank.',
};
const zh: typeof en = {
  colon: '：',
  name: '姓名',
  className: '班级',
  studentNumber: '学号',
  score: '得分',
  duration: '考试时间：{{minutes}} 分钟',
  total: '满分：{{score}} 分',
  keyEdition: '参考答案与解析',
  sectionSummary_one: '（共 {{count}} 题，{{score}} 分）',
  sectionSummary_other: '（共 {{count}} 题，{{score}} 分）',
  points_one: '（{{score}} 分）',
  points_other: '（{{score}} 分）',
  answer: '答案',
  analysis: '解析',
  reference: '参考答案',
  keywords: '得分点',
  blank: '第 {{n}} 空',
  trueLabel: '正确',
  falseLabel: '错误',
  drawn_one: '第 {{from}} 题：每位学生随机抽取（{{type}}，{{score}} 分）',
  drawn_other: '第 {{from}}–{{to}} 题：每位学生随机抽取（{{count}} 道{{type}}，每题 {{score}} 分）',
  missing: '该题已不在题库中。',
};
export const paperPrintTexts = { en, zh };
export type PaperPrintKey = keyof typeof en;
type BaseKey<K> = K extends `${infer B}_one` ? B : K extends `${infer B}_other` ? B : K;

// The texts above outside i18next (the server's Word export): `{{x}}` filled in, `_one` for a count of 1.
export function printText(
  lang: Lang,
  key: BaseKey<PaperPrintKey>,
  params: Record<string, string | number> = {},
): string {
  const texts: Record<string, string> = paperPrintTexts[lang];
  const plural = params.count === undefined ? null : lang === 'en' && params.count === 1 ? 'one' : 'other';
  const template = texts[plural ? `${key}_${plural}` : key] ?? texts[key] ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

export interface PrintItem {
  itemId: number;
  // Numbers run through the whole paper: section 2 continues where section 1 stopped.
  number: number;
  score: number;
  // Null when the frozen version cannot be found (never for a paper saved through the API).
  question: PaperQuestion | null;
}
// A per-student paper's rule: its questions are drawn at exam start, so the print names them only.
export interface PrintDrawn {
  from: number;
  to: number;
  questionType: QuestionType;
  count: number;
  score: number;
}
export interface PrintSection {
  id: number;
  title: string;
  instructions: string | null;
  count: number;
  score: number;
  items: PrintItem[];
  drawn: PrintDrawn[];
}
export interface PrintPaper {
  id: number;
  name: string;
  durationMinutes: number | null;
  totalScore: number;
  sections: PrintSection[];
}

const round = (n: number) => Math.round(n * 100) / 100;

export function printModel(content: PaperContent): PrintPaper {
  const { paper } = content;
  const byVersion = new Map(content.questions.map((q) => [`${q.questionId}:${q.version}`, q]));
  const perStudent = paper.buildMode === PaperBuildMode.PerStudent;
  let n = 0;
  const sections = (paper.sections ?? []).map((s): PrintSection => {
    const items = s.items.map((i) => ({
      itemId: i.id,
      number: ++n,
      score: i.score,
      question: byVersion.get(`${i.questionId}:${i.questionVersion}`) ?? null,
    }));
    const drawn: PrintDrawn[] = [];
    for (const r of perStudent ? s.rules : []) {
      drawn.push({ from: n + 1, to: n + r.count, questionType: r.questionType, count: r.count, score: r.score });
      n += r.count;
    }
    return {
      id: s.id,
      title: s.title,
      instructions: s.instructions,
      count: items.length + drawn.reduce((c, d) => c + d.count, 0),
      score: round(items.reduce((t, i) => t + i.score, 0) + drawn.reduce((t, d) => t + d.count * d.score, 0)),
      items,
      drawn,
    };
  });
  return {
    id: paper.id,
    name: paper.name,
    durationMinutes: paper.durationMinutes,
    totalScore: paper.totalScore,
    sections,
  };
}

// The answer key of a question, one shape per kind, read from the stored answer.
export type PrintKey =
  | { kind: 'labels'; labels: string[] }
  | { kind: 'trueFalse'; value: boolean }
  | { kind: 'blanks'; blanks: string[][] }
  | { kind: 'reference'; html: string; keywords: { word: string; points: number }[] }
  | { kind: 'none' };

const zBlanks = z.object({ blanks: z.array(z.object({ answers: z.array(z.string()) })) });
const zReference = z.object({
  reference: z.string().default(''),
  keywords: z.array(z.object({ word: z.string(), points: z.number() })).default([]),
});

export function printKey(type: number, answer: unknown): PrintKey {
  switch (type) {
    case QuestionType.SingleChoice:
      return typeof answer === 'string' ? { kind: 'labels', labels: [answer] } : { kind: 'none' };
    case QuestionType.MultipleChoice:
      return Array.isArray(answer) ? { kind: 'labels', labels: answer.map(String) } : { kind: 'none' };
    case QuestionType.TrueFalse:
      return typeof answer === 'boolean' ? { kind: 'trueFalse', value: answer } : { kind: 'none' };
    case QuestionType.GapFilling: {
      const parsed = zBlanks.safeParse(answer);
      return parsed.success ? { kind: 'blanks', blanks: parsed.data.blanks.map((b) => b.answers) } : { kind: 'none' };
    }
    case QuestionType.ShortAnswer: {
      const parsed = zReference.safeParse(answer);
      return parsed.success
        ? { kind: 'reference', html: parsed.data.reference, keywords: parsed.data.keywords }
        : { kind: 'none' };
    }
    default:
      return { kind: 'none' };
  }
}

// Choice and true-or-false questions get a bracket to write the answer in, as printed papers do.
export const answerBracketTypes: readonly number[] = [
  QuestionType.SingleChoice,
  QuestionType.MultipleChoice,
  QuestionType.TrueFalse,
];
