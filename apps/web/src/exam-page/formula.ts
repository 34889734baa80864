import katex from 'katex';
import 'katex/dist/katex.min.css';

// Loaded only when the paper holds formulas (KaTeX is most of the page's weight otherwise).
export function renderFormulas(root: HTMLElement): void {
  for (const el of root.querySelectorAll<HTMLElement>('.formula[data-latex]')) {
    katex.render(el.dataset.latex ?? '', el, { throwOnError: false, displayMode: el.tagName === 'DIV' });
    el.dataset.rendered = '1';
  }
}
