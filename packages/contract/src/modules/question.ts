import { z } from 'zod';
import { difficultyLabels } from '../enums/difficulty';
import { JudgeType, judgeTypeLabels } from '../enums/judge-type';
import { PartialCredit, partialCreditLabels } from '../enums/partial-credit';
import { QuestionType, questionTypeLabels } from '../enums/question-type';
import { codedIssue } from '../errors';
import { zDateText, zDateTime, zEnum, zId } from '../fields';
import {
  OPTION_LABELS,
  zAcceptedAnswer,
  zAnswerUnit,
  zBlank,
  zGapRules,
  zHtml,
  zKeyword,
  zOption,
  zPoints,
  zScore,
} from './question-parts';

export * from './question-parts';

import { field, type ResourceMeta } from '../resource-meta';
import {
  type AnswerKey,
  anyOrderFillable,
  type GapBlank,
  type GapRules,
  parseNumber,
  type ScorableQuestion,
  type SimpleKey,
  type StudentAnswer,
} from '../scoring/scoring';

// A blank in a gap-filling stem. The editor inserts it; the preview draws an input in its place.
export const BLANK_MARKER = '{{blank}}';

export function countBlanks(stem: string): number {
  return stem.split(BLANK_MARKER).length - 1;
}

// The parts every question (and every child of a compose question) has.
const questionCore = {
  stem: zHtml(20_000).refine((s) => s.trim() !== '', codedIssue('required')),
  options: z.array(zOption).max(10).default([]),
  // 1: a label; 2: labels; 3: true/false; 4: blanks and rules; 5: reference and keywords.
  answer: z.union([
    z.string().max(1),
    z.array(z.string().max(1)).max(10),
    z.boolean(),
    z.object({ blanks: z.array(zBlank).min(1).max(30), rules: zGapRules }),
    z.object({
      reference: zHtml(20_000).default(''),
      keywords: z.array(zKeyword).max(30).default([]),
      // Keywords count only as whole words ("cat" is not found in "concatenate").
      wholeWord: z.boolean().default(false),
      // Whole-answer matching (wins over keywords when any is given).
      accepted: z.array(zAcceptedAnswer).max(30).default([]),
      caseSensitive: z.boolean().default(false),
      units: z.array(zAnswerUnit).max(10).default([]),
    }),
    z.null(),
  ]),
  partialCredit: zEnum(partialCreditLabels).default(PartialCredit.AllOrNothing),
  partScore: zPoints.nullable().default(null),
  analysis: zHtml(20_000).default(''),
  score: zScore,
  judgeType: zEnum(judgeTypeLabels).optional(),
};

type Core = z.output<z.ZodObject<typeof questionCore>> & { type: number };
type Ctx = z.core.$RefinementCtx;

// The rules a question's parts must keep together; issues name the field so the form can point at it.
function checkQuestion(q: Core, ctx: Ctx, path: (string | number)[] = []) {
  const at = (...p: (string | number)[]) => [...path, ...p];
  const labels = q.options.map((o) => o.label);
  const choice = q.type === QuestionType.SingleChoice || q.type === QuestionType.MultipleChoice;
  if (choice) {
    if (q.options.length < 2) ctx.addIssue({ code: 'custom', path: at('options'), ...codedIssue('twoOptions') });
    if (labels.some((l, i) => l !== OPTION_LABELS[i])) {
      ctx.addIssue({ code: 'custom', path: at('options'), ...codedIssue('optionLabels') });
    }
    // An option the editor left empty (nothing, or only empty paragraphs and line breaks).
    // Named on the options field, where the editor shows it.
    for (const o of q.options) {
      if (/^(\s|&nbsp;|<\/?p>|<br\s*\/?>)*$/i.test(o.content)) {
        ctx.addIssue({
          code: 'custom',
          path: at('options'),
          ...codedIssue('optionEmpty', { label: o.label }),
        });
      }
    }
  }
  const inRange = (l: unknown) => typeof l === 'string' && labels.includes(l);
  switch (q.type) {
    case QuestionType.SingleChoice:
      if (q.answer === null || q.answer === undefined || q.answer === '')
        ctx.addIssue({ code: 'custom', path: at('answer'), ...codedIssue('chooseCorrect') });
      else if (!inRange(q.answer))
        ctx.addIssue({
          code: 'custom',
          path: at('answer'),
          ...codedIssue('optionOutOfRange', { label: String(q.answer) }),
        });
      break;
    case QuestionType.MultipleChoice: {
      const picked = Array.isArray(q.answer) ? q.answer : [];
      if (!picked.length) ctx.addIssue({ code: 'custom', path: at('answer'), ...codedIssue('markCorrect') });
      for (const l of picked)
        if (!inRange(l))
          ctx.addIssue({ code: 'custom', path: at('answer'), ...codedIssue('optionOutOfRange', { label: String(l) }) });
      if (q.partialCredit === PartialCredit.PartScore && q.partScore !== null && q.partScore >= q.score) {
        ctx.addIssue({ code: 'custom', path: at('partScore'), ...codedIssue('partBelowFull') });
      }
      break;
    }
    case QuestionType.TrueFalse:
      if (typeof q.answer !== 'boolean')
        ctx.addIssue({ code: 'custom', path: at('answer'), ...codedIssue('trueOrFalse') });
      break;
    case QuestionType.GapFilling: {
      const a = q.answer as { blanks?: { score: number }[] } | null;
      if (!a || !Array.isArray(a.blanks)) {
        ctx.addIssue({ code: 'custom', path: at('answer'), ...codedIssue('blankAnswers') });
        break;
      }
      const marked = countBlanks(q.stem);
      if (marked !== a.blanks.length) {
        ctx.addIssue({
          code: 'custom',
          path: at('answer', 'blanks'),
          ...codedIssue('blankCount', { marked, given: a.blanks.length }),
        });
      }
      const sum = a.blanks.reduce((s, b) => s + b.score, 0);
      if (Math.abs(sum - q.score) > 1e-9) {
        ctx.addIssue({ code: 'custom', path: at('score'), ...codedIssue('blankScores', { sum }) });
      }
      const gap = q.answer as Extract<SimpleKey, { type: 4 }>;
      if (gap.rules?.anyOrder && Array.isArray(gap.blanks) && !anyOrderFillable({ ...gap, type: 4 })) {
        ctx.addIssue({ code: 'custom', path: at('answer', 'blanks'), ...codedIssue('anyOrderDistinct') });
      }
      break;
    }
    case QuestionType.ShortAnswer: {
      const a = q.answer as {
        keywords?: { points: number }[];
        accepted?: { answer: string; fraction: number; tolerance?: number | null }[];
      } | null;
      if (!a || !Array.isArray(a.keywords)) {
        ctx.addIssue({ code: 'custom', path: at('answer'), ...codedIssue('referenceAnswer') });
        break;
      }
      if (a.accepted?.length) {
        // As in Moodle, one accepted answer at least must be worth full marks.
        if (!a.accepted.some((x) => x.fraction === 1))
          ctx.addIssue({ code: 'custom', path: at('answer', 'accepted'), ...codedIssue('acceptedFull') });
        // A numeric answer (one with a tolerance) is a number, or `*` for any number.
        for (const x of a.accepted) {
          if (x.tolerance !== null && x.tolerance !== undefined && x.answer !== '*' && parseNumber(x.answer) === null)
            ctx.addIssue({
              code: 'custom',
              path: at('answer', 'accepted'),
              ...codedIssue('interopNotNumber', { value: x.answer }),
            });
        }
        const units = ((a as { units?: { unit: string }[] }).units ?? []).map((u) => u.unit);
        if (new Set(units).size !== units.length)
          ctx.addIssue({ code: 'custom', path: at('answer', 'units'), ...codedIssue('unitRepeated') });
        break;
      }
      const sum = a.keywords.reduce((s, k) => s + k.points, 0);
      if (q.judgeType === JudgeType.Automatic && sum < q.score) {
        ctx.addIssue({
          code: 'custom',
          path: at('answer', 'keywords'),
          ...codedIssue('keywordPoints'),
        });
      }
      break;
    }
  }
}

export const zChildQuestion = z
  .object({ type: z.literal([1, 2, 3, 4, 5]), ...questionCore })
  .superRefine((q, ctx) => checkQuestion(q, ctx));

const questionBase = z.object({
  type: z.literal([1, 2, 3, 4, 5, 6]),
  ...questionCore,
  answer: questionCore.answer.optional().default(null),
  children: z.array(zChildQuestion).max(20).default([]),
  difficulty: zEnum(difficultyLabels).default(3),
  degreeId: zId.nullable().default(null),
  categoryId: zId.nullable().default(null),
  // The subject: a course category.
  subjectId: zId.nullable().default(null),
  tagIds: z.array(zId).max(30).default([]),
});

function checkInput(q: z.output<typeof questionBase>, ctx: Ctx) {
  if (q.type !== QuestionType.Compose) {
    if (q.children.length) ctx.addIssue({ code: 'custom', path: ['children'], ...codedIssue('childrenOnlyCompose') });
    checkQuestion(q, ctx);
    return;
  }
  if (!q.children.length)
    ctx.addIssue({
      code: 'custom',
      path: ['children'],
      ...codedIssue('composeChild'),
    });
  const sum = q.children.reduce((s, c) => s + c.score, 0);
  if (q.children.length && Math.abs(sum - q.score) > 1e-9) {
    ctx.addIssue({ code: 'custom', path: ['score'], ...codedIssue('childScores', { sum }) });
  }
}

export const zQuestionInput = questionBase.superRefine(checkInput);
export const zQuestionCreate = questionBase.extend({ id: z.null().optional() }).superRefine(checkInput);
export const zQuestionUpdate = questionBase.extend({ id: zId }).superRefine(checkInput);
export type QuestionInput = z.output<typeof zQuestionInput>;
export type ChildQuestion = z.output<typeof zChildQuestion>;

function defaultJudge(type: number): JudgeType {
  return type === QuestionType.ShortAnswer ? JudgeType.Manual : JudgeType.Automatic;
}

type ShortAnswerKeyParts = Partial<Omit<Extract<SimpleKey, { type: 5 }>, 'type' | 'judge'>> & {
  keywords: { word: string; points: number }[];
};

function simpleKey(q: ChildQuestion | QuestionInput): SimpleKey {
  switch (q.type) {
    case QuestionType.SingleChoice:
      return { type: 1, correct: String(q.answer) };
    case QuestionType.MultipleChoice:
      return { type: 2, correct: (q.answer as string[]) ?? [], partial: q.partialCredit, partScore: q.partScore };
    case QuestionType.TrueFalse:
      return { type: 3, correct: q.answer === true };
    case QuestionType.GapFilling: {
      const a = q.answer as { blanks: z.output<typeof zBlank>[]; rules: z.output<typeof zGapRules> };
      const blanks: GapBlank[] = a.blanks.map((b) => ({
        score: b.score,
        answers: b.answers,
        partial: b.partial,
        ...(b.rules ? { rules: b.rules } : {}),
      }));
      const rules: GapRules = { ...a.rules };
      return { type: 4, blanks, rules };
    }
    default: {
      const a = q.answer as ShortAnswerKeyParts;
      return {
        type: 5,
        keywords: a.keywords,
        judge: q.judgeType ?? defaultJudge(q.type),
        wholeWord: a.wholeWord ?? false,
        accepted: a.accepted ?? [],
        caseSensitive: a.caseSensitive ?? false,
        units: a.units ?? [],
      };
    }
  }
}

// What the scoring engine needs of a (valid) question.
export function toScorable(q: QuestionInput): ScorableQuestion {
  const key: AnswerKey =
    q.type === QuestionType.Compose
      ? { type: 6, children: q.children.map((c) => ({ score: c.score, key: simpleKey(c) })) }
      : simpleKey(q);
  return { score: q.score, key };
}

export const zQuestion = z.object({
  id: zId,
  organizationId: zId,
  type: z.literal([1, 2, 3, 4, 5, 6]),
  stem: z.string(),
  options: z.array(z.object({ label: z.string(), content: z.string() })),
  answer: z.unknown(),
  partialCredit: zEnum(partialCreditLabels),
  partScore: z.number().nullable(),
  analysis: z.string(),
  score: z.number(),
  judgeType: zEnum(judgeTypeLabels),
  difficulty: zEnum(difficultyLabels),
  children: z.array(z.unknown()),
  degreeId: zId.nullable(),
  categoryId: zId.nullable(),
  subjectId: zId.nullable(),
  tagIds: z.array(zId),
  version: z.number().int(),
  creatorId: zId.nullable(),
  statDifficulty: z.number().nullable(),
  statDiscrimination: z.number().nullable(),
  answerCount: z.number().int(),
  createTime: zDateTime,
  updateTime: zDateTime,
});
export type Question = z.infer<typeof zQuestion>;

// The measured figures' bands, shared by the list's tags and filters: discrimination below 0.2 is
// poor, 0.2 to 0.4 fair, 0.4 and above good (Ebel's rule of thumb for the upper-lower index);
// difficulty at or above 0.8 is easy, below 0.4 hard.
export const POOR_DISCRIMINATION = 0.2;
export const GOOD_DISCRIMINATION = 0.4;
export const EASY_MEASURED = 0.8;
export const HARD_MEASURED = 0.4;

export const zQuestionFilter = z.object({
  keyword: z.string().trim().max(100).optional(),
  type: z.literal([1, 2, 3, 4, 5, 6]).optional(),
  difficulty: zEnum(difficultyLabels).optional(),
  degreeId: zId.optional(),
  categoryId: zId.optional(),
  subjectId: zId.optional(),
  // A tag or knowledge point; questions carrying it or any entry below it in the tree.
  tagId: zId.optional(),
  creatorId: zId.optional(),
  // Real dates only: `new Date()` of anything else is Invalid Date, and the database refuses it.
  createdFrom: zDateText().optional(),
  createdTo: zDateText().optional(),
  // Measured difficulty (0..1, higher is easier) within these bounds; questions never answered have
  // none and are left out when either bound is set.
  statDifficultyMin: z.number().min(0).max(1).optional(),
  statDifficultyMax: z.number().min(0).max(1).optional(),
  // Only answered questions whose discrimination is below POOR_DISCRIMINATION.
  poorDiscrimination: z.boolean().optional(),
});

export const zQuestionVersion = z.object({
  version: z.number().int(),
  snapshot: z.unknown(),
  editorId: zId.nullable(),
  createTime: zDateTime,
});
export const zBulkTagRequest = z.object({ ids: z.array(zId).min(1).max(500), tagIds: z.array(zId).min(1).max(30) });
// A student's answer: a label, true/false, text, or a list of these (choices, blanks), or a list of
// those (a compose question's children). Two list levels are all any question needs; bounding depth,
// lengths and text keeps validation and scoring cheap whatever is sent.
const zAnswerLeaf = z.union([z.string().max(20_000), z.boolean(), z.null()]);
export const zStudentAnswer: z.ZodType<StudentAnswer> = z.union([
  zAnswerLeaf,
  z.array(z.union([zAnswerLeaf, z.array(zAnswerLeaf).max(50)])).max(50),
]);
export const zTryAnswerRequest = z.object({ question: z.record(z.string(), z.unknown()), answer: zStudentAnswer });

// Questions as people see them in lists and in the spreadsheet's import errors (the importer names
// these fields); the spreadsheet's own columns are defined by the server's question importer.
export const questionMeta: ResourceMeta = {
  name: 'question',
  title: { en: 'Questions', zh: '题目' },
  permission: 'question',
  labelKey: 'stem',
  keyword: true,
  fields: [
    field('type', ['Type', '题型'], 'enum', { enum: questionTypeLabels }),
    field('stem', ['Stem', '题干'], 'textarea'),
    field('options', ['Options', '选项'], 'text'),
    field('answer', ['Answer', '答案'], 'text'),
    field('score', ['Score', '分值'], 'number'),
    field('difficulty', ['Difficulty', '难度'], 'enum', { enum: difficultyLabels }),
    field('tags', ['Tags and knowledge points', '标签与知识点'], 'text'),
    field('analysis', ['Analysis', '解析'], 'textarea'),
  ],
};
