import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { invalidParams } from '../../../platform/errors';
import { decodeReferences } from './moodle-text';

// A Moodle XML file as a small tree of elements, after the checks every uploaded XML file gets: no
// DOCTYPE and no entity declarations (refused before parsing, so no expansion can happen), then
// well-formedness (the line and reason of the first fault). The parser keeps element order (a
// question's answers are in order) and CDATA as it is written.

export interface El {
  name: string;
  attrs: Record<string, string>;
  children: El[];
  // The element's own text: its text nodes (references decoded) and CDATA sections, in order.
  text: string;
  // Offset of its start tag in the file.
  start: number;
}

// A DOCTYPE or ENTITY declaration anywhere outside a CDATA section (inside one it is only text).
function refuseDeclarations(text: string) {
  const declaration = /<!(?:DOCTYPE|ENTITY)/i;
  for (let at = 0; at < text.length; ) {
    const open = text.indexOf('<![CDATA[', at);
    const outside = text.slice(at, open === -1 ? text.length : open);
    if (declaration.test(outside)) throw invalidParams('file', 'interopDoctype');
    if (open === -1) return;
    const close = text.indexOf(']]>', open + 9);
    // An unclosed section: well-formedness, checked next, names it.
    if (close === -1) return;
    at = close + 3;
  }
}

// Line numbers of offsets asked in increasing order (each question's start), in one pass overall.
export function lineCounter(text: string): (offset: number) => number {
  let scanned = 0;
  let line = 1;
  return (offset) => {
    if (offset < scanned) {
      scanned = 0;
      line = 1;
    }
    for (let i = text.indexOf('\n', scanned); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
      line++;
      scanned = i + 1;
    }
    return line;
  };
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  // Entities are refused above; the five XML ones and character references are decoded here.
  processEntities: false,
  htmlEntities: false,
  cdataPropName: '#cdata',
  ignoreDeclaration: true,
  ignorePiTags: true,
  captureMetaData: true,
});
const META = XMLParser.getMetaDataSymbol() as unknown as symbol;

type XmlNode = Record<string | symbol, unknown>;

function toElement(name: string, node: XmlNode): El {
  const attrs: Record<string, string> = {};
  for (const [k, v] of Object.entries((node[':@'] ?? {}) as Record<string, unknown>))
    attrs[k] = decodeReferences(String(v));
  const meta = node[META] as { startIndex?: number } | undefined;
  const el: El = { name, attrs, children: [], text: '', start: meta?.startIndex ?? 0 };
  for (const c of (node[name] ?? []) as XmlNode[]) {
    if ('#text' in c) el.text += decodeReferences(String(c['#text']));
    else if ('#cdata' in c) el.text += ((c['#cdata'] ?? []) as XmlNode[]).map((t) => String(t['#text'] ?? '')).join('');
    else {
      const tag = Object.keys(c).find((k) => k !== ':@');
      if (tag) el.children.push(toElement(tag, c));
    }
  }
  return el;
}

// The root element; throws invalidParams('file', ...) for a file that is refused whole.
export function parseXmlTree(text: string): El {
  refuseDeclarations(text);
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    const { line, msg } = valid.err;
    // Elements still open at the end (a cut file): the validator lists them and says line 1.
    const open = /^Invalid '\[/.test(msg) ? [...msg.matchAll(/"([^"]{1,100})"/g)].map((m) => m[1]) : [];
    if (open.length) {
      const last = lineCounter(text)(text.trimEnd().length);
      throw invalidParams('file', 'interopNotWellFormed', {
        line: last,
        reason: `the file ends before <${open.join('>, <')}> ${open.length > 1 ? 'are' : 'is'} closed`,
      });
    }
    throw invalidParams('file', 'interopNotWellFormed', { line, reason: msg });
  }
  let nodes: XmlNode[];
  try {
    nodes = parser.parse(text) as XmlNode[];
  } catch (e) {
    // The parser's own refusals (a tag named __proto__): the line of the name it quotes.
    const reason = e instanceof Error ? e.message : String(e);
    const quoted = /"([^"]{1,100})"/.exec(reason)?.[1];
    const at = quoted ? text.indexOf(quoted) : -1;
    throw invalidParams('file', 'interopNotWellFormed', { line: at === -1 ? 1 : lineCounter(text)(at), reason });
  }
  const root = nodes.find((n) => Object.keys(n).some((k) => !k.startsWith('#') && k !== ':@'));
  const tag = root && Object.keys(root).find((k) => k !== ':@');
  if (!root || !tag) throw invalidParams('file', 'interopNotWellFormed', { line: 1, reason: 'no root element' });
  return toElement(tag, root);
}

export const child = (el: El | undefined, name: string) => el?.children.find((c) => c.name === name);
export const childrenNamed = (el: El | undefined, name: string) => el?.children.filter((c) => c.name === name) ?? [];
// The trimmed text of a child element (Moodle trims every text it reads).
export const childText = (el: El | undefined, name: string) => child(el, name)?.text.trim() ?? '';
// <x><text>…</text></x>, Moodle's usual wrapping.
export const textOf = (el: El | undefined) => childText(el, 'text');
