import { BLANK_MARKER } from '@lyceum/contract';

// Rich text as one line of plain text for tables and titles: formulas as their LaTeX, blanks as a line,
// images as a picture sign.
export function htmlText(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html.split(BLANK_MARKER).join(' ____ ')}</body>`, 'text/html');
  for (const f of doc.body.querySelectorAll<HTMLElement>('.formula[data-latex]'))
    f.textContent = ` ${f.dataset.latex} `;
  for (const img of doc.body.querySelectorAll('img')) img.replaceWith('🖼');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
