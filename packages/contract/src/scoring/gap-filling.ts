import {
  clamp,
  entryIdentity,
  matchSegments,
  near,
  normalizeText,
  parseNumber,
  round2,
  wildcardSamples,
  wildcardSegments,
} from './matching';
import type { BlankRules, GapBlank, GapRules, ScoreResult, SimpleKey, StudentAnswer } from './scoring';

type GapKey = Extract<SimpleKey, { type: 4 }>;
type Rules = GapRules & Required<Pick<GapRules, 'wildcards'>>;

// A blank's rules: its own where it sets them, the question's otherwise (an explicit null tolerance
// on the blank means "no tolerance here").
export function blankRules(key: GapKey, blank: number): Rules {
  const own: BlankRules = key.blanks[blank].rules ?? {};
  const r: Rules = { ...key.rules, wildcards: key.rules.wildcards ?? false };
  if (own.ignoreCase !== undefined) r.ignoreCase = own.ignoreCase;
  if (own.wildcards !== undefined) r.wildcards = own.wildcards;
  if (own.numericTolerance !== undefined) r.numericTolerance = own.numericTolerance;
  if (own.toleranceMode !== undefined) r.toleranceMode = own.toleranceMode;
  return r;
}

// An accepted answer in the form a blank compares: normalised by the blank's rules; with wildcards
// trimmed (Moodle trims) and cut at its stars.
function patternText(answer: string, rules: Rules): string {
  const s = normalizeText(answer, rules);
  return rules.wildcards ? s.trim() : s;
}

interface Accepted {
  texts: Set<string>;
  patterns: string[][];
  numbers: number[];
}

function accepting(answers: string[], rules: Rules): Accepted {
  const a: Accepted = { texts: new Set(), patterns: [], numbers: [] };
  for (const answer of answers) {
    const text = patternText(answer, rules);
    const segments = rules.wildcards ? wildcardSegments(text) : [text];
    if (segments.length > 1) {
      a.patterns.push(segments);
      continue;
    }
    a.texts.add(segments[0]);
    const n = parseNumber(segments[0]);
    if (n !== null) a.numbers.push(n);
  }
  return a;
}

// A student's entry, normalised once in every form a blank may compare (case kept or folded,
// trimmed for wildcard blanks).
interface Entry {
  text: [string, string, string, string];
  number: number | null;
  empty: boolean;
}

function entryOf(raw: unknown, rules: GapRules): Entry {
  const exact = typeof raw === 'string' ? normalizeText(raw, { ...rules, ignoreCase: false }) : '';
  const trimmed = exact.trim();
  return {
    text: [exact, exact.toLowerCase(), trimmed, trimmed.toLowerCase()],
    number: parseNumber(exact),
    // Only spaces is no answer, even where spaces are kept (a wildcard blank would match it).
    empty: trimmed === '',
  };
}
const formOf = (rules: Rules) => (rules.wildcards ? 2 : 0) + (rules.ignoreCase ? 1 : 0);

function accepts(a: Accepted, rules: Rules, e: Entry): boolean {
  const text = e.text[formOf(rules)];
  if (a.texts.has(text)) return true;
  if (e.number !== null) {
    const n = e.number;
    const relative = rules.toleranceMode === 'relative';
    if (a.numbers.some((x) => near(x, n, rules.numericTolerance, relative))) return true;
  }
  return a.patterns.some((p) => matchSegments(p, text));
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

// Each blank compiled once: its rules, what earns it in full, and its alternatives best first (so
// an entry earns the most any alternative allows).
function compileBlanks(key: GapKey) {
  return key.blanks.map((b: GapBlank, i) => {
    const rules = blankRules(key, i);
    return {
      score: b.score,
      rules,
      full: accepting(b.answers, rules),
      partial: [...(b.partial ?? [])]
        .sort((x, y) => y.fraction - x.fraction)
        .map((p) => ({ credit: round2(b.score * p.fraction), accepted: accepting([p.answer], rules) })),
    };
  });
}

export function gapScorer(key: GapKey): (answer: StudentAnswer) => ScoreResult {
  const { rules } = key;
  const blanks = compileBlanks(key);
  // What an entry earns in a blank: the blank's score, an alternative's share of it, or nothing.
  const earns = (e: Entry, blank: number) => {
    if (e.empty) return 0;
    const b = blanks[blank];
    if (accepts(b.full, b.rules, e)) return b.score;
    return b.partial.find((p) => accepts(p.accepted, b.rules, e))?.credit ?? 0;
  };
  const max = round2(blanks.reduce((s, b) => s + b.score, 0));
  return (answer) => {
    const raw = Array.isArray(answer) ? answer : [];
    const entries = blanks.map((_, i) => entryOf(raw[i], rules));
    let entryAt = blanks.map((_, i) => i);
    if (rules.anyOrder) {
      // An answer repeated in several blanks counts once ("gold, gold, gold" fills one blank); the
      // question's rules say which entries are the same.
      const seen = new Set<string>();
      const distinct = entries.map((e) => {
        const text = e.text[rules.ignoreCase ? 1 : 0];
        const id = e.number === null ? `t:${text}` : `n:${e.number}`;
        if (e.empty || seen.has(id)) return false;
        seen.add(id);
        return true;
      });
      const weight = blanks.map((_, b) => entries.map((e, i) => (distinct[i] ? earns(e, b) : 0)));
      entryAt = bestAssignment(weight);
      for (let b = 0; b < blanks.length; b++) if (!distinct[entryAt[b]]) entryAt[b] = -1;
    }
    const parts = blanks.map((b, i) => {
      const e = entryAt[i];
      const score = e === -1 ? 0 : earns(entries[e], i);
      return { index: i, score, max: b.score, correct: score === b.score };
    });
    const score = clamp(
      parts.reduce((s, p) => s + p.score, 0),
      max,
    );
    return { score, max, pending: false, parts };
  };
}

// What a student would type for an accepted answer: itself, or for a wildcard pattern a text the
// pattern matches (the pattern without its stars where that works). Each blank's own rules decide.
function samplesOf(key: GapKey, blank: number): string[] {
  const rules = blankRules(key, blank);
  const full = accepting(key.blanks[blank].answers, rules);
  return key.blanks[blank].answers.map((answer) => {
    if (!rules.wildcards) return answer;
    const tries = [...wildcardSamples(answer), ...wildcardSamples(patternText(answer, rules))];
    return (
      tries.find((t) => {
        const e = entryOf(t, key.rules);
        return !e.empty && accepts(full, rules, e);
      }) ?? tries[0]
    );
  });
}

// For blanks in any order, one accepted answer per blank with no two the same entry (a repeated
// entry counts once), found by augmenting paths; a blank left without one gets null.
function placeDistinct(key: GapKey): (string | null)[] {
  const options = key.blanks.map((_, b) =>
    samplesOf(key, b).map((text) => ({ text, id: entryIdentity(text, key.rules) })),
  );
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

// Whether an any-order key can be answered in full: each blank has an accepted answer of its own (two
// blanks that accept only "y" cannot both be filled, as a repeated answer counts once).
export function anyOrderFillable(key: GapKey): boolean {
  return placeDistinct(key).every((c) => c !== null);
}

// The answer the key itself gives, one entry per blank.
export function gapKeyAnswer(key: GapKey): string[] {
  if (!key.rules.anyOrder) return key.blanks.map((_, b) => samplesOf(key, b)[0] ?? '');
  return placeDistinct(key).map((c, b) => c ?? samplesOf(key, b)[0] ?? '');
}
