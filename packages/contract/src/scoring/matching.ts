// Text and number matching shared by the scorers: normalising entries, reading numbers (with
// units), Moodle-style `*` wildcards and whole-word search. Everything here is linear (or close to
// it) in the length of the answer, since answers come from students and may be long on purpose.

export interface TextRules {
  ignoreCase: boolean;
  // Trim and collapse runs of spaces.
  normalizeSpace: boolean;
  // Full-width and half-width forms count as the same (Ａ and A, １ and 1, the ideographic space).
  fullHalfWidth: boolean;
}

export const round2 = (n: number) => Math.round(n * 100) / 100;
export const clamp = (n: number, max: number) => round2(Math.min(max, Math.max(0, n)));

// Super- and subscripts, and the squared unit signs (㎡), keep their form when widths are folded:
// NFKC would turn 10² into 102 and ㎡ into m2, which are other answers.
const KEEP_FORM =
  /[\u00aa\u00b2\u00b3\u00b9\u00ba\u02b0-\u02b8\u02e0-\u02e4\u1d2c-\u1d6a\u1d78\u1d9b-\u1dbf\u2070-\u209f\u2c7c\u2c7d\u3371-\u33df\ua69c\ua69d\ua770\ua7f8\ua7f9]/u;
const FOLDABLE = new RegExp(`[^${KEEP_FORM.source.slice(1, -1)}]+`, 'gu');

export function normalizeText(value: string, rules: TextRules): string {
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
export function entryIdentity(value: string, rules: TextRules) {
  const text = normalizeText(value, rules);
  const n = parseNumber(text);
  return n === null ? `t:${text}` : `n:${n}`;
}

// Binary fractions make 7 - 6.3 come out a hair above 0.7; this slack absorbs that and scales with
// the numbers compared, so a tolerance of 0 around 1e-20 still refuses 1.0000001e-20.
const RELATIVE_SLACK = 1e-12;

// Whether `value` is `key` within the tolerance (none: the same number); 'relative' reads the
// tolerance as a share of the key.
export function near(key: number, value: number, tolerance: number | null, relative = false): boolean {
  if (tolerance === null) return key === value;
  const allowed = relative ? tolerance * Math.abs(key) : tolerance;
  return Math.abs(key - value) <= allowed + RELATIVE_SLACK * Math.max(Math.abs(key), Math.abs(value));
}

export interface Unit {
  unit: string;
  multiplier: number;
}

// A number with an optional unit after it ("2 km", "314cm", "3%"), in the base unit: the value
// divided by the unit's multiplier (Moodle's numerical units). No unit is the base unit; a unit not
// in the list makes it no number at all. Units are compared exactly (m and M are other units).
// `units` must be sorted longest first, so "cm" is tried before "m".
export function readQuantity(text: string, units: readonly Unit[]): number | null {
  const s = text.trim();
  const bare = parseNumber(s);
  if (bare !== null) return bare;
  for (const u of units) {
    if (!s.endsWith(u.unit)) continue;
    const n = parseNumber(s.slice(0, s.length - u.unit.length));
    if (n !== null) return n / u.multiplier;
  }
  return null;
}

// A Moodle short-answer pattern cut at its runs of unescaped `*` (each run: any characters, none
// included); `\*` is a star itself and any other backslash is itself. A pattern without stars is one
// segment and matches only the same text.
export function wildcardSegments(pattern: string): string[] {
  const segments: string[] = [];
  let current = '';
  let starred = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\' && pattern[i + 1] === '*') {
      current += '*';
      i++;
    } else if (c === '*') {
      if (!starred) segments.push(current);
      current = '';
      starred = true;
      continue;
    } else current += c;
    starred = false;
  }
  segments.push(current);
  return segments;
}

// Whether the whole text matches the segments. The first and last segments are anchored; the middle
// ones are taken leftmost in turn, which is enough for patterns whose only wildcard is `*` and never
// backtracks (a RegExp of `.*` runs can take exponential time on a long answer that nearly matches).
export function matchSegments(segments: readonly string[], text: string): boolean {
  const last = segments.length - 1;
  if (last === 0) return text === segments[0];
  const head = segments[0];
  const tail = segments[last];
  if (text.length < head.length + tail.length || !text.startsWith(head) || !text.endsWith(tail)) return false;
  const end = text.length - tail.length;
  let at = head.length;
  for (let i = 1; i < last; i++) {
    const found = text.indexOf(segments[i], at);
    if (found === -1 || found + segments[i].length > end) return false;
    at = found + segments[i].length;
  }
  return true;
}

// Texts that match a pattern, to show as the key's answer: the pattern without its stars first
// (F*og gives Fog, x\*y gives x*y), then with each run of stars as one letter, for patterns whose
// starless form normalises away (an answer of spaces around a star).
export function wildcardSamples(pattern: string): string[] {
  const segments = wildcardSegments(pattern);
  return segments.length === 1 ? [segments[0]] : [segments.join(''), segments.join('x')];
}

// Whole words. Letters and digits of scripts that separate words with spaces (Latin, Cyrillic,
// Greek, Arabic, …) are word characters: "cat" is not found in "concatenate" or "cats". Chinese,
// Japanese, Korean and the South-East Asian scripts written without spaces (Thai, Lao, Khmer,
// Myanmar) do not mark words that way, so their characters never join a word: "光合作用" is found
// in "植物的光合作用", "作用" in "光合作用" too (telling Chinese words apart needs a dictionary), and
// "cat" in "我的cat很小" (a Latin word directly beside Chinese text is a word of its own). Hangul is
// among them because Korean particles attach to the word ("고양이가" holds "고양이").
const WORD_CHAR = /^[\p{L}\p{N}\p{M}]$/u;
const UNSPACED =
  /^[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}\p{scx=Bopomofo}\p{scx=Thai}\p{scx=Lao}\p{scx=Khmer}\p{scx=Myanmar}]$/u;
const joinsWords = (c: string | undefined) => c !== undefined && WORD_CHAR.test(c) && !UNSPACED.test(c);

function charBefore(text: string, at: number): string | undefined {
  if (at <= 0) return undefined;
  const low = text.charCodeAt(at - 1);
  const pair = at >= 2 && low >= 0xdc00 && low <= 0xdfff;
  return pair ? text.slice(at - 2, at) : text[at - 1];
}
const charAt = (text: string, at: number) => {
  const cp = text.codePointAt(at);
  return cp === undefined ? undefined : String.fromCodePoint(cp);
};

// Whether `text` holds `word` (both normalised alike); as a whole word when asked.
export function containsWord(text: string, word: string, wholeWord: boolean): boolean {
  if (word === '') return false;
  if (!wholeWord) return text.includes(word);
  // A boundary matters only where the word's own edge character joins words.
  const checkStart = joinsWords(charAt(word, 0));
  const checkEnd = joinsWords(charBefore(word, word.length));
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    const startOk = !checkStart || !joinsWords(charBefore(text, at));
    const endOk = !checkEnd || !joinsWords(charAt(text, at + word.length));
    if (startOk && endOk) return true;
  }
  return false;
}
