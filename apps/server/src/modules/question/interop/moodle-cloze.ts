import { BLANK_MARKER, type ErrorDetail, type zBlank, type zGapRules } from '@lyceum/contract';
import type { z } from 'zod';
import { coded } from '../../../platform/errors';
import { formatNumber, MOODLE_NUMBER, referenceAt } from './moodle-text';

// Moodle's embedded answers (cloze, "multianswer"): subquestions written into the question text as
// `{weight:TYPE:=right#feedback~%50%half~wrong}`, both ways. A hand-written scanner, not one large
// pattern: the text comes from an uploaded file, and it is read once, left to right.

export type Blank = z.output<typeof zBlank>;
export type GapRules = z.output<typeof zGapRules>;
export type BlankRules = NonNullable<Blank['rules']>;

type Kind = 'SA' | 'SAC' | 'NM' | 'MC' | 'MR';
const KINDS = new Map<string, Kind>();
for (const [kind, names] of Object.entries({
  SA: 'SHORTANSWER SA MW',
  SAC: 'SHORTANSWER_C SAC MWC',
  NM: 'NUMERICAL NM',
  MC: 'MULTICHOICE MC MULTICHOICE_V MCV MULTICHOICE_H MCH MULTICHOICE_S MCS MULTICHOICE_VS MCVS MULTICHOICE_HS MCHS',
  MR: 'MULTIRESPONSE MR MULTIRESPONSE_H MRH MULTIRESPONSE_S MRS MULTIRESPONSE_HS MRHS',
}))
  for (const name of names.split(' ')) KINDS.set(name, kind as Kind);

interface Alternative {
  fraction: number;
  // The answer as written: escapes and character references still in it.
  raw: string;
  feedback: boolean;
}
interface Subquestion {
  weight: number;
  kind: Kind;
  name: string;
  alternatives: Alternative[];
}

const FRACTION = /^(?:=|%(-?[0-9]{1,6}(?:[.,][0-9]{0,9})?)%)/;

function alternative(written: string, feedback: boolean): Alternative {
  const m = FRACTION.exec(written);
  const fraction = !m ? 0 : m[1] === undefined ? 1 : Number(m[1].replace(',', '.')) / 100;
  return { fraction, raw: m ? written.slice(m[0].length) : written, feedback };
}

// The alternatives of one subquestion from `at` (just after `TYPE:`) to its closing brace; null when
// the brace never comes. `\x` escapes a character; a character reference (`&#126;`) is part of the
// answer, whatever it contains; `#` starts the feedback, which runs to the next `~` or `}`.
function scanAlternatives(text: string, at: number): { alternatives: Alternative[]; end: number } | null {
  const alternatives: Alternative[] = [];
  let start = at;
  let written = '';
  let inFeedback = false;
  for (let i = at; i < text.length; ) {
    const c = text[i];
    if (c === '\\' && i + 1 < text.length) {
      i += 2;
      continue;
    }
    if (c === '&' && !inFeedback) {
      const ref = referenceAt(text, i);
      if (ref) {
        i += ref.length;
        continue;
      }
    }
    if (c === '#' && !inFeedback) {
      written = text.slice(start, i);
      inFeedback = true;
    } else if (c === '~' || c === '}') {
      alternatives.push(alternative(inFeedback ? written : text.slice(start, i), inFeedback));
      inFeedback = false;
      start = i + 1;
      if (c === '}') return { alternatives, end: i + 1 };
    }
    i++;
  }
  return null;
}

const HEADER = /\{([0-9]{0,6}):([A-Z_]{2,17}):/y;

// The question text cut at its subquestions: parts.length is subquestions.length + 1.
function scanCloze(html: string): { parts: string[]; subquestions: Subquestion[]; unclosed: boolean } {
  const parts: string[] = [];
  const subquestions: Subquestion[] = [];
  const header = new RegExp(HEADER.source, 'y');
  let partStart = 0;
  for (let at = html.indexOf('{'); at !== -1; ) {
    header.lastIndex = at;
    const m = header.exec(html);
    const kind = m ? KINDS.get(m[2]) : undefined;
    if (!m || !kind) {
      at = html.indexOf('{', at + 1);
      continue;
    }
    const body = scanAlternatives(html, at + m[0].length);
    if (!body) return { parts: [...parts, html.slice(partStart)], subquestions, unclosed: true };
    parts.push(html.slice(partStart, at));
    subquestions.push({ weight: m[1] === '' ? 1 : Number(m[1]), kind, name: m[2], alternatives: body.alternatives });
    partStart = body.end;
    at = html.indexOf('{', partStart);
  }
  parts.push(html.slice(partStart));
  return { parts, subquestions, unclosed: false };
}

// Moodle's escapes in answers (`\}` is a brace), and character references, in one pass: what one
// turns into is never read again as the other.
const ESCAPABLE = new Set(['}', '#', '~', '/', '"', '\\']);
function answerText(raw: string): string {
  let out = '';
  for (let i = 0; i < raw.length; ) {
    const c = raw[i];
    if (c === '\\' && ESCAPABLE.has(raw[i + 1] ?? '')) {
      out += raw[i + 1];
      i += 2;
      continue;
    }
    if (c === '&') {
      const ref = referenceAt(raw, i);
      if (ref && ref.char !== null) {
        out += ref.char;
        i += ref.length;
        continue;
      }
    }
    out += c;
    i++;
  }
  return out.trim();
}

const NUMERIC = new RegExp(`^(${MOODLE_NUMBER.source.slice(1, -1)})(?::(${MOODLE_NUMBER.source.slice(1, -1)}))?$`);

export interface ClozeGaps {
  stem: string;
  blanks: Blank[];
  // A subquestion kind with no blank of ours (MULTIRESPONSE): the whole question is unsupported.
  unsupported?: string;
  notes: ErrorDetail[];
  problems: { field: string; detail: ErrorDetail }[];
}

// Blanks as Moodle marks them: a short answer compares the whole entry with `*` wildcards, in or out
// of case; a numerical one within a tolerance; a drop-down becomes a typed blank (noteChoiceBlank).
const RULES_OF: Record<Exclude<Kind, 'MR' | 'NM'>, BlankRules> = {
  SA: { ignoreCase: true, wildcards: true },
  SAC: { ignoreCase: false, wildcards: true },
  MC: { ignoreCase: true, wildcards: false },
};

function blankOf(sub: Subquestion, out: ClozeGaps): Blank {
  const answers: string[] = [];
  const partial: { answer: string; fraction: number }[] = [];
  const tolerances: number[] = [];
  for (const alt of sub.alternatives) {
    if (alt.feedback) out.notes.push(coded('noteFeedbackDropped'));
    if (alt.fraction < 0) out.notes.push(coded('noteNegativeFraction'));
    if (alt.fraction <= 0) continue;
    let text: string;
    if (sub.kind === 'NM') {
      const m = NUMERIC.exec(alt.raw.trim());
      if (m) {
        text = m[1].replace(',', '.');
        tolerances.push(Math.abs(Number((m[2] ?? '0').replace(',', '.'))));
      } else if (alt.raw.trim() === '*') text = '*';
      else {
        out.problems.push({ field: 'answer', detail: coded('interopNotNumber', { value: answerText(alt.raw) }) });
        continue;
      }
    } else if (sub.kind === 'MC') text = answerText(alt.raw.replace(/<[^<>]*>/g, ' ')).replace(/\s+/g, ' ');
    else text = answerText(alt.raw);
    if (text === '') continue;
    if (alt.fraction >= 1) answers.push(text);
    else partial.push({ answer: text, fraction: alt.fraction });
  }
  if (!answers.length) out.problems.push({ field: 'answer', detail: coded('interopNoCorrect') });
  let rules: BlankRules;
  if (sub.kind === 'NM') {
    if (tolerances.some((t) => t !== tolerances[0])) out.notes.push(coded('noteToleranceShared'));
    rules = { numericTolerance: tolerances[0] ?? 0 };
    if ([...answers, ...partial.map((p) => p.answer)].includes('*')) rules.wildcards = true;
  } else {
    if (sub.kind === 'MC') out.notes.push(coded('noteChoiceBlank'));
    rules = { ...RULES_OF[sub.kind === 'MR' ? 'MC' : sub.kind] };
  }
  return { score: sub.weight, answers, partial, rules };
}

// A `{` the writer wrote as `&#123;` so that it would not read as a subquestion, and a literal
// {{blank}} (which the bank would take for a blank).
const unescapeText = (part: string) =>
  part
    .replace(/&#123;(?=[0-9]*:)/g, '{')
    .split(BLANK_MARKER)
    .join('&#123;{blank}}');

// `toHtml` turns the text between subquestions into the bank's HTML (the question's text format).
export function readCloze(html: string, toHtml: (part: string) => string = (p) => p): ClozeGaps {
  const scan = scanCloze(html);
  const out: ClozeGaps = { stem: '', blanks: [], notes: [], problems: [] };
  if (scan.unclosed) out.problems.push({ field: 'stem', detail: coded('interopUnclosed') });
  const unsupported = scan.subquestions.find((s) => s.kind === 'MR');
  if (unsupported) out.unsupported = `cloze (${unsupported.name})`;
  if (!scan.subquestions.length) out.problems.push({ field: 'answer', detail: coded('blankAnswers') });
  if (scan.subquestions.length > 30)
    out.problems.push({ field: 'answer', detail: coded('interopTooManyBlanks', { max: 30 }) });
  out.blanks = scan.subquestions.map((s) => blankOf(s, out));
  out.stem = scan.parts.map((p) => toHtml(unescapeText(p))).join(BLANK_MARKER);
  return out;
}

// Writing. Answers are written with character references for everything the syntax or HTML gives a
// meaning (Moodle decodes references in answers before it compares); a star that is no wildcard is
// `\*`, as Moodle's short answer reads it.
const REFS: Record<string, string> = {
  '&': '&#38;',
  '<': '&#60;',
  '>': '&#62;',
  '"': '&#34;',
  '~': '&#126;',
  '}': '&#125;',
  '{': '&#123;',
  '#': '&#35;',
  '\\': '&#92;',
};
function encodeAnswer(answer: string, wildcards: boolean): string {
  let out = '';
  for (const c of answer) out += REFS[c] ?? (c === '*' && !wildcards ? '\\*' : c);
  return out;
}

const percent = (fraction: number) => formatNumber(fraction * 100);

export interface WrittenCloze {
  html: string;
  // Moodle weighs subquestions in whole numbers: half points are written doubled (the question's
  // <defaultgrade> says the real total, which the reader scales back to).
  doubled: boolean;
  // The rules the reader will give each blank from the standard syntax alone.
  standardRules: BlankRules[];
}

export function writeCloze(stem: string, answer: { blanks: Blank[]; rules: GapRules }): WrittenCloze {
  const { blanks, rules } = answer;
  const doubled = blanks.some((b) => !Number.isInteger(b.score));
  const standardRules: BlankRules[] = [];
  const codes = blanks.map((b) => {
    const own = b.rules ?? {};
    const ignoreCase = own.ignoreCase ?? rules.ignoreCase;
    const wildcards = own.wildcards ?? rules.wildcards;
    const tolerance = own.numericTolerance !== undefined ? own.numericTolerance : rules.numericTolerance;
    const relative = (own.toleranceMode ?? rules.toleranceMode) === 'relative';
    const all = [...b.answers.map((a) => ({ answer: a, fraction: 1 })), ...b.partial];
    // Moodle's numerical `*` (any number) is written bare: it takes no tolerance.
    const isStar = (a: string) => a.trim() === '*';
    const numeric = tolerance !== null && all.every((a) => isStar(a.answer) || MOODLE_NUMBER.test(a.answer.trim()));
    const weight = doubled ? b.score * 2 : b.score;
    const prefix = (fraction: number) => (fraction >= 1 ? '=' : `%${percent(fraction)}%`);
    if (numeric) {
      const within = (a: string) =>
        formatNumber(relative ? tolerance * Math.abs(Number(a.replace(',', '.'))) : tolerance);
      const alts = all.map((a) => {
        const text = a.answer.trim();
        return `${prefix(a.fraction)}${text}${isStar(text) ? '' : `:${within(text)}`}`;
      });
      const first = all.find((a) => !isStar(a.answer));
      const standard: BlankRules = { numericTolerance: first ? Number(within(first.answer.trim())) : 0 };
      if (all.some((a) => isStar(a.answer))) standard.wildcards = true;
      standardRules.push(standard);
      return `{${weight}:NUMERICAL:${alts.join('~')}}`;
    }
    standardRules.push({ ...RULES_OF[ignoreCase ? 'SA' : 'SAC'] });
    const alts = all.map((a) => `${prefix(a.fraction)}${encodeAnswer(a.answer, wildcards)}`);
    return `{${weight}:${ignoreCase ? 'SHORTANSWER' : 'SHORTANSWER_C'}:${alts.join('~')}}`;
  });
  const parts = stem.split(BLANK_MARKER).map((p) => p.replace(/\{(?=[0-9]*:)/g, '&#123;'));
  const html = parts.map((p, i) => (i < codes.length ? p + codes[i] : p)).join('');
  return { html, doubled, standardRules };
}
