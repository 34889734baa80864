import { JudgeType } from '../enums/judge-type';
import { PartialCredit } from '../enums/partial-credit';
import { QuestionType } from '../enums/question-type';

// The scoring engine: (question version, student answer) -> score with per-part detail, for every
// question type. Pure and synchronous; exams and homework call it, and the editor's "try an answer"
// panel shows its result. `compile` does the per-question work once (normalising accepted answers),
// so scoring a whole exam's answers to one question is cheap.

export interface GapRules {
  ignoreCase: boolean;
  // Trim and collapse runs of spaces.
  normalizeSpace: boolean;
  // Full-width and half-width forms count as the same (Ａ and A, １ and 1, the ideographic space).
  fullHalfWidth: boolean;
  // When both the answer and an accepted answer are numbers, they match within this distance.
  numericTolerance: number | null;
  // The blanks may be answered in any order.
  anyOrder: boolean;
}

export type SimpleKey =
  | { type: 1; correct: string }
  | { type: 2; correct: string[]; partial: PartialCredit; partScore: number | null }
  | { type: 3; correct: boolean }
  | { type: 4; blanks: { score: number; answers: string[] }[]; rules: GapRules }
  | { type: 5; keywords: { word: string; points: number }[]; judge: JudgeType };
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

const round2 = (n: number) => Math.round(n * 100) / 100;
const clamp = (n: number, max: number) => round2(Math.min(max, Math.max(0, n)));

export function normalizeText(
  value: string,
  rules: Pick<GapRules, 'ignoreCase' | 'normalizeSpace' | 'fullHalfWidth'>,
): string {
  let s = rules.fullHalfWidth ? value.normalize('NFKC') : value;
  if (rules.normalizeSpace) s = s.trim().replace(/\s+/g, ' ');
  if (rules.ignoreCase) s = s.toLowerCase();
  return s;
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

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
    return { score, max, pending: false, parts: [{ index: 0, score, max, correct: score === max }] };
  };
}

function trueFalse(max: number, correct: boolean): Scorer {
  return (answer) => {
    const ok = answer === correct;
    return { score: ok ? max : 0, max, pending: false, parts: [{ index: 0, score: ok ? max : 0, max, correct: ok }] };
  };
}

function gaps(key: Extract<SimpleKey, { type: 4 }>): Scorer {
  const { rules } = key;
  const accepted = key.blanks.map((b) => {
    const texts = new Set(b.answers.map((a) => normalizeText(a, rules)));
    const numbers = rules.numericTolerance === null ? [] : [...texts].filter((t) => NUMBER.test(t)).map(Number);
    return { texts, numbers, score: b.score };
  });
  const tolerance = rules.numericTolerance ?? 0;
  const matches = (entry: string, blank: number) => {
    const a = accepted[blank];
    if (a.texts.has(entry)) return true;
    if (!a.numbers.length || !NUMBER.test(entry)) return false;
    const n = Number(entry);
    return a.numbers.some((x) => Math.abs(x - n) <= tolerance + 1e-9);
  };
  // Blanks by descending score, so the any-order matching gives the highest total (greedy on a
  // transversal matroid is optimal).
  const byScore = accepted.map((_, i) => i).sort((x, y) => accepted[y].score - accepted[x].score || x - y);
  const max = round2(accepted.reduce((s, b) => s + b.score, 0));
  return (answer) => {
    const raw = Array.isArray(answer) ? answer : [];
    const entries = accepted.map((_, i) => (typeof raw[i] === 'string' ? normalizeText(raw[i] as string, rules) : ''));
    const got = new Array<boolean>(accepted.length).fill(false);
    if (!rules.anyOrder) {
      for (let i = 0; i < accepted.length; i++) got[i] = entries[i] !== '' && matches(entries[i], i);
    } else {
      const entryOf = new Array<number>(accepted.length).fill(-1);
      const blankOf = new Array<number>(entries.length).fill(-1);
      const tryBlank = (blank: number, seen: boolean[]): boolean => {
        for (let e = 0; e < entries.length; e++) {
          if (seen[e] || entries[e] === '' || !matches(entries[e], blank)) continue;
          seen[e] = true;
          if (blankOf[e] === -1 || tryBlank(blankOf[e], seen)) {
            blankOf[e] = blank;
            entryOf[blank] = e;
            return true;
          }
        }
        return false;
      };
      for (const b of byScore) tryBlank(b, new Array<boolean>(entries.length).fill(false));
      for (let e = 0; e < entries.length; e++) if (blankOf[e] !== -1) got[blankOf[e]] = true;
    }
    const parts = accepted.map((b, i) => ({ index: i, score: got[i] ? b.score : 0, max: b.score, correct: got[i] }));
    const score = clamp(
      parts.reduce((s, p) => s + p.score, 0),
      max,
    );
    return { score, max, pending: false, parts };
  };
}

function shortAnswer(max: number, key: Extract<SimpleKey, { type: 5 }>): Scorer {
  const rules = { ignoreCase: true, normalizeSpace: true, fullHalfWidth: true };
  const words = key.keywords.map((k) => ({ word: normalizeText(k.word, rules), points: k.points }));
  const pending = key.judge === JudgeType.Manual;
  return (answer) => {
    const text = typeof answer === 'string' ? normalizeText(answer, rules) : '';
    const parts = words.map((w, i) => {
      const hit = w.word !== '' && text.includes(w.word);
      return { index: i, score: hit ? w.points : 0, max: w.points, correct: pending ? null : hit };
    });
    const score = clamp(
      parts.reduce((s, p) => s + p.score, 0),
      max,
    );
    return { score, max, pending, parts };
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
      return gaps(key);
    case QuestionType.ShortAnswer:
      return shortAnswer(score, key);
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

// The answer the key itself gives: it always earns full marks.
export function keyAnswer(key: AnswerKey): StudentAnswer {
  switch (key.type) {
    case QuestionType.SingleChoice:
      return key.correct;
    case QuestionType.MultipleChoice:
      return [...key.correct];
    case QuestionType.TrueFalse:
      return key.correct;
    case QuestionType.GapFilling:
      return key.blanks.map((b) => b.answers[0] ?? '');
    case QuestionType.ShortAnswer:
      return key.keywords.map((k) => k.word).join(' ');
    case QuestionType.Compose:
      return key.children.map((c) => keyAnswer(c.key));
  }
}
