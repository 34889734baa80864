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
  // When both the answer and an accepted answer are numbers, they match within this distance;
  // without a tolerance they match when they are the same number (3.140 and 3.14).
  numericTolerance: number | null;
  // 'relative' reads the tolerance as a share of the accepted number (0.05 is 5%). Keys stored
  // before the mode existed have none and mean 'absolute'.
  toleranceMode?: 'absolute' | 'relative';
  // The blanks may be answered in any order; the same answer then fills one blank only.
  anyOrder: boolean;
}

// An accepted alternative worth part of its blank's score (0 < fraction < 1).
export interface PartialAnswer {
  answer: string;
  fraction: number;
}

export interface GapBlank {
  score: number;
  answers: string[];
  partial?: PartialAnswer[];
}

export type SimpleKey =
  | { type: 1; correct: string }
  | { type: 2; correct: string[]; partial: PartialCredit; partScore: number | null }
  | { type: 3; correct: boolean }
  | { type: 4; blanks: GapBlank[]; rules: GapRules }
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

// Super- and subscripts, and the squared unit signs (㎡), keep their form when widths are folded:
// NFKC would turn 10² into 102 and ㎡ into m2, which are other answers.
const KEEP_FORM =
  /[\u00aa\u00b2\u00b3\u00b9\u00ba\u02b0-\u02b8\u02e0-\u02e4\u1d2c-\u1d6a\u1d78\u1d9b-\u1dbf\u2070-\u209f\u2c7c\u2c7d\u3371-\u33df\ua69c\ua69d\ua770\ua7f8\ua7f9]/u;
const FOLDABLE = new RegExp(`[^${KEEP_FORM.source.slice(1, -1)}]+`, 'gu');

export function normalizeText(
  value: string,
  rules: Pick<GapRules, 'ignoreCase' | 'normalizeSpace' | 'fullHalfWidth'>,
): string {
  // Canonical composition always applies: é typed as one code point or as e + accent is one answer.
  let s = rules.fullHalfWidth ? value.replace(FOLDABLE, (run) => run.normalize('NFKC')) : value;
  s = s.normalize('NFC');
  if (rules.normalizeSpace) s = s.trim().replace(/\s+/g, ' ');
  if (rules.ignoreCase) s = s.toLowerCase();
  return s;
}

// A number as pupils write it: 3.14, .5, 1., -2, 1e8, 1E-8, 3×10^8 (x, *, · also), 3x10**-8, and
// thousands grouped by commas or spaces (1,000,000 / 1 000 000). A comma is a thousands separator
// only between groups of three digits; anything else with a comma (1,5 or 3,14159) is not read as a
// number, because a decimal comma cannot be told apart from a thousands comma (1,500). Such an
// answer still matches an accepted answer with the same text.
const SIGN = '[+\u2212-]';
const SEPARATED = '\\d{1,3}(?:,\\d{3})+|\\d{1,3}(?:[ \\u00a0\\u2009\\u202f]\\d{3})+';
const EXPONENT = `e(${SIGN}?\\d+)|\\s*[x\u00d7*\u00b7\u22c5]\\s*10\\s*(?:\\^|\\*\\*)\\s*(${SIGN}?\\d+)`;
const NUMBER = new RegExp(`^(${SIGN}?)(?:(${SEPARATED}|\\d+)(?:\\.(\\d*))?|\\.(\\d+))(?:${EXPONENT})?$`, 'i');

export function parseNumber(text: string): number | null {
  const m = NUMBER.exec(text.trim());
  if (!m) return null;
  const [, sign, whole, fraction, bare, e1, e2] = m;
  const digits = (whole ?? '0').replace(/[^\d]/g, '');
  const exponent = (e1 ?? e2 ?? '0').replace('\u2212', '-');
  // One decimal string for Number(), so 3x10^-8 is exactly the number 3e-8 (3 * 10 ** -8 is not).
  const minus = sign === '-' || sign === '\u2212' ? '-' : '';
  const n = Number(`${minus}${digits}.${fraction ?? bare ?? ''}0e${exponent}`);
  return Number.isFinite(n) ? n : null;
}

// Two answers are the same entry when their normalised texts are equal or they are the same number.
export function entryIdentity(value: string, rules: Pick<GapRules, 'ignoreCase' | 'normalizeSpace' | 'fullHalfWidth'>) {
  const text = normalizeText(value, rules);
  const n = parseNumber(text);
  return n === null ? `t:${text}` : `n:${n}`;
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

// Binary fractions make 7 - 6.3 come out a hair above 0.7; this slack absorbs that and scales with
// the numbers compared, so a tolerance of 0 around 1e-20 still refuses 1.0000001e-20.
const RELATIVE_SLACK = 1e-12;

interface Accepted {
  texts: Set<string>;
  numbers: number[];
}

function accepting(answers: string[], rules: GapRules): Accepted {
  const texts = new Set(answers.map((a) => normalizeText(a, rules)));
  const numbers = [...texts].map(parseNumber).filter((n): n is number => n !== null);
  return { texts, numbers };
}

function near(key: number, value: number, rules: GapRules): boolean {
  const tolerance = rules.numericTolerance;
  if (tolerance === null) return key === value;
  const allowed = rules.toleranceMode === 'relative' ? tolerance * Math.abs(key) : tolerance;
  return Math.abs(key - value) <= allowed + RELATIVE_SLACK * Math.max(Math.abs(key), Math.abs(value));
}

function accepts(a: Accepted, text: string, n: number | null, rules: GapRules): boolean {
  if (a.texts.has(text)) return true;
  return n !== null && a.numbers.some((x) => near(x, n, rules));
}

// The assignment of entries to blanks with the highest total (Hungarian algorithm on the square
// weight matrix, O(n³); a question has at most 30 blanks). Returns the entry given to each blank.
function bestAssignment(weight: number[][]): number[] {
  const n = weight.length;
  const u = new Array<number>(n + 1).fill(0);
  const v = new Array<number>(n + 1).fill(0);
  const blankAt = new Array<number>(n + 1).fill(0);
  const way = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= n; i++) {
    blankAt[0] = i;
    let j0 = 0;
    const minv = new Array<number>(n + 1).fill(Number.POSITIVE_INFINITY);
    const used = new Array<boolean>(n + 1).fill(false);
    do {
      used[j0] = true;
      const i0 = blankAt[j0];
      let delta = Number.POSITIVE_INFINITY;
      let j1 = 0;
      for (let j = 1; j <= n; j++) {
        if (used[j]) continue;
        const cur = -weight[i0 - 1][j - 1] - u[i0] - v[j];
        if (cur < minv[j]) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j] < delta) {
          delta = minv[j];
          j1 = j;
        }
      }
      for (let j = 0; j <= n; j++) {
        if (used[j]) {
          u[blankAt[j]] += delta;
          v[j] -= delta;
        } else minv[j] -= delta;
      }
      j0 = j1;
    } while (blankAt[j0] !== 0);
    do {
      const j1 = way[j0];
      blankAt[j0] = blankAt[j1];
      j0 = j1;
    } while (j0);
  }
  const entryOf = new Array<number>(n).fill(-1);
  for (let j = 1; j <= n; j++) if (blankAt[j]) entryOf[blankAt[j] - 1] = j - 1;
  return entryOf;
}

function gaps(key: Extract<SimpleKey, { type: 4 }>): Scorer {
  const { rules } = key;
  const blanks = key.blanks.map((b) => ({
    score: b.score,
    full: accepting(b.answers, rules),
    // Best alternative first, so an entry earns the most any alternative allows.
    partial: [...(b.partial ?? [])]
      .sort((x, y) => y.fraction - x.fraction)
      .map((p) => ({ credit: round2(b.score * p.fraction), accepted: accepting([p.answer], rules) })),
  }));
  // What an entry earns in a blank: the blank's score, an alternative's share of it, or nothing.
  const earns = (text: string, n: number | null, blank: number) => {
    if (text === '') return 0;
    const b = blanks[blank];
    if (accepts(b.full, text, n, rules)) return b.score;
    return b.partial.find((p) => accepts(p.accepted, text, n, rules))?.credit ?? 0;
  };
  const max = round2(blanks.reduce((s, b) => s + b.score, 0));
  return (answer) => {
    const raw = Array.isArray(answer) ? answer : [];
    const texts = blanks.map((_, i) => (typeof raw[i] === 'string' ? normalizeText(raw[i] as string, rules) : ''));
    const numbers = texts.map(parseNumber);
    let entryOf = blanks.map((_, i) => i);
    if (rules.anyOrder) {
      // An answer repeated in several blanks counts once ("gold, gold, gold" fills one blank).
      const seen = new Set<string>();
      const distinct = texts.map((t, i) => {
        const id = numbers[i] === null ? `t:${t}` : `n:${numbers[i]}`;
        if (t === '' || seen.has(id)) return '';
        seen.add(id);
        return t;
      });
      const weight = blanks.map((_, b) => distinct.map((t, e) => earns(t, numbers[e], b)));
      entryOf = bestAssignment(weight);
      for (let b = 0; b < blanks.length; b++) if (distinct[entryOf[b]] === '') entryOf[b] = -1;
    }
    const parts = blanks.map((b, i) => {
      const e = entryOf[i];
      const score = e === -1 ? 0 : earns(texts[e], numbers[e], i);
      return { index: i, score, max: b.score, correct: score === b.score };
    });
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
      return key.rules.anyOrder ? distinctAnswers(key) : key.blanks.map((b) => b.answers[0] ?? '');
    case QuestionType.ShortAnswer:
      return key.keywords.map((k) => k.word).join(' ');
    case QuestionType.Compose:
      return key.children.map((c) => keyAnswer(c.key));
  }
}

// For blanks in any order, one accepted answer per blank with no two the same entry (a repeated
// entry counts once), found by augmenting paths; a blank left without one falls back to its first.
// Whether an any-order key can be answered in full: each blank has an accepted answer of its own (two
// blanks that accept only "y" cannot both be filled, as a repeated answer counts once).
export function anyOrderFillable(key: Extract<SimpleKey, { type: 4 }>): boolean {
  return placeDistinct(key).every((c) => c !== null);
}

function distinctAnswers(key: Extract<SimpleKey, { type: 4 }>): string[] {
  return placeDistinct(key).map((c, b) => c ?? key.blanks[b].answers[0] ?? '');
}

function placeDistinct(key: Extract<SimpleKey, { type: 4 }>): (string | null)[] {
  const options = key.blanks.map((b) => b.answers.map((a) => ({ text: a, id: entryIdentity(a, key.rules) })));
  const holder = new Map<string, number>();
  const chosen = new Array<string | null>(options.length).fill(null);
  const place = (blank: number, tried: Set<string>): boolean => {
    for (const o of options[blank]) {
      if (tried.has(o.id)) continue;
      tried.add(o.id);
      const other = holder.get(o.id);
      if (other === undefined || place(other, tried)) {
        holder.set(o.id, blank);
        chosen[blank] = o.text;
        return true;
      }
    }
    return false;
  };
  for (let b = 0; b < options.length; b++) place(b, new Set());
  return chosen;
}
