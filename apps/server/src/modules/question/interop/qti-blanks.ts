import { BLANK_MARKER, JudgeType, QuestionType, zGapRules } from '@lyceum/contract';
import type { QtiExtension } from './qti-extension';
import { type ItemScope, numberOf, type ResponseDecl } from './qti-item-scope';
import { attr, child, descendants, elements, plainText, type XElement } from './qti-xml';

// Text entries and inline choices. Several, or one inside the text, make a gap-filling question with
// a {{blank}} where each sits: the correct response and the mapping's full-marks keys are a blank's
// answers, keys worth part of its marks its partial answers, the mapping's caseSensitive its case
// rule, a float or integer response compared with `equal` and a tolerance its numeric tolerance.
// An inline choice becomes a typed blank accepting the correct choice's text.
// One text entry alone in the last block of the body (the answer box under the question, as Moodle
// and most tools export a short answer) is a short answer matched whole: the mapping's keys in order
// with their share of the marks, or, for a number, each `equal` branch of response processing.

const round7 = (n: number) => Math.round(n * 1e7) / 1e7;
const fraction = (value: number, max: number) => Math.min(1, Math.max(0, round7(value / max)));
const numericType = (d: ResponseDecl | undefined) => d?.baseType === 'float' || d?.baseType === 'integer';

interface Tolerance {
  tolerance: number;
  mode: 'absolute' | 'relative';
}
function toleranceOf(eq: XElement): Tolerance {
  const mode = attr(eq, 'toleranceMode') ?? 'exact';
  const t = Number((attr(eq, 'tolerance') ?? '0').trim().split(/\s+/)[0]);
  if (mode === 'exact' || !Number.isFinite(t)) return { tolerance: 0, mode: 'absolute' };
  // QTI's relative tolerance is in per cent.
  return mode === 'relative' ? { tolerance: t / 100, mode: 'relative' } : { tolerance: t, mode: 'absolute' };
}
const refersTo = (el: XElement, id: string) =>
  elements(el, 'variable').some((v) => attr(v, 'identifier') === id) ||
  elements(el, 'correct').some((v) => attr(v, 'identifier') === id);
const equalsOf = (scope: ItemScope, id: string) => descendants(scope.rp, (e) => e.name === 'equal' && refersTo(e, id));

// The branches `if RESPONSE = v (within t) then SCORE := s`, in order (first match wins).
function numericBranches(scope: ItemScope, id: string) {
  const out: { value: string; tol: Tolerance; score: number }[] = [];
  for (const branch of descendants(scope.rp, (e) => e.name === 'responseIf' || e.name === 'responseElseIf')) {
    const [cond] = elements(branch);
    if (cond?.name !== 'equal' || !refersTo(cond, id)) continue;
    const value = plainText(child(cond, 'baseValue')).trim();
    const set = elements(branch, 'setOutcomeValue').find((s) => attr(s, 'identifier') === 'SCORE');
    const score = numberOf(plainText(child(set, 'baseValue')));
    if (value !== '' && score !== undefined) out.push({ value, tol: toleranceOf(cond), score });
  }
  return out;
}

interface ReadBlank {
  answers: string[];
  partial: { answer: string; fraction: number }[];
  weight?: number;
  ignoreCase?: boolean;
  tolerance?: Tolerance;
}

function mappingMax(d: ResponseDecl | undefined) {
  if (!d?.entries.length) return d?.upper;
  return d.upper ?? Math.max(...d.entries.map((e) => e.value));
}

function entryBlank(inter: XElement, scope: ItemScope): ReadBlank {
  const d = scope.decl(inter);
  const max = mappingMax(d);
  const answers = [...(d?.correct ?? [])];
  const partial: ReadBlank['partial'] = [];
  for (const e of d?.entries ?? []) {
    if (e.key === '') continue;
    if (max !== undefined && e.value >= max - 1e-9) answers.push(e.key);
    else if (e.value > 0 && max) partial.push({ answer: e.key, fraction: fraction(e.value, max) });
    else if (e.value < 0) scope.note({ key: 'noteNegativeFraction' });
  }
  const blank: ReadBlank = { answers: [...new Set(answers.filter((a) => a !== ''))], partial, weight: max };
  if (numericType(d) && d) {
    const eq = equalsOf(scope, d.id)[0];
    if (eq) blank.tolerance = toleranceOf(eq);
  } else if (d) {
    // A bare correct response is compared exactly (case and all); a mapping says per entry.
    blank.ignoreCase = d.entries.length > 0 && d.entries.every((e) => !e.caseSensitive);
  }
  return blank;
}

function inlineBlank(inter: XElement, scope: ItemScope): ReadBlank {
  scope.note({ key: 'noteChoiceBlank' });
  const d = scope.decl(inter);
  const text = new Map(elements(inter, 'inlineChoice').map((c) => [attr(c, 'identifier') ?? '', plainText(c).trim()]));
  const max = mappingMax(d);
  const answers = (d?.correct ?? []).map((id) => text.get(id) ?? '').filter((t) => t !== '');
  const partial: ReadBlank['partial'] = [];
  for (const e of d?.entries ?? []) {
    const t = text.get(e.key);
    if (!t) continue;
    if (max !== undefined && e.value >= max - 1e-9) answers.push(t);
    else if (e.value > 0 && max) partial.push({ answer: t, fraction: fraction(e.value, max) });
  }
  return { answers: [...new Set(answers)], partial, weight: max };
}

// Marks shared among blanks in half points, in proportion to their weights, adding up to the total.
export function shareScores(weights: (number | undefined)[], total: number, scope: ItemScope): number[] {
  const known = weights.filter((w): w is number => w !== undefined && w > 0);
  const fill = known.length ? known.reduce((s, w) => s + w, 0) / known.length : 1;
  const w = weights.map((x) => (x !== undefined && x > 0 ? x : fill));
  const sumW = w.reduce((s, x) => s + x, 0);
  const halves = Math.min(200, Math.max(w.length, Math.round(total * 2)));
  const quota = w.map((x) => (x / sumW) * halves);
  const base = quota.map((q) => Math.max(1, Math.floor(q + 1e-9)));
  const order = (cmp: (a: number, b: number) => number) => base.map((_, i) => i).sort(cmp);
  let sum = base.reduce((s, b) => s + b, 0);
  for (const i of order((a, b) => quota[b] - base[b] - (quota[a] - base[a]))) {
    if (sum >= halves) break;
    base[i]++;
    sum++;
  }
  for (const i of order((a, b) => quota[a] - base[a] - (quota[b] - base[b]))) {
    if (sum <= halves) break;
    if (base[i] > 1) {
      base[i]--;
      sum--;
    }
  }
  const scores = base.map((b) => b / 2);
  const exact = w.map((x) => (x / sumW) * total);
  if (scores.some((s, i) => Math.abs(s - exact[i]) > 1e-9)) {
    const show = (ns: number[]) => ns.map((n) => String(Math.round(n * 100) / 100)).join(' + ');
    scope.note({ key: 'noteScoreRounded', params: { from: show(exact), to: show(scores) } });
  }
  return scores;
}

function readGaps(body: XElement, inters: XElement[], scope: ItemScope): Record<string, unknown> {
  const stem = scope.html(body.children, (el) => (inters.includes(el) ? BLANK_MARKER : undefined)).trim();
  const read = inters.map((i) => (i.name === 'inlineChoiceInteraction' ? inlineBlank(i, scope) : entryBlank(i, scope)));
  if (read.length > 30) scope.problem('answer', { key: 'interopTooManyBlanks', params: { max: 30 } });
  if (read.some((b) => !b.answers.length)) scope.problem('answer', { key: 'interopNoCorrect' });
  const allWeighed = read.every((b) => b.weight !== undefined && b.weight > 0);
  const total = scope.declared ?? (allWeighed ? read.reduce((s, b) => s + (b.weight ?? 0), 0) : scope.defaultScore);
  const scores = shareScores(
    read.map((b) => b.weight),
    total,
    scope,
  );
  const ignoreCase = read.find((b) => b.ignoreCase !== undefined)?.ignoreCase ?? true;
  const blanks = read.map((b, i) => {
    const own: Record<string, unknown> = {};
    if (b.ignoreCase !== undefined && b.ignoreCase !== ignoreCase) own.ignoreCase = b.ignoreCase;
    if (b.tolerance) {
      own.numericTolerance = b.tolerance.tolerance;
      own.toleranceMode = b.tolerance.mode;
    }
    return {
      score: scores[i],
      answers: b.answers,
      partial: b.partial,
      ...(Object.keys(own).length ? { rules: own } : {}),
    };
  });
  const rules = zGapRules.parse({ ignoreCase });
  return {
    type: QuestionType.GapFilling,
    stem,
    answer: { blanks, rules },
    score: scores.reduce((s, x) => s + x, 0),
  };
}

// The block holding a lone text entry at the end of the body, when the item is a short answer.
function answerBox(body: XElement, inters: XElement[], ext: QtiExtension | null): XElement | undefined {
  const [only] = inters;
  if (inters.length !== 1 || only.name !== 'textEntryInteraction' || ext?.type === QuestionType.GapFilling) return;
  const blocks = elements(body).filter((e) => e.name !== 'feedbackBlock' && e.name !== 'rubricBlock');
  const last = blocks.at(-1);
  const holds = last && (last === only || descendants(last, (e) => e === only).length > 0);
  const bare =
    holds &&
    !(last.attrs.class ?? '').split(/\s+/).includes('lyceum-html') &&
    plainText(last).trim() === '' &&
    !descendants(last, (e) => e.name === 'img' || e.name === 'object').length &&
    blocks.length > 1;
  if (bare) return last;
  return ext?.type === QuestionType.ShortAnswer ? only : undefined;
}

function readShortAnswer(body: XElement, inter: XElement, box: XElement, scope: ItemScope) {
  const stem = scope.html(body.children, (el) => (el === box || el === inter ? '' : undefined)).trim();
  const d = scope.decl(inter);
  let accepted: { answer: string; fraction: number; tolerance: number | null }[] = [];
  let raw = scope.declared;
  let caseSensitive = false;
  if (numericType(d) && d) {
    const branches = numericBranches(scope, d.id);
    const abs = (value: string, t: Tolerance) =>
      t.mode === 'relative' ? round7(t.tolerance * Math.abs(Number(value))) : t.tolerance;
    if (branches.length) {
      raw ??= Math.max(...branches.map((b) => b.score));
      const full = raw;
      accepted = branches.map((b) => ({
        answer: b.value,
        fraction: fraction(b.score, full),
        tolerance: abs(b.value, b.tol),
      }));
    } else {
      const eq = equalsOf(scope, d.id)[0];
      const tol = eq ? toleranceOf(eq) : { tolerance: 0, mode: 'absolute' as const };
      accepted = d.correct.map((v) => ({ answer: v, fraction: 1, tolerance: abs(v, tol) }));
    }
  } else if (d) {
    const max = mappingMax(d);
    const keyed = new Set(d.entries.map((e) => e.key));
    accepted = d.correct.filter((v) => !keyed.has(v)).map((v) => ({ answer: v, fraction: 1, tolerance: null }));
    for (const e of d.entries) {
      if (e.value < 0) scope.note({ key: 'noteNegativeFraction' });
      if (e.key !== '' && max) accepted.push({ answer: e.key, fraction: fraction(e.value, max), tolerance: null });
    }
    raw ??= d.upper;
    caseSensitive = !(d.entries.length && d.entries.every((e) => !e.caseSensitive));
  }
  if (!accepted.some((a) => a.fraction === 1)) scope.problem('answer', { key: 'interopNoCorrect' });
  return {
    type: QuestionType.ShortAnswer,
    stem,
    answer: { reference: scope.reference.join(''), keywords: [], accepted, caseSensitive },
    judgeType: JudgeType.Automatic,
    score: scope.halfStep(raw ?? scope.defaultScore),
  };
}

export function readBlanks(body: XElement, inters: XElement[], scope: ItemScope, ext: QtiExtension | null) {
  const box = answerBox(body, inters, ext);
  return box ? readShortAnswer(body, inters[0], box, scope) : readGaps(body, inters, scope);
}
