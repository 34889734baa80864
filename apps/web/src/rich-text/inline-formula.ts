import katex from 'katex';
import 'katex/dist/katex.min.css';

// KaTeX for formulas inside one-line texts (one-line.tsx), in a chunk of its own: loaded the first time
// a table cell holds a formula.
export function drawInlineFormula(el: HTMLElement, latex: string): void {
  katex.render(latex, el, { throwOnError: false, displayMode: false });
}
