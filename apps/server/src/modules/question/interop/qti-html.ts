import { Parser } from 'htmlparser2';
import { decodeXml, escapeAttr, escapeText, htmlText, isElement, type XElement, type XNode } from './qti-xml';

// HTML between the bank and a QTI item. The bank holds HTML as its editor writes it (`<br>`,
// `&nbsp;`, an unclosed `<p>`); an item body is XML, so the writer passes it through an HTML parser
// and writes it back well-formed. The reader writes the item's XHTML back as HTML, in one spelling:
// void elements as `<img ... />`, text escaped as `&amp; &lt; &gt;` only.

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

// A special rendering of one element (an interaction, a blank), or undefined for the plain one.
export type Hook = (el: XElement) => string | undefined;

const xmlnsAttr = (name: string) => name === 'xmlns' || name.startsWith('xmlns:');

// Attributes (decoded values) as HTML, without the XML namespace declarations.
export const htmlAttrs = (attrs: Record<string, string>) =>
  Object.entries(attrs)
    .filter(([k]) => !xmlnsAttr(k))
    .map(([k, v]) => ` ${k}="${escapeAttr(v)}"`)
    .join('');
export const decodedAttrs = (el: XElement) =>
  Object.fromEntries(Object.entries(el.attrs).map(([k, v]) => [k, decodeXml(v)]));

export function toHtml(nodes: XNode[], hook?: Hook): string {
  let out = '';
  for (const n of nodes) {
    if (!isElement(n)) {
      out += htmlText(n);
      continue;
    }
    const special = hook?.(n);
    if (special !== undefined) {
      out += special;
      continue;
    }
    const attrs = htmlAttrs(decodedAttrs(n));
    out += VOID.has(n.name) ? `<${n.name}${attrs} />` : `<${n.name}${attrs}>${toHtml(n.children, hook)}</${n.name}>`;
  }
  return out;
}

// Names XML takes without a namespace declaration (a Word paste's <o:p> has none).
const XML_NAME = /^[A-Za-z_][\w.-]*$/;
const attrName = (name: string) => XML_NAME.test(name) || /^xml:[a-z]+$/.test(name);

// The bank's HTML as XHTML; `rewrite` may change an element's attributes (an image's address).
export function toXhtml(html: string, rewrite?: (name: string, attrs: Record<string, string>) => void): string {
  let out = '';
  // An element whose name XML cannot hold loses its tags; its content stays.
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (!XML_NAME.test(name)) return;
        const attrs = { ...attribs };
        rewrite?.(name, attrs);
        const a = Object.entries(attrs)
          .filter(([k]) => attrName(k))
          .map(([k, v]) => ` ${k}="${escapeAttr(v)}"`)
          .join('');
        out += VOID.has(name) ? `<${name}${a} />` : `<${name}${a}>`;
      },
      ontext(text) {
        out += escapeText(text);
      },
      onclosetag(name) {
        if (XML_NAME.test(name) && !VOID.has(name)) out += `</${name}>`;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return out;
}

// The words of some HTML, for a title.
export function htmlToText(html: string): string {
  let text = '';
  const parser = new Parser({ ontext: (t) => (text += t) }, { decodeEntities: true });
  parser.write(html);
  parser.end();
  return text.replace(/\s+/g, ' ').trim();
}
