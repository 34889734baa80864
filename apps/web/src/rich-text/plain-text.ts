import { BLANK_MARKER } from '@lyceum/contract';

// Rich text as one line of plain text for tables and titles: blanks as a line, images as a picture sign,
// formulas as their LaTeX; with `delimited`, each formula's LaTeX between \( and \), the form the
// server's one-line texts use too and <OneLine> draws (one-line.tsx).
export function htmlText(html: string, formulas: 'source' | 'delimited' = 'source'): string {
  const doc = new DOMParser().parseFromString(`<body>${html.split(BLANK_MARKER).join(' ____ ')}</body>`, 'text/html');
  for (const f of doc.body.querySelectorAll<HTMLElement>('.formula[data-latex]'))
    f.textContent = formulas === 'delimited' ? `\\(${f.dataset.latex}\\)` : ` ${f.dataset.latex} `;
  for (const img of doc.body.querySelectorAll('img')) img.replaceWith('🖼');
  return (doc.body.textContent ?? '')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .trim();
}

export interface TextPart {
  text: string;
  // Set when the part is a formula: its LaTeX.
  latex?: string;
}

// One-line text split into plain parts and the formulas between \( and \).
export function textParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const m of text.matchAll(/\\\((.+?)\\\)/gs)) {
    if (m.index > at) parts.push({ text: text.slice(at, m.index) });
    parts.push({ text: m[0], latex: m[1] });
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

// The same text with each formula's LaTeX as it is (for a title or a tooltip).
export function textSource(text: string): string {
  return textParts(text)
    .map((p) => p.latex ?? p.text)
    .join('');
}
