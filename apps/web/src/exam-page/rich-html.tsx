import type { BLANK_MARKER } from '@lyceum/contract';
import { type ReactNode, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

// The stem's blank marker (the contract's BLANK_MARKER, typed by it so the two cannot differ).
const BLANK: typeof BLANK_MARKER = '{{blank}}';

// KaTeX comes in its own chunk the first time a formula is shown; until then (or offline, when it
// cannot be fetched) a formula shows its LaTeX source.
let formulas: Promise<typeof import('./formula')> | null = null;
export function preloadFormulas(): void {
  formulas ??= import('./formula').catch((err: unknown) => {
    formulas = null;
    throw err;
  });
}

function drawFormulas(root: HTMLElement): void {
  const pending = root.querySelectorAll<HTMLElement>('.formula[data-latex]:not([data-rendered])');
  if (pending.length === 0) return;
  for (const el of pending) if (!el.textContent) el.textContent = el.dataset.latex ?? '';
  preloadFormulas();
  formulas?.then((m) => m.renderFormulas(root)).catch(() => undefined);
}

interface Props {
  // Sanitised by the question bank when the question was saved.
  html: string;
  // Draws an input in place of each blank marker.
  renderBlank?: (index: number) => ReactNode;
  className?: string;
  inline?: boolean;
  id?: string;
}

// Question HTML: the server's sanitised markup as it is, formulas drawn, blanks as inputs.
export function RichHtml({ html, renderBlank, className, inline, id }: Props) {
  const ref = useRef<HTMLDivElement & HTMLSpanElement>(null);
  const [slots, setSlots] = useState<HTMLElement[]>([]);
  const markup = useMemo(() => {
    let n = 0;
    return html
      .split(BLANK)
      .reduce((acc, part, i) => (i === 0 ? part : `${acc}<span class="blank" data-blank="${n++}"></span>${part}`));
  }, [html]);

  const withBlanks = Boolean(renderBlank);
  // The slots depend only on the markup (React sets it again only when it changes).
  // biome-ignore lint/correctness/useExhaustiveDependencies: markup is what the element shows
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    drawFormulas(root);
    setSlots(withBlanks ? [...root.querySelectorAll<HTMLElement>('span.blank[data-blank]')] : []);
  }, [markup, withBlanks]);

  const Tag = inline ? 'span' : 'div';
  return (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: question HTML, sanitised by the question bank on save */}
      <Tag ref={ref} id={id} className={`rich-html ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: markup }} />
      {renderBlank && slots.map((slot, i) => createPortal(renderBlank(i), slot, `blank-${i}`))}
    </>
  );
}
