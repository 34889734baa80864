import { BLANK_MARKER, type ErrorDetail, OPTION_LABELS, zGapRules } from '@lyceum/contract';
import {
  find,
  formatAt,
  type GiftText,
  isAt,
  type Span,
  splitOn,
  starPattern,
  type TextFormat,
  textOf,
  toHtml,
  trimSpan,
  weightAt,
} from './gift-text';
import type { ParsedItem } from './types';

// A GIFT answer block ({...}) read into the bank's question, Moodle's way: the block's contents
// decide the kind (empty: essay; #: numerical; any ~: multiple choice; = with ->: matching; T, TRUE,
// F, FALSE: true/false; else short answer), and a block in the middle of the text is a "missing
// word" whose place in the stem is kept.

export interface Block {
  t: GiftText;
  // The answers, general feedback taken off, trimmed.
  answer: Span;
  // The general feedback (after ####) as HTML: the analysis.
  analysis: string;
  // The question text's format; answers and feedback take it unless they name their own.
  format: TextFormat;
  // The stem with `marker` where the block stood (a block at the end leaves no mark unless asked).
  stem: (marker: string | null) => string;
  inMiddle: boolean;
  // The Lyceum extension says a block at the end is the question's one blank (gap filling).
  gapAtEnd: boolean;
  score: number;
}

export interface Reading {
  input: Record<string, unknown> | null;
  unsupported?: string;
  problems: ParsedItem['problems'];
  notes: ErrorDetail[];
}

const MISSING = '_____';
const MAX_OPTIONS = OPTION_LABELS.length;

function addNote(r: Reading, detail: ErrorDetail) {
  if (!r.notes.some((n) => n.key === detail.key)) r.notes.push(detail);
}

interface Piece {
  text: string;
  format: TextFormat;
}

// One answer: its text (a leading [format] taken off) and whether it carried feedback (#...).
function answerPiece(b: Block, r: Reading, span: Span): Piece {
  const s = trimSpan(b.t, span);
  const hash = find(b.t, '#', s.from, s.to);
  if (hash >= 0 && textOf(b.t, trimSpan(b.t, { from: hash + 1, to: s.to })) !== '') {
    addNote(r, { key: 'noteFeedbackDropped' });
  }
  const own = trimSpan(b.t, { from: s.from, to: hash < 0 ? s.to : hash });
  const named = formatAt(b.t, own);
  const format = named?.format ?? b.format;
  if (format === 'markdown') addNote(r, { key: 'noteFormatText', params: { format: 'Markdown' } });
  return { text: textOf(b.t, trimSpan(b.t, { from: named?.next ?? own.from, to: own.to })), format };
}

// The pieces a block splits into on `separators`; a first piece before any separator counts only
// when it holds something (Moodle keeps it as an answer).
function pieces(b: Block, separators: string, span = b.answer) {
  return splitOn(b.t, span, separators).filter((p, i) => i > 0 || textOf(b.t, trimSpan(b.t, p.span)) !== '');
}

function base(b: Block, type: number, marker: string | null) {
  return { type, stem: b.stem(b.inMiddle ? marker : null), analysis: b.analysis, score: b.score };
}

function readChoice(b: Block, r: Reading) {
  const found = pieces(b, '~=');
  const options = found.map((p) => {
    let span = trimSpan(b.t, p.span);
    let fraction = p.mark === '=' ? 1 : 0;
    // As in Moodle, only a ~ answer carries a %weight%; after = the text is the answer.
    const weight = p.mark === '=' ? null : weightAt(b.t, span);
    if (weight) {
      fraction = weight.fraction;
      span = { from: weight.next, to: span.to };
    }
    const piece = answerPiece(b, r, span);
    return { fraction, content: toHtml(piece.text, piece.format) };
  });
  if (options.length > MAX_OPTIONS) {
    r.problems.push({ field: 'options', detail: { key: 'interopTooManyOptions', params: { max: MAX_OPTIONS } } });
    return;
  }
  const labelled = options.map((o, i) => ({ label: OPTION_LABELS[i], content: o.content }));
  if (options.some((o) => o.fraction < 0 && o.fraction > -1)) addNote(r, { key: 'noteNegativeFraction' });
  const first = found.findIndex((p) => p.mark === '=');
  if (first >= 0) {
    // Single choice: one answer is right; the marks others give in the file cannot be kept.
    if (options.some((o, i) => i !== first && o.fraction > 0)) addNote(r, { key: 'noteGiftPartialChoice' });
    if (options.some((o) => o.fraction <= -1)) addNote(r, { key: 'noteNegativeFraction' });
    r.input = { ...base(b, 1, MISSING), options: labelled, answer: OPTION_LABELS[first] };
    return;
  }
  const right = options.filter((o) => o.fraction > 0);
  if (!right.length) {
    r.problems.push({ field: 'answer', detail: { key: 'interopNoCorrect' } });
    return;
  }
  // Lyceum's multiple choice gives each right answer picked an equal share, and nothing once a
  // wrong one is picked: Moodle's equal shares with -100% on every wrong answer say exactly that.
  const sum = right.reduce((s, o) => s + o.fraction, 0);
  const equal = right.every((o) => Math.abs(o.fraction - right[0].fraction) < 1e-4) && Math.abs(sum - 1) < 1e-3;
  if (!equal) addNote(r, { key: 'noteGiftUnequalShares' });
  if (options.some((o) => o.fraction === 0)) addNote(r, { key: 'noteGiftWrongPicks' });
  r.input = {
    ...base(b, 2, MISSING),
    options: labelled,
    answer: labelled.filter((_, i) => options[i].fraction > 0).map((o) => o.label),
    partialCredit: 3,
  };
}

function readTrueFalse(b: Block, r: Reading) {
  const [answer, ...feedback] = splitOn(b.t, b.answer, '#');
  if (feedback.some((f) => textOf(b.t, trimSpan(b.t, f.span)) !== '')) addNote(r, { key: 'noteFeedbackDropped' });
  const word = textOf(b.t, trimSpan(b.t, answer.span));
  r.input = { ...base(b, 3, MISSING), answer: word === 'T' || word === 'TRUE' };
}

interface Scored {
  answer: string;
  fraction: number;
}

// A fraction as Lyceum keeps it: 0..1 (a negative mark is 0, said in a note).
function keptFraction(r: Reading, fraction: number): number {
  if (fraction < 0) addNote(r, { key: 'noteNegativeFraction' });
  if (fraction > 1) addNote(r, { key: 'noteFractionRounded' });
  return Math.min(1, Math.max(0, fraction));
}

// A weight after = (%50%), 100% when none is given.
function weighted(b: Block, r: Reading, span: Span): { fraction: number; span: Span } {
  const s = trimSpan(b.t, span);
  const weight = weightAt(b.t, s);
  return weight
    ? { fraction: keptFraction(r, weight.fraction), span: { from: weight.next, to: s.to } }
    : { fraction: 1, span: s };
}

function readShort(b: Block, r: Reading) {
  const answers: Scored[] = [];
  for (const p of pieces(b, '=')) {
    const w = weighted(b, r, p.span);
    const text = answerPiece(b, r, w.span).text;
    if (text !== '') answers.push({ answer: text, fraction: w.fraction });
  }
  if (!answers.some((a) => a.fraction === 1)) {
    r.problems.push({ field: 'answer', detail: { key: 'interopNoCorrect' } });
    return;
  }
  if (b.inMiddle || b.gapAtEnd) {
    // A missing word typed in: one blank, case ignored (Moodle's default), `*` a wildcard when any
    // answer has one (`\*` is then a star itself; without wildcards it is just a star).
    const wildcards = answers.some((a) => starPattern(a.answer).wildcard);
    const plain = (a: Scored) => (wildcards ? a.answer : starPattern(a.answer).literal);
    r.input = gap(
      b,
      answers.map((a) => ({ ...a, answer: plain(a) })),
      { wildcards },
    );
    return;
  }
  r.input = {
    ...base(b, 5, null),
    answer: { accepted: answers.map((a) => ({ ...a, tolerance: null })), caseSensitive: false },
    judgeType: 1,
  };
}

function gap(b: Block, answers: Scored[], ruleOverrides: { wildcards?: boolean }, blankRules?: object) {
  // The contract's defaults, with what the block says.
  const rules = zGapRules.parse(ruleOverrides);
  const blank = {
    score: b.score,
    answers: answers.filter((a) => a.fraction === 1).map((a) => a.answer),
    // A 0% answer earns nothing in a blank anyway (it only carried feedback in Moodle).
    partial: answers.filter((a) => a.fraction > 0 && a.fraction < 1),
    ...(blankRules ? { rules: blankRules } : {}),
  };
  return { ...base(b, 4, BLANK_MARKER), stem: b.stem(BLANK_MARKER), answer: { blanks: [blank], rules } };
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const tidy = (n: number) => Number(n.toPrecision(12));

interface Numeric extends Scored {
  tolerance: number;
}

// One numerical answer: 3.14:0.01 (value and tolerance), 1..5 (a range: its middle, give or take
// half its width) or 3 (exactly); `*` is any number.
function numericValue(b: Block, r: Reading, span: Span): { answer: string; tolerance: number } | null {
  const s = trimSpan(b.t, span);
  const range = find(b.t, '..', s.from + 1, s.to);
  const colon = range < 0 ? find(b.t, ':', s.from + 1, s.to) : -1;
  const cut = range >= 0 ? range : colon;
  const head = textOf(b.t, trimSpan(b.t, { from: s.from, to: cut < 0 ? s.to : cut }));
  const tail = cut < 0 ? '0' : textOf(b.t, trimSpan(b.t, { from: cut + (range >= 0 ? 2 : 1), to: s.to }));
  const headOk = NUMBER.test(head) || (head === '*' && range < 0);
  const bad = !headOk ? head : !NUMBER.test(tail) ? tail : null;
  if (bad !== null) {
    r.problems.push({ field: 'answer', detail: { key: 'interopNotNumber', params: { value: bad.slice(0, 40) } } });
    return null;
  }
  if (range < 0) return { answer: head, tolerance: Math.abs(Number(tail)) };
  const [low, high] = [Number(head), Number(tail)].sort((x, y) => x - y);
  const middle = tidy((low + high) / 2);
  return { answer: String(middle), tolerance: tidy(high - middle) };
}

function readNumerical(b: Block, r: Reading) {
  let span = { from: b.answer.from + 1, to: b.answer.to };
  // "~#feedback" after the answers is the feedback for any other number (Moodle's * at 0%).
  const other = find(b.t, '~', span.from, span.to);
  if (other >= 0) {
    if (
      textOf(b.t, trimSpan(b.t, { from: other + 1, to: span.to }))
        .replace(/^#/, '')
        .trim() !== ''
    ) {
      addNote(r, { key: 'noteFeedbackDropped' });
    }
    span = { from: span.from, to: other };
  }
  const answers: Numeric[] = [];
  for (const p of pieces(b, '=', span)) {
    const w = weighted(b, r, p.span);
    const hash = find(b.t, '#', w.span.from, w.span.to);
    if (hash >= 0 && textOf(b.t, trimSpan(b.t, { from: hash + 1, to: w.span.to })) !== '') {
      addNote(r, { key: 'noteFeedbackDropped' });
    }
    const value = numericValue(b, r, { from: w.span.from, to: hash < 0 ? w.span.to : hash });
    if (!value) return;
    answers.push({ ...value, fraction: w.fraction });
  }
  if (!answers.some((a) => a.fraction === 1)) {
    r.problems.push({ field: 'answer', detail: { key: 'interopNoCorrect' } });
    return;
  }
  // In a sentence (or a blank by the extension), one tolerance for all: a blank with its own.
  const oneTolerance = answers.every((a) => a.answer !== '*' && a.tolerance === answers[0].tolerance);
  if ((b.inMiddle || b.gapAtEnd) && oneTolerance) {
    r.input = gap(b, answers, {}, { numericTolerance: answers[0].tolerance });
    return;
  }
  r.input = { ...base(b, 5, MISSING), answer: { accepted: answers, caseSensitive: false }, judgeType: 1 };
}

export function readAnswerBlock(b: Block): Reading {
  const r: Reading = { input: null, problems: [], notes: [] };
  const { t, answer } = b;
  const has = (needle: string) => find(t, needle, answer.from, answer.to) >= 0;
  if (answer.from === answer.to) {
    // An essay: marked by hand; GIFT has no place for a reference answer.
    r.input = { ...base(b, 5, MISSING), answer: { reference: '', keywords: [] }, judgeType: 2 };
  } else if (isAt(t, '#', answer.from)) readNumerical(b, r);
  else if (has('~')) readChoice(b, r);
  else if (has('=') && has('->')) r.unsupported = 'matching';
  else {
    const hash = find(t, '#', answer.from, answer.to);
    const word = textOf(t, trimSpan(t, { from: answer.from, to: hash < 0 ? answer.to : hash }));
    if (['T', 'TRUE', 'F', 'FALSE'].includes(word)) readTrueFalse(b, r);
    else readShort(b, r);
  }
  if (r.problems.length) r.input = null;
  return r;
}
