import sanitizeHtml from 'sanitize-html';

// Rich text (question stems, options, analyses) is cleaned on the server before it is stored, so a
// question can never carry script to a student: an allowlist of formatting tags, images from our
// file service or https, links over http(s) only, formulas as data-latex spans (KaTeX draws them),
// and nothing that runs: no script, no event handlers, no iframes, no styles.
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
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
  ],
  allowedAttributes: {
    span: ['data-latex', 'data-blank', 'class'],
    div: ['data-latex', 'class'],
    img: ['src', 'alt', 'width', 'height'],
    a: ['href', 'title', 'target', 'rel'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedClasses: { span: ['blank', 'formula'], div: ['formula'] },
  allowedSchemes: ['https', 'http'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !/^(https:\/\/|\/api\/file\/)/.test(frame.attribs.src ?? ''),
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

// Constructs that only an attack needs; rich text containing one is refused with a message naming
// the field (the sanitizer above would drop them anyway, but silently).
const UNSAFE =
  /<\s*(script|iframe|object|embed|style|link|meta|base|form)\b|\son[a-z]+\s*=|javascript\s*:|vbscript\s*:|srcdoc\s*=/i;

export function unsafeHtml(html: string): boolean {
  return UNSAFE.test(html);
}
