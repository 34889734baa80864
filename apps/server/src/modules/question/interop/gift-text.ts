// GIFT text as the reader scans it. A backslash takes away the meaning of ~ = # { } : (and of
// itself), and \n is a line break; `literal` marks every character that came from an escape, so a
// search for syntax never stops on one. Searches walk positions by hand: no regular expression ever
// runs over a question's text, so a hostile file cannot make the reader backtrack.

export interface GiftText {
  text: string;
  literal: Uint8Array;
}

// A stretch of a GiftText: [from, to).
export interface Span {
  from: number;
  to: number;
}

const ESCAPABLE = '~=#{}:\\';

export function unescapeGift(raw: string): GiftText {
  const literal = new Uint8Array(raw.length);
  let text = '';
  let copied = 0;
  let i = raw.indexOf('\\');
  while (i >= 0 && i + 1 < raw.length) {
    const next = raw[i + 1];
    if (ESCAPABLE.includes(next) || next === 'n') {
      text += raw.slice(copied, i) + (next === 'n' ? '\n' : next);
      literal[text.length - 1] = 1;
      copied = i + 2;
      i = raw.indexOf('\\', copied);
    } else i = raw.indexOf('\\', i + 1);
  }
  text += raw.slice(copied);
  return { text, literal: literal.subarray(0, text.length) };
}

// Whether `needle` stands at `at` with none of its characters escaped.
export function isAt(t: GiftText, needle: string, at: number): boolean {
  if (!t.text.startsWith(needle, at)) return false;
  for (let k = 0; k < needle.length; k++) if (t.literal[at + k]) return false;
  return true;
}

export function find(t: GiftText, needle: string, from: number, to = t.text.length): number {
  for (let i = t.text.indexOf(needle, from); i >= 0 && i + needle.length <= to; i = t.text.indexOf(needle, i + 1)) {
    if (isAt(t, needle, i)) return i;
  }
  return -1;
}

export function findLast(t: GiftText, needle: string, from: number, to = t.text.length): number {
  if (to - needle.length < from) return -1;
  for (let i = t.text.lastIndexOf(needle, to - needle.length); i >= from; i = t.text.lastIndexOf(needle, i - 1)) {
    if (isAt(t, needle, i)) return i;
    if (i === 0) break;
  }
  return -1;
}

const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v';

export function trimSpan(t: GiftText, span: Span): Span {
  let { from, to } = span;
  while (from < to && isSpace(t.text[from])) from++;
  while (to > from && isSpace(t.text[to - 1])) to--;
  return { from, to };
}

export const textOf = (t: GiftText, span: Span) => t.text.slice(span.from, span.to);

// The pieces between the (unescaped) separators, each with the separator that opened it ('' for
// the first): `~a =b` split on "~=" gives '' (empty), '~' "a ", '=' "b".
export function splitOn(t: GiftText, span: Span, separators: string): { mark: string; span: Span }[] {
  const pieces: { mark: string; span: Span }[] = [];
  let mark = '';
  let start = span.from;
  for (let i = span.from; i < span.to; i++) {
    if (!t.literal[i] && separators.includes(t.text[i])) {
      pieces.push({ mark, span: { from: start, to: i } });
      mark = t.text[i];
      start = i + 1;
    }
  }
  pieces.push({ mark, span: { from: start, to: span.to } });
  return pieces;
}

// A weight such as %50% or %-33.33333% at the start of the span: its fraction (0.5) and the
// position after it; null when there is none (the text is then an answer starting with "%").
export function weightAt(t: GiftText, span: Span): { fraction: number; next: number } | null {
  if (!isAt(t, '%', span.from)) return null;
  const close = find(t, '%', span.from + 1, Math.min(span.to, span.from + 20));
  if (close < 0) return null;
  const body = t.text.slice(span.from + 1, close);
  if (!/^-*\d{1,3}(\.\d*)?$/.test(body)) return null;
  const percent = Number(body.replace(/^-+/, '-'));
  return { fraction: Math.round(percent * 1e5) / 1e7, next: close + 1 };
}

// The text formats GIFT names in square brackets at the start of a text.
export type TextFormat = 'moodle' | 'html' | 'plain' | 'markdown';
const FORMATS: readonly TextFormat[] = ['moodle', 'html', 'plain', 'markdown'];

// A leading [format] (Moodle reads only these four; anything else is text).
export function formatAt(t: GiftText, span: Span): { format: TextFormat; next: number } | null {
  if (!isAt(t, '[', span.from)) return null;
  const close = find(t, ']', span.from + 1, Math.min(span.to, span.from + 12));
  if (close < 0) return null;
  const name = t.text.slice(span.from + 1, close) as TextFormat;
  return FORMATS.includes(name) ? { format: name, next: close + 1 } : null;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// A text of the given format as the bank's HTML. Moodle's own format allows HTML and turns line
// breaks into <br>; plain and Markdown text are shown as they are written (Markdown is not rendered).
export function toHtml(text: string, format: TextFormat): string {
  if (format === 'html') return text;
  const html = format === 'moodle' ? text : escapeHtml(text);
  return html.replace(/\r?\n/g, '<br>');
}

// A short answer's text as Moodle compares it: whether a `*` is a wildcard (one not after a
// backslash), and the text with `\*` made a plain star when there is none.
export function starPattern(answer: string): { wildcard: boolean; literal: string } {
  let wildcard = false;
  for (let i = 0; i < answer.length; i++) {
    if (answer[i] === '\\' && answer[i + 1] === '*') i++;
    else if (answer[i] === '*') wildcard = true;
  }
  return { wildcard, literal: answer.split('\\*').join('*') };
}
