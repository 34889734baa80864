import type { ErrorDetail } from '@lyceum/contract';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

// The XML of a QTI package (manifest and items) as a small ordered tree. QTI 3.0 spells its elements
// `qti-choice-interaction` and its attributes `max-choices`; QTI 2.1 spells them `choiceInteraction`
// and `maxChoices`. Names are brought to the 2.1 spelling here, so one mapping reads both. Text and
// attribute values stay as written (entities not expanded): the reader decodes what it needs and
// writes the rest back as HTML.

export interface XElement {
  name: string;
  attrs: Record<string, string>;
  children: XNode[];
}
// Text as it stands in the file: `a &amp; b`. `cdata` marks text that was inside <![CDATA[ ]]>.
export interface XText {
  text: string;
  cdata?: boolean;
}
export type XNode = XElement | XText;

export const isElement = (n: XNode): n is XElement => 'name' in n;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  // No entity is expanded (an entity expansion attack has nothing to expand); the file is refused
  // before parsing when it declares any.
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  // imsmd:lom and lom, qti:assessmentItem and assessmentItem are the same element to us.
  removeNSPrefix: true,
  cdataPropName: '#cdata',
  ignoreDeclaration: true,
  ignorePiTags: true,
});

// QTI 3.0 names to QTI 2.1's: qti-text-entry-interaction -> textEntryInteraction.
const camel = (kebab: string) => kebab.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

type Raw = Record<string, unknown>;

function convert(raw: Raw[]): XNode[] {
  const out: XNode[] = [];
  for (const entry of raw) {
    if ('#text' in entry) {
      out.push({ text: String(entry['#text']) });
      continue;
    }
    if ('#cdata' in entry) {
      const inner = (entry['#cdata'] as Raw[]).map((t) => String(t['#text'] ?? '')).join('');
      out.push({ text: inner, cdata: true });
      continue;
    }
    const tag = Object.keys(entry).find((k) => k !== ':@');
    if (!tag) continue;
    const rawAttrs = (entry[':@'] ?? {}) as Record<string, unknown>;
    const qti = tag.startsWith('qti-');
    const attrs: Record<string, string> = {};
    for (const [k, v] of Object.entries(rawAttrs)) attrs[qti ? camel(k) : k] = String(v);
    out.push({ name: qti ? camel(tag.slice(4)) : tag, attrs, children: convert(entry[tag] as Raw[]) });
  }
  return out;
}

// The document element of an XML text, or why it cannot be read: a DOCTYPE or an entity
// declaration (refused, whatever it declares), or not well-formed (with the line).
export function readXml(text: string): { root: XElement } | { error: ErrorDetail } {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return { error: { key: 'interopDoctype' } };
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    return { error: { key: 'interopNotWellFormed', params: { line: valid.err.line, reason: valid.err.msg } } };
  }
  let parsed: Raw[];
  try {
    parsed = parser.parse(text) as Raw[];
  } catch (err) {
    // The validator passed it, but the parser has limits of its own (nesting depth).
    return { error: { key: 'interopNotWellFormed', params: { line: 1, reason: (err as Error).message } } };
  }
  const root = convert(parsed).find(isElement);
  if (!root) return { error: { key: 'interopNotWellFormed', params: { line: 1, reason: 'no root element' } } };
  return { root };
}

export const elements = (el: XElement | undefined, name?: string): XElement[] =>
  el ? el.children.filter((c): c is XElement => isElement(c) && (name === undefined || c.name === name)) : [];
export const child = (el: XElement | undefined, name: string): XElement | undefined =>
  el?.children.find((c): c is XElement => isElement(c) && c.name === name);

// Every element below `el` (depth first, in document order) that `wanted` picks.
export function descendants(el: XElement | undefined, wanted: (e: XElement) => boolean): XElement[] {
  const out: XElement[] = [];
  const walk = (e: XElement) => {
    for (const c of e.children) {
      if (!isElement(c)) continue;
      if (wanted(c)) out.push(c);
      walk(c);
    }
  };
  if (el) walk(el);
  return out;
}

// The five predefined entities and character references; another named entity (&nbsp; from HTML,
// never declared in the file) is kept as written, except the no-break space people paste.
const ENTITY = /&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z][a-z0-9]{1,31});/gi;
const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function fromReference(ref: string): string | null {
  if (ref[0] === '#') {
    const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : null;
  }
  return PREDEFINED[ref] ?? null;
}

export function decodeXml(raw: string): string {
  return raw.replace(ENTITY, (all, ref: string) => fromReference(ref) ?? all);
}

// The text of an element and everything in it, decoded.
export function plainText(node: XNode | undefined): string {
  if (!node) return '';
  if (!isElement(node)) return node.cdata ? node.text : decodeXml(node.text);
  return node.children.map(plainText).join('');
}

export const attr = (el: XElement | undefined, name: string): string | undefined => {
  const v = el?.attrs[name];
  return v === undefined ? undefined : decodeXml(v);
};

// Characters XML 1.0 cannot hold at all (C0 controls other than tab and line ends, U+FFFE/F).
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters being removed.
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
export const escapeText = (s: string) =>
  s.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

// Text as HTML: the file's own escapes canonical (&amp; &lt; &gt;, a character reference becomes
// its character), an HTML entity the file used kept for the browser.
export function htmlText(node: XText): string {
  if (node.cdata) return escapeText(node.text);
  let out = '';
  let at = 0;
  for (const m of node.text.matchAll(ENTITY)) {
    const index = m.index ?? 0;
    out += node.text.slice(at, index).replace(/>/g, '&gt;');
    const ch = fromReference(m[1]);
    out += ch === null || m[1] === 'nbsp' ? m[0] : escapeText(ch);
    at = index + m[0].length;
  }
  return out + node.text.slice(at).replace(/>/g, '&gt;');
}
