import { BLANK_MARKER } from '@lyceum/contract';
import katex from 'katex';
import 'katex/dist/katex.min.css';
import './rich-text.css';
import { type ReactNode, type RefObject, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

// The editor previews HTML the server has not cleaned yet: drop what the server would refuse anyway.
function safeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  for (const el of doc.body.querySelectorAll('script,style,iframe,object,embed,link,meta,form')) el.remove();
  for (const el of doc.body.querySelectorAll('*')) {
    for (const attr of [...el.attributes]) {
      const unsafeUrl = /^(href|src)$/i.test(attr.name) && /^\s*(javascript|data|vbscript):/i.test(attr.value);
      if (attr.name.toLowerCase().startsWith('on') || unsafeUrl) el.removeAttribute(attr.name);
    }
  }
  return doc.body.innerHTML;
}

export function renderFormulas(root: HTMLElement): void {
  for (const el of root.querySelectorAll<HTMLElement>('.formula[data-latex]')) {
    katex.render(el.dataset.latex ?? '', el, { throwOnError: false, displayMode: el.tagName === 'DIV' });
  }
}

interface Props {
  html: string;
  // Draws something (an input) in place of each blank marker; without it blanks show as a line.
  renderBlank?: (index: number) => ReactNode;
  className?: string;
  inline?: boolean;
}

// Question HTML as a student sees it: formulas drawn by KaTeX, blanks as inputs.
export function RichHtml({ html, renderBlank, className, inline }: Props) {
  const ref = useRef<HTMLElement>(null);
  const [slots, setSlots] = useState<HTMLElement[]>([]);
  const markup = useMemo(() => {
    let n = 0;
    const marked = html.split(BLANK_MARKER).reduce((acc, part, i) => {
      if (i === 0) return part;
      const slot = `<span class="blank" data-blank="${n++}"></span>`;
      return acc + slot + part;
    });
    return safeHtml(marked);
  }, [html]);

  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    root.innerHTML = markup;
    renderFormulas(root);
    setSlots([...root.querySelectorAll<HTMLElement>('span.blank[data-blank]')]);
  }, [markup]);

  return (
    <>
      {inline ? (
        <span ref={ref} className={`rich-html rich-html-inline ${className ?? ''}`} />
      ) : (
        <div ref={ref as RefObject<HTMLDivElement>} className={`rich-html ${className ?? ''}`} />
      )}
      {renderBlank && slots.map((slot, i) => createPortal(renderBlank(i), slot, `blank-${i}`))}
    </>
  );
}
