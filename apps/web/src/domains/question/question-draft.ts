import {
  type AcceptedAnswer,
  type AnswerUnit,
  type BlankRules,
  type GapRules,
  issueDetail,
  JudgeType,
  OPTION_LABELS,
  type PartialAnswer,
  PartialCredit,
  type Question,
  type QuestionInput,
  QuestionType,
  zQuestionCreate,
  zQuestionInput,
} from '@lyceum/contract';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { fieldErrorText, translatedPredicate } from '../../shell/server-error';

// The editor keeps the question as plain state in the contract's input shape, so a zod issue's path
// is also the address of the field that shows it.
export interface ChoiceOption {
  label: string;
  content: string;
}
export interface Blank {
  score: number;
  answers: string[];
  // Stored questions from before alternatives existed have none.
  partial?: PartialAnswer[];
  // The blank's own rules over the question's; a rule left out follows the question.
  rules?: BlankRules;
}
export interface GapKey {
  blanks: Blank[];
  rules: GapRules;
}
export interface Keyword {
  word: string;
  points: number;
}
// Keyword marking, or whole-answer match (Moodle's) when `accepted` has answers. Questions stored
// before whole-answer match existed have none of its fields.
export interface ShortKey {
  reference: string;
  keywords: Keyword[];
  wholeWord?: boolean;
  accepted?: AcceptedAnswer[];
  caseSensitive?: boolean;
  units?: AnswerUnit[];
}
export type AnswerValue = string | string[] | boolean | GapKey | ShortKey | null;
export type ChildType = 1 | 2 | 3 | 4 | 5;

export interface CoreDraft {
  type: QuestionType;
  stem: string;
  options: ChoiceOption[];
  answer: AnswerValue;
  partialCredit: PartialCredit;
  partScore: number | null;
  analysis: string;
  score: number;
  judgeType: JudgeType;
}
export interface Draft extends CoreDraft {
  id: number | null;
  children: CoreDraft[];
  difficulty: number;
  degreeId: number | null;
  categoryId: number | null;
  subjectId: number | null;
  tagIds: number[];
}

export const DEFAULT_RULES: GapRules = {
  ignoreCase: true,
  normalizeSpace: true,
  fullHalfWidth: true,
  numericTolerance: null,
  toleranceMode: 'absolute',
  anyOrder: false,
  wildcards: false,
};

export const relabel = (options: ChoiceOption[]) => options.map((o, i) => ({ ...o, label: OPTION_LABELS[i] }));

function emptyAnswer(type: QuestionType): AnswerValue {
  switch (type) {
    case QuestionType.SingleChoice:
      return '';
    case QuestionType.MultipleChoice:
      return [];
    case QuestionType.TrueFalse:
      return true;
    case QuestionType.GapFilling:
      return { blanks: [], rules: { ...DEFAULT_RULES } };
    case QuestionType.ShortAnswer:
      return { reference: '', keywords: [], wholeWord: false, accepted: [], caseSensitive: false, units: [] };
    default:
      return null;
  }
}

export function emptyCore(type: QuestionType): CoreDraft {
  const choice = type === QuestionType.SingleChoice || type === QuestionType.MultipleChoice;
  return {
    type,
    stem: '',
    options: choice ? relabel(Array.from({ length: 4 }, () => ({ label: '', content: '' }))) : [],
    answer: emptyAnswer(type),
    partialCredit: PartialCredit.AllOrNothing,
    partScore: null,
    analysis: '',
    score: type === QuestionType.GapFilling || type === QuestionType.Compose ? 0 : 2,
    judgeType: type === QuestionType.ShortAnswer ? JudgeType.Manual : JudgeType.Automatic,
  };
}

export function emptyDraft(type: QuestionType): Draft {
  return {
    ...emptyCore(type),
    id: null,
    children: [],
    difficulty: 3,
    degreeId: null,
    categoryId: null,
    subjectId: null,
    tagIds: [],
  };
}

// A saved row, back into the editor's shape (the server stores exactly what the contract accepts).
export function draftOf(q: Question): Draft {
  const core = (c: Record<string, unknown>): CoreDraft => ({
    ...emptyCore(c.type as QuestionType),
    ...(c as Partial<CoreDraft>),
  });
  return {
    ...core(q as unknown as Record<string, unknown>),
    id: q.id,
    children: (q.children as Record<string, unknown>[]).map(core),
    difficulty: q.difficulty,
    degreeId: q.degreeId,
    categoryId: q.categoryId,
    subjectId: q.subjectId,
    tagIds: q.tagIds,
  };
}

// Gap filling and compose questions are worth what their parts are worth.
export function withDerivedScore<T extends CoreDraft & { children?: CoreDraft[] }>(q: T): T {
  if (q.type === QuestionType.GapFilling && q.answer && typeof q.answer === 'object' && 'blanks' in q.answer) {
    return { ...q, score: q.answer.blanks.reduce((s, b) => s + (b.score || 0), 0) };
  }
  if (q.type === QuestionType.Compose && q.children) {
    return { ...q, score: q.children.reduce((s, c) => s + (withDerivedScore(c).score || 0), 0) };
  }
  return q;
}

function payloadOf(d: Draft): Record<string, unknown> {
  const q = withDerivedScore({ ...d, children: d.children.map((c) => withDerivedScore(c)) });
  const { id, ...rest } = q;
  return q.type === QuestionType.Compose ? { ...rest, answer: null, id } : { ...rest, id };
}

export type Issues = Record<string, string>;
export const pathKey = (path: readonly PropertyKey[]) => path.map(String).join('.');

// An issue in the reader's language, from the contract's error catalogue (the same words the server
// would send for it).
function describe(issue: z.core.$ZodIssue): string {
  return fieldErrorText(issueDetail(issue), issue.message);
}

// The editor's name for the field an issue is about ("Content of option B", "Question 2 › Stem"), so
// a message shown away from the field still says which one.
export function issueFieldLabel(path: readonly PropertyKey[], t: TFunction): string {
  const parts: string[] = [];
  for (let i = 0; i < path.length; i++) {
    const s = path[i];
    const next = path[i + 1];
    if (s === 'children' && typeof next === 'number') {
      parts.push(t('question.child', { n: next + 1 }));
      i++;
    } else if (s === 'options' && typeof next === 'number') {
      parts.push(t('question.optionContent', { label: String.fromCharCode(65 + next) }));
      break;
    } else if (s === 'blanks' && typeof next === 'number') {
      parts.push(t('question.blank', { n: next + 1 }));
      break;
    } else if (typeof s === 'string' && FIELD_LABELS[s]) {
      parts.push(t(FIELD_LABELS[s]));
      if (s !== 'answer') break;
    }
  }
  return parts.join(' › ') || t('question.answerKey');
}
const FIELD_LABELS: Record<string, string> = {
  stem: 'question.stem',
  analysis: 'question.analysis',
  score: 'question.score',
  options: 'question.options',
  partScore: 'question.partScore',
  answer: 'question.answerKey',
  reference: 'question.reference',
  keywords: 'question.keywords',
  accepted: 'question.wholeAnswers',
  units: 'question.units',
  children: 'question.children',
  judgeType: 'question.judgeType',
  difficulty: 'question.difficulty',
  tagIds: 'question.tags',
};

export interface Checked {
  input: QuestionInput | null;
  issues: Issues;
  first: string | null;
}

// The same rules the server applies (zQuestionCreate), each issue keyed by the field it names.
export function checkDraft(d: Draft, t: TFunction): Checked {
  const result = zQuestionCreate.safeParse({ ...payloadOf(d), id: null });
  if (result.success) return { input: zQuestionInput.parse(result.data), issues: {}, first: null };
  const issues: Issues = {};
  let first: string | null = null;
  for (const issue of result.error.issues) {
    const key = pathKey(issue.path);
    issues[key] ??= describe(issue);
    const predicate = translatedPredicate(issueDetail(issue)) ?? issue.message;
    first ??= t('question.issueAt', { field: issueFieldLabel(issue.path, t), issue: predicate });
  }
  return { input: null, issues, first };
}

export function savePayload(d: Draft): Record<string, unknown> {
  return payloadOf(d);
}
