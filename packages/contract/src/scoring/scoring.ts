import type { JudgeType } from '../enums/judge-type';
import { PartialCredit } from '../enums/partial-credit';
import { QuestionType } from '../enums/question-type';
import { gapKeyAnswer, gapScorer } from './gap-filling';
import { clamp, round2, type TextRules } from './matching';
import { shortAnswerScorer, shortKeyAnswer } from './short-answer';

export { anyOrderFillable } from './gap-filling';
export { entryIdentity, normalizeText, parseNumber } from './matching';

// The scoring engine: (question version, student answer) -> score with per-part detail, for every
// question type. Pure and synchronous; exams and homework call it, and the editor's "try an answer"
// panel shows its result. `compile` does the per-question work once (normalising accepted answers,
// cutting wildcard patterns), so scoring a whole exam's answers to one question is cheap. Gap filling
// lives in gap-filling.ts, short answers in short-answer.ts, the text and number matching they share
// in matching.ts.

export interface GapRules extends TextRules {
  // When both the answer and an accepted answer are numbers, they match within this distance;
  // without a tolerance they match when they are the same number (3.140 and 3.14).
  numericTolerance: number | null;
  // 'relative' reads the tolerance as a share of the accepted number (0.05 is 5%). Keys stored
  // before the mode existed have none and mean 'absolute'.
  toleranceMode?: 'absolute' | 'relative';
  // The blanks may be answered in any order; the same answer then fills one blank only.
  anyOrder: boolean;
  // A `*` in an accepted answer stands for any run of characters and the whole entry must match
  // (Moodle's short answer); `\*` is a star itself. Keys stored before it existed have none (off).
  wildcards?: boolean;
}

// A blank's own rules, over the question's.
export type BlankRules = Partial<Pick<GapRules, 'ignoreCase' | 'wildcards' | 'numericTolerance' | 'toleranceMode'>>;

// An accepted alternative worth part of its blank's score (0 < fraction < 1).
export interface PartialAnswer {
  answer: string;
  fraction: number;
}

export interface GapBlank {
  score: number;
  answers: string[];
  partial?: PartialAnswer[];
  rules?: BlankRules;
}

// A whole-answer match for a short answer: the first that matches gives `fraction` of the marks.
// With a tolerance, the answer is a number (Moodle's numerical question).
export interface AcceptedAnswer {
  answer: string;
  fraction: number;
  tolerance: number | null;
}

export interface AnswerUnit {
  unit: string;
  multiplier: number;
}

export type SimpleKey =
  | { type: 1; correct: string }
  | { type: 2; correct: string[]; partial: PartialCredit; partScore: number | null }
  | { type: 3; correct: boolean }
  | { type: 4; blanks: GapBlank[]; rules: GapRules }
  | {
      type: 5;
      keywords: { word: string; points: number }[];
      judge: JudgeType;
      // Keywords found only as whole words.
      wholeWord?: boolean;
      // Whole-answer matching, Moodle's short answer and numerical; wins over keywords when given.
      accepted?: AcceptedAnswer[];
      caseSensitive?: boolean;
      units?: AnswerUnit[];
    };
export type AnswerKey = SimpleKey | { type: 6; children: { score: number; key: SimpleKey }[] };

export interface ScorableQuestion {
  // Full marks; for gap filling the blanks' scores and for compose the children's scores add up to it.
  score: number;
  key: AnswerKey;
}

export type StudentAnswer = string | boolean | null | undefined | StudentAnswer[];

export interface PartScore {
  index: number;
  score: number;
  max: number;
  // null where a teacher decides (short answers marked by hand).
  correct: boolean | null;
}

export interface ScoreResult {
  score: number;
  max: number;
  // A teacher still has to confirm this score (manual judging); `score` is then a suggestion.
  pending: boolean;
  parts: PartScore[];
}

type Scorer = (answer: StudentAnswer) => ScoreResult;

function single(max: number, correct: string): Scorer {
  return (answer) => {
    const ok = typeof answer === 'string' && answer === correct;
    return { score: ok ? max : 0, max, pending: false, parts: [{ index: 0, score: ok ? max : 0, max, correct: ok }] };
  };
}

function multiple(max: number, key: Extract<SimpleKey, { type: 2 }>): Scorer {
  const correct = new Set(key.correct);
  const part = key.partScore ?? max / 2;
  return (answer) => {
    const picked = Array.isArray(answer)
      ? new Set(answer.filter((a): a is string => typeof a === 'string'))
      : new Set<string>();
    let hits = 0;
    let wrong = false;
    for (const p of picked) {
      if (correct.has(p)) hits++;
      else wrong = true;
    }
    let score = 0;
    if (!wrong && hits === correct.size && picked.size === correct.size) score = max;
    else if (!wrong && hits > 0 && key.partial === PartialCredit.PartScore) score = clamp(part, max);
    else if (!wrong && hits > 0 && key.partial === PartialCredit.PerOption)
      score = clamp((max * hits) / correct.size, max);
    return { score, max, pending: false, parts: [{ index: 0, score, max, correct: score === max }] };
  };
}

function trueFalse(max: number, correct: boolean): Scorer {
  return (answer) => {
    const ok = answer === correct;
    return { score: ok ? max : 0, max, pending: false, parts: [{ index: 0, score: ok ? max : 0, max, correct: ok }] };
  };
}

function compileSimple(score: number, key: SimpleKey): Scorer {
  switch (key.type) {
    case QuestionType.SingleChoice:
      return single(score, key.correct);
    case QuestionType.MultipleChoice:
      return multiple(score, key);
    case QuestionType.TrueFalse:
      return trueFalse(score, key.correct);
    case QuestionType.GapFilling:
      return gapScorer(key);
    case QuestionType.ShortAnswer:
      return shortAnswerScorer(score, key);
  }
}

export function compileScorer(q: ScorableQuestion): Scorer {
  const key = q.key;
  if (key.type !== QuestionType.Compose) return compileSimple(q.score, key);
  const children = key.children.map((c) => compileSimple(c.score, c.key));
  const max = round2(
    key.children.reduce(
      (s, c) => s + (c.key.type === QuestionType.GapFilling ? c.key.blanks.reduce((x, b) => x + b.score, 0) : c.score),
      0,
    ),
  );
  return (answer) => {
    const raw = Array.isArray(answer) ? answer : [];
    const results = children.map((score, i) => score(raw[i]));
    return {
      score: clamp(
        results.reduce((s, r) => s + r.score, 0),
        max,
      ),
      max,
      pending: results.some((r) => r.pending),
      parts: results.map((r, i) => ({
        index: i,
        score: r.score,
        max: r.max,
        correct: r.pending ? null : r.score === r.max,
      })),
    };
  };
}

export function scoreAnswer(q: ScorableQuestion, answer: StudentAnswer): ScoreResult {
  return compileScorer(q)(answer);
}

// The answer the key itself gives, which earns full marks. The one exception: a short answer whose
// full-marks answers are caught by earlier answers worth less (a `*` at 0% first) gives its first
// full-marks answer anyway.
export function keyAnswer(key: AnswerKey): StudentAnswer {
  switch (key.type) {
    case QuestionType.SingleChoice:
      return key.correct;
    case QuestionType.MultipleChoice:
      return [...key.correct];
    case QuestionType.TrueFalse:
      return key.correct;
    case QuestionType.GapFilling:
      return gapKeyAnswer(key);
    case QuestionType.ShortAnswer:
      return shortKeyAnswer(key);
    case QuestionType.Compose:
      return key.children.map((c) => keyAnswer(c.key));
  }
}
