import { errorText } from '@lyceum/contract';
import sanitizeHtml from 'sanitize-html';

// Rich text (question stems, options, analyses) is cleaned on the server before it is stored, so a
// question can never carry script to a student: an allowlist of formatting tags, images from our
// file service or https, links over http(s) only, formulas as data-latex spans (KaTeX draws them),
// and nothing that runs: no script, no event handlers, no iframes, no styles.
const TAGS = [
  'p',
  'br',
  'hr',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'span',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'code',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'img',
  'a',
];
const ATTRIBUTES: Record<string, string[]> = {
  span: ['data-latex', 'data-blank', 'class'],
  div: ['data-latex', 'class'],
  img: ['src', 'alt', 'width', 'height'],
  a: ['href', 'title', 'target', 'rel'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
  ol: ['start'],
};
const CLASSES: Record<string, string[]> = { span: ['blank', 'formula'], div: ['formula'] };
const LINK_SCHEMES = ['https', 'http'];
const IMAGE_SCHEMES = ['https'];
// An image is an https address or, resolved as the browser would, exactly one of our uploads:
// /api/file/1/../../message/view/8 starts like a file but asks for something else.
const FILE_IMAGE = /^\/api\/file\/[1-9][0-9]*$/;
const PAGE_ORIGIN = 'https://page.invalid';
function isOurImage(src: string): boolean {
  if (src.startsWith('https://')) return true;
  if (!src.startsWith('/')) return false;
  try {
    const url = new URL(src, PAGE_ORIGIN);
    return url.origin === PAGE_ORIGIN && FILE_IMAGE.test(url.pathname);
  } catch {
    return false;
  }
}
const LINK_TRANSFORM: Record<string, sanitizeHtml.Transformer> = {
  a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
};

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: TAGS,
  allowedAttributes: ATTRIBUTES,
  allowedClasses: CLASSES,
  allowedSchemes: LINK_SCHEMES,
  allowedSchemesByTag: { img: IMAGE_SCHEMES },
  allowProtocolRelative: false,
  transformTags: LINK_TRANSFORM,
  exclusiveFilter: (frame) => frame.tag === 'img' && !isOurImage(frame.attribs.src ?? ''),
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

// The same parser and serializer with nothing removed: its output differs from the cleaned one only
// where the cleaning removed something (quoting, <br />, entities and the link rel/target come out
// the same both ways). Class lists are tidied as the cleaning tidies them; style is kept verbatim;
// 'escape' mode (no tag is disallowed here) only appends an unfinished tag at the end, which the
// parser would otherwise drop from both.
function normalise(html: string, onOpenTag: (tag: string, attribs: sanitizeHtml.Attributes) => void): string {
  return sanitizeHtml(html, {
    disallowedTagsMode: 'escape',
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    allowedSchemesAppliedToAttributes: [],
    parseStyleAttributes: false,
    transformTags: {
      ...LINK_TRANSFORM,
      '*': (tagName, attribs) => {
        // In place, so the attributes keep their order.
        if (attribs.class !== undefined) {
          const tidy = attribs.class.split(/\s+/).filter(Boolean).join(' ');
          if (tidy) attribs.class = tidy;
          else delete attribs.class;
        }
        return { tagName, attribs };
      },
    },
    onOpenTag,
  });
}

// What the browser (and the parser) ignores before reading a URL's scheme, as the cleaning does.
function scheme(url: string): string | null {
  const bare = [...url]
    .filter((c) => c.charCodeAt(0) > 0x20)
    .join('')
    .replace(/<!--[\s\S]*?-->/g, '');
  if (/^[/\\]{2}/.test(bare)) return '//';
  return /^([a-zA-Z][a-zA-Z0-9.+-]*):/.exec(bare)?.[1].toLowerCase() ?? null;
}

// Comments, <!DOCTYPE>, <?...?> and "</ " outside attribute values: the parser swallows them and the
// text they run over, so they would vanish without any tag or attribute being reported.
const SWALLOWED = /<(?:[!?]|\/(?![a-zA-Z]))/g;

function describe(tags: { tag: string; attribs: sanitizeHtml.Attributes }[], html: string): string[] {
  const problems: string[] = [];
  const add = (p: string) => {
    if (!problems.includes(p)) problems.push(p);
  };
  let inAttributes = 0;
  for (const { tag, attribs } of tags) {
    for (const value of Object.values(attribs)) inAttributes += value.match(SWALLOWED)?.length ?? 0;
    if (!TAGS.includes(tag)) {
      add(`<${tag}>`);
      continue;
    }
    for (const [name, value] of Object.entries(attribs)) {
      if (!ATTRIBUTES[tag]?.includes(name)) add(`attribute ${name} on <${tag}>`);
      else if (name === 'class') {
        for (const c of value.split(/\s+/).filter(Boolean))
          if (!CLASSES[tag]?.includes(c)) add(`class "${c}" on <${tag}>`);
      } else if (tag === 'a' && name === 'href') {
        const s = scheme(value);
        if (s === '//') add('a link without http(s)');
        else if (s && !LINK_SCHEMES.includes(s)) add(`a ${s}: link`);
      } else if (tag === 'img' && name === 'src') {
        const s = scheme(value);
        if (!isOurImage(value) || (s && !IMAGE_SCHEMES.includes(s)))
          add(s && s !== '//' ? `an image from a ${s}: address` : 'an image that is not an upload or https');
      }
    }
    if (tag === 'img' && attribs.src === undefined) add('an image without a source');
  }
  if (/<[a-zA-Z/][^>]*$/.test(html)) add('an unfinished tag at the end (write &lt; for a literal <)');
  if ((html.match(SWALLOWED)?.length ?? 0) > inAttributes) add('a comment or a bare "<!", "<?" or "</" (write &lt;)');
  return problems;
}

// Rich text is refused, not silently changed: null when the cleaning would keep it as it is, else a
// message naming what is not allowed ("contains HTML that is not allowed here: <svg>").
export function disallowedHtml(html: string): string | null {
  const what = disallowedHtmlWhat(html);
  return what === null ? null : errorText('en', { key: 'unsafeHtml', params: { what } });
}

// What disallowedHtml names, as the `what` of the catalogue's unsafeHtml (": <svg>, <iframe>", or ''
// when the cleaning changes the text without a tag to blame); null when the HTML is allowed.
export function disallowedHtmlWhat(html: string): string | null {
  const tags: { tag: string; attribs: sanitizeHtml.Attributes }[] = [];
  const normalised = normalise(html, (tag, attribs) => tags.push({ tag, attribs: { ...attribs } }));
  const problems = describe(tags, html);
  if (normalised === sanitizeRichText(html) && !problems.length) return null;
  const shown = problems.slice(0, 3).join(', ');
  return shown ? `: ${shown}` : '';
}
