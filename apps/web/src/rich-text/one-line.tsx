import { PictureOutlined } from '@ant-design/icons';
import { Fragment, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { htmlText, textParts } from './plain-text';

type Drawer = typeof import('./inline-formula');
let drawer: Promise<Drawer> | null = null;
function loadDrawer(): Promise<Drawer> {
  drawer ??= import('./inline-formula').catch((err: unknown) => {
    drawer = null;
    throw err;
  });
  return drawer;
}

// One formula of a one-line text: its LaTeX until KaTeX has loaded (or when it cannot), then drawn. Keyed
// by its LaTeX, so React never updates the text KaTeX replaced.
function InlineFormula({ latex }: { latex: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [drawn, setDrawn] = useState(false);
  useLayoutEffect(() => {
    let live = true;
    loadDrawer()
      .then((m) => {
        if (!live || !ref.current) return;
        m.drawInlineFormula(ref.current, latex);
        setDrawn(true);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [latex]);
  return (
    <span ref={ref} className="one-line-formula" data-drawn={drawn ? '1' : undefined}>
      {latex}
    </span>
  );
}

// htmlText's picture sign as an icon (an emoji font is not everywhere).
function withPictures(text: string): ReactNode {
  if (!text.includes('🖼')) return text;
  let at = 0;
  return text.split('🖼').map((piece, i) => {
    const key = at;
    at += piece.length + 1;
    return (
      <Fragment key={key}>
        {i > 0 && <PictureOutlined className="one-line-picture" />}
        {piece}
      </Fragment>
    );
  });
}

// A one-line text (htmlText's delimited form or the server's stem texts) with its formulas drawn by
// KaTeX instead of shown as LaTeX: the question list, the paper builder, marking, the score analysis.
export function OneLine({ text }: { text: string }) {
  // Each part is keyed by where it starts in the text.
  let at = 0;
  const nodes = textParts(text).map((p) => {
    const key = at;
    at += p.text.length;
    return p.latex === undefined ? (
      <Fragment key={key}>{withPictures(p.text)}</Fragment>
    ) : (
      <InlineFormula key={`${key}:${p.latex}`} latex={p.latex} />
    );
  });
  return <>{nodes}</>;
}

// Rich text (a stem, an option) as one line with its formulas drawn.
export function OneLineHtml({ html, empty = '—' }: { html: string; empty?: string }) {
  const text = htmlText(html, 'delimited');
  return text ? <OneLine text={text} /> : empty;
}
