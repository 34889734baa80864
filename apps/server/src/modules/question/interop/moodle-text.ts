// Text helpers the Moodle XML reader and writer share: character references, CDATA, plain text
// as HTML, and numbers written the way Moodle reads them. Every pattern here is linear: the text
// comes from an uploaded file.

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const REFERENCE = /&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});/g;

function referenced(body: string): string | null {
  if (body[0] !== '#') return NAMED[body] ?? null;
  const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
  // Surrogates and values past Unicode are no characters: the reference stays as it was written.
  if (!Number.isInteger(code) || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return null;
  return String.fromCodePoint(code);
}

// The reference written at `at` (`&amp;`, `&#126;`): its length, and the character it stands for
// (null for a name this reader does not know); null when no reference starts there.
export function referenceAt(text: string, at: number): { char: string | null; length: number } | null {
  const sticky = new RegExp(REFERENCE.source, 'y');
  sticky.lastIndex = at;
  const m = sticky.exec(text);
  return m ? { char: referenced(m[1]), length: m[0].length } : null;
}

// XML's five named references and numeric ones (with entity processing off, the parser leaves them
// in text and attributes). `&nbsp;` too: HTML means it, and an answer typed in Moodle's editor may
// carry it. Other names stay as written, which HTML shows the same.
export function decodeReferences(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, (whole, body: string) => referenced(body) ?? whole);
}

export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// Characters XML 1.0 cannot carry even in CDATA (control characters, lone surrogates): dropped, or
// the file would not be well-formed.
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed.
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
export const xmlSafe = (s: string) => s.replace(NOT_XML, '');

// Element content: as it is when it has nothing to escape, else one CDATA section; a `]]>` inside
// is split across two sections (`]]` ends one, `>` starts the next), which reads back as the same text.
export function xmlContent(s: string): string {
  const safe = xmlSafe(s);
  if (!/[<>&"']/.test(safe)) return safe;
  return `<![CDATA[${safe.replace(/\]\]>/g, ']]]]><![CDATA[>')}]]>`;
}

export const xmlAttr = (s: string) =>
  xmlSafe(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;').replace(/\n/g, '&#10;');

// Plain text as HTML: escaped, line breaks kept.
export const plainToHtml = (s: string) => escapeHtml(s).replace(/\r?\n/g, '<br />');

// Visible text of an HTML fragment, for names and for a choice typed into a blank.
export function htmlToText(html: string): string {
  return decodeReferences(html.replace(/<[^<>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

// A number as Moodle reads it back (no float noise: 0.1 * 3 is written 0.3).
export const formatNumber = (n: number) => String(Number(n.toPrecision(12)));

// Moodle's numbers: an optional minus, digits with an optional decimal point or comma, an optional
// exponent. Unambiguous, so a failed match costs one pass.
export const MOODLE_NUMBER = /^-?(?:[0-9]+(?:[.,][0-9]*)?|[.,][0-9]+)(?:[eE][-+]?[0-9]+)?$/;
export function readNumber(text: string): number | null {
  const t = text.trim();
  if (!MOODLE_NUMBER.test(t)) return null;
  const n = Number(t.replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

// The fractions Moodle's importer accepts for an answer (its grade list, to within 0.00001; a file
// with any other is refused): the nearest one to a fraction of ours.
const MOODLE_FRACTIONS = [
  1, 0.9, 0.8333333, 0.8, 0.75, 0.7, 0.6666667, 0.6, 0.5, 0.4, 0.3333333, 0.3, 0.25, 0.2, 0.1666667, 0.1428571, 0.125,
  0.1111111, 0.1, 0.05, 0,
];
export function moodleFraction(fraction: number): number {
  return MOODLE_FRACTIONS.reduce((best, f) => (Math.abs(f - fraction) < Math.abs(best - fraction) ? f : best), 1);
}

// Half points, as the bank keeps scores; between 0.5 and 100.
export function halfPoints(n: number): number {
  return Math.min(100, Math.max(0.5, Math.round(n * 2) / 2));
}
