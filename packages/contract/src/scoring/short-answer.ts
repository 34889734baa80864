import { JudgeType } from '../enums/judge-type';
import {
  clamp,
  containsWord,
  matchSegments,
  near,
  normalizeText,
  readQuantity,
  round2,
  type Unit,
  wildcardSamples,
  wildcardSegments,
} from './matching';
import type { AcceptedAnswer, ScoreResult, SimpleKey, StudentAnswer } from './scoring';

type ShortKey = Extract<SimpleKey, { type: 5 }>;

// Keyword marking folds case, spaces and widths: a keyword is a hint for the marker, not an exact text.
const KEYWORD_RULES = { ignoreCase: true, normalizeSpace: true, fullHalfWidth: true };
// Numbers are read with widths folded (３.１４ is 3.14), whatever the text comparison does.
const NUMBER_RULES = { ignoreCase: false, normalizeSpace: true, fullHalfWidth: true };

// A student's answer as the whole-answer match compares it. As Moodle does, only composed and
// trimmed: the case is folded unless the key is case-sensitive, and inner spaces and widths count.
interface Response {
  text: string;
  quantity: number | null;
}

type Matcher = (r: Response) => boolean;

function compileAccepted(a: AcceptedAnswer, caseSensitive: boolean, units: readonly Unit[]): Matcher {
  const pattern = a.answer.normalize('NFC').trim();
  if (a.tolerance !== null) {
    // Moodle's numerical `*`: any answer that reads as a number (with a known unit or none).
    if (pattern === '*') return (r) => r.quantity !== null;
    const value = readQuantity(normalizeText(pattern, NUMBER_RULES), units);
    const tolerance = a.tolerance;
    // A "numeric" answer that is no number is compared as text below, so it can still be given.
    if (value !== null) return (r) => r.quantity !== null && near(value, r.quantity, tolerance);
  }
  // Moodle's short answer: `*` is always a wildcard and the whole answer must match.
  const segments = wildcardSegments(caseSensitive ? pattern : pattern.toLowerCase());
  return (r) => matchSegments(segments, r.text);
}

function acceptedScorer(max: number, key: ShortKey, accepted: AcceptedAnswer[]) {
  const caseSensitive = key.caseSensitive ?? false;
  const units = (key.units ?? [])
    .map((u) => ({ unit: normalizeText(u.unit, NUMBER_RULES), multiplier: u.multiplier }))
    .sort((x, y) => y.unit.length - x.unit.length);
  const matchers = accepted.map((a) => ({ fraction: a.fraction, matches: compileAccepted(a, caseSensitive, units) }));
  const pending = key.judge === JudgeType.Manual;
  return (answer: StudentAnswer): ScoreResult => {
    const raw = typeof answer === 'string' ? answer.normalize('NFC').trim() : '';
    let score = 0;
    // An empty answer is no answer: even a catch-all `*` gives it nothing.
    if (raw !== '') {
      const r: Response = {
        text: caseSensitive ? raw : raw.toLowerCase(),
        quantity: readQuantity(normalizeText(raw, NUMBER_RULES), units),
      };
      const first = matchers.find((m) => m.matches(r));
      score = first ? clamp(round2(first.fraction * max), max) : 0;
    }
    return { score, max, pending, parts: [{ index: 0, score, max, correct: pending ? null : score === max }] };
  };
}

function keywordScorer(max: number, key: ShortKey) {
  const words = key.keywords.map((k) => ({ word: normalizeText(k.word, KEYWORD_RULES), points: k.points }));
  const wholeWord = key.wholeWord ?? false;
  const pending = key.judge === JudgeType.Manual;
  return (answer: StudentAnswer): ScoreResult => {
    const text = typeof answer === 'string' ? normalizeText(answer, KEYWORD_RULES) : '';
    const parts = words.map((w, i) => {
      const hit = containsWord(text, w.word, wholeWord);
      return { index: i, score: hit ? w.points : 0, max: w.points, correct: pending ? null : hit };
    });
    const score = clamp(
      parts.reduce((s, p) => s + p.score, 0),
      max,
    );
    return { score, max, pending, parts };
  };
}

// Whole-answer matching when the key has accepted answers (the first that matches, in order, gives its
// fraction of the marks), keyword marking otherwise.
export function shortAnswerScorer(max: number, key: ShortKey): (answer: StudentAnswer) => ScoreResult {
  const accepted = key.accepted ?? [];
  return accepted.length ? acceptedScorer(max, key, accepted) : keywordScorer(max, key);
}

// The answer the key gives: a text each full-marks accepted answer matches (a pattern without its
// stars, a number as written, 0 for "any number"), the first that is not caught by an earlier answer
// worth less; or the keywords one after another.
export function shortKeyAnswer(key: ShortKey): string {
  const accepted = key.accepted ?? [];
  if (!accepted.length) return key.keywords.map((k) => k.word).join(' ');
  const candidates = accepted
    .filter((a) => a.fraction === 1)
    .flatMap((a) => {
      const text = a.answer.normalize('NFC').trim();
      if (a.tolerance === null) return wildcardSamples(text);
      return text === '*' ? ['0'] : [text, ...wildcardSamples(text)];
    });
  const score = acceptedScorer(1, key, accepted);
  return candidates.find((c) => score(c).score === 1) ?? candidates[0] ?? accepted[0].answer;
}
