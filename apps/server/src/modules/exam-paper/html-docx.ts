import { BLANK_MARKER } from '@lyceum/contract';
import {
  BorderStyle,
  ExternalHyperlink,
  ImageRun,
  type IRunOptions,
  Paragraph,
  type ParagraphChild,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { DomUtils, parseDocument } from 'htmlparser2';
import { latexMath } from './latex-math';

// Question rich text (the sanitised HTML the bank stores) as Word content: paragraphs of runs with
// their formatting, formulas as their LaTeX source, gap-filling blanks as underlines, images
// embedded when their bytes were loaded (else their alt text), tables as Word tables.

type Node = ReturnType<typeof parseDocument>['children'][number];
type Format = Omit<IRunOptions, 'text' | 'children' | 'break'>;

export interface LoadedImage {
  data: Buffer;
  type: 'png' | 'jpg' | 'gif' | 'bmp';
  width: number;
  height: number;
}
export interface RichOptions {
  images: ReadonlyMap<string, LoadedImage>;
  // Widest an image may be, in pixels at 96 per inch (the text width of the page).
  maxImageWidth: number;
}

// A paragraph still open to additions (the question number before, the score after), or a table.
export interface RunBlock {
  kind: 'runs';
  runs: ParagraphChild[];
  heading?: boolean;
  bullet?: string;
  quote?: boolean;
}
export type Block = RunBlock | { kind: 'table'; table: Table };

const BLOCK_TAGS = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'pre', 'li', 'caption']);
export const FORMULA_FONT = 'Cambria Math';
// Enough underlined no-break spaces for a hand-written answer.
export const blankRun = (format: Format = {}, width = 10) =>
  new TextRun({ ...format, text: '\u00a0'.repeat(width), underline: {} });

// A formula as a Word equation; what the converter does not know stays its LaTeX source, in italics.
function formula(latex: string, format: Format): ParagraphChild {
  try {
    return latexMath(latex);
  } catch {
    return new TextRun({ ...format, text: latex, italics: true, font: FORMULA_FONT });
  }
}

export function imageSources(html: string): string[] {
  return [...html.matchAll(/<img\b[^>]*?\bsrc="([^"]+)"/gi)].map((m) => m[1]!);
}

export function richBlocks(html: string, options: RichOptions): Block[] {
  const blocks: Block[] = [];
  let open: RunBlock | null = null;
  const current = (): RunBlock => {
    if (!open) {
      open = { kind: 'runs', runs: [] };
      blocks.push(open);
    }
    return open;
  };
  const close = () => {
    open = null;
  };

  function text(value: string, format: Format) {
    const parts = value.split(BLANK_MARKER);
    parts.forEach((part, i) => {
      if (i > 0) current().runs.push(blankRun(format));
      if (part) current().runs.push(new TextRun({ ...format, text: part }));
    });
  }

  function image(el: Node & { attribs: Record<string, string> }, format: Format) {
    const src = el.attribs.src ?? '';
    const loaded = options.images.get(src);
    const alt = el.attribs.alt?.trim() ?? '';
    if (!loaded) {
      current().runs.push(new TextRun({ ...format, text: `[${alt || 'image'}]`, italics: true }));
      return;
    }
    const asked = Number(el.attribs.width) || loaded.width;
    const width = Math.min(asked, options.maxImageWidth);
    const height = Math.max(1, Math.round((loaded.height * width) / loaded.width));
    current().runs.push(
      new ImageRun({
        type: loaded.type,
        data: loaded.data,
        transformation: { width, height },
        altText: { name: alt || 'image', description: alt, title: alt },
      }),
    );
  }

  function table(el: Node) {
    close();
    const rows = DomUtils.getElementsByTagName('tr', el, true).map(
      (tr) =>
        new TableRow({
          children: DomUtils.getChildren(tr)
            .filter((c) => DomUtils.isTag(c) && (c.name === 'td' || c.name === 'th'))
            .map((cell) => {
              const inner = richBlocks(DomUtils.getOuterHTML(DomUtils.getChildren(cell)), options);
              const span = DomUtils.isTag(cell) ? Number(cell.attribs.colspan) || 1 : 1;
              return new TableCell({ children: toParagraphs(inner), columnSpan: span });
            }),
        }),
    );
    if (rows.length) {
      blocks.push({ kind: 'table', table: new Table({ rows, width: { size: 100, type: WidthType.PERCENTAGE } }) });
    }
  }

  function walk(nodes: Node[], format: Format, listKind: 'ul' | 'ol' | null) {
    let index = 0;
    for (const node of nodes) {
      if (DomUtils.isText(node)) {
        // Whitespace between blocks is layout, not text.
        if (node.data.trim() || open) text(node.data.replace(/\s+/g, ' '), format);
        continue;
      }
      if (!DomUtils.isTag(node)) continue;
      const name = node.name;
      const cls = node.attribs.class ?? '';
      if (/\bformula\b/.test(cls) && node.attribs['data-latex'] !== undefined) {
        if (name === 'div') close();
        current().runs.push(formula(node.attribs['data-latex'], format));
        if (name === 'div') close();
        continue;
      }
      if (name === 'span' && /\bblank\b/.test(cls)) {
        current().runs.push(blankRun(format));
        continue;
      }
      switch (name) {
        case 'br':
          current().runs.push(new TextRun({ ...format, text: '', break: 1 }));
          continue;
        case 'img':
          image(node, format);
          continue;
        case 'hr':
          close();
          blocks.push({ kind: 'runs', runs: [new TextRun({ text: '\u2014'.repeat(20), color: '999999' })] });
          continue;
        case 'table':
          table(node);
          continue;
        case 'ul':
        case 'ol':
          close();
          walk(node.children as Node[], format, name);
          close();
          continue;
        case 'a': {
          const href = node.attribs.href ?? '';
          const inner = { ...format, style: 'Hyperlink' };
          const before = current().runs.length;
          walk(node.children as Node[], inner, listKind);
          const runs = current().runs.splice(before);
          if (/^https?:\/\//.test(href)) current().runs.push(new ExternalHyperlink({ link: href, children: runs }));
          else current().runs.push(...runs);
          continue;
        }
      }
      const next: Format = { ...format };
      if (name === 'strong' || name === 'b') Object.assign(next, { bold: true });
      if (name === 'em' || name === 'i') Object.assign(next, { italics: true });
      if (name === 'u') Object.assign(next, { underline: {} });
      if (name === 's') Object.assign(next, { strike: true });
      if (name === 'sub') Object.assign(next, { subScript: true });
      if (name === 'sup') Object.assign(next, { superScript: true });
      if (name === 'code' || name === 'pre') Object.assign(next, { font: 'Consolas' });
      if (/^h[1-4]$/.test(name) || name === 'th') Object.assign(next, { bold: true });
      if (BLOCK_TAGS.has(name)) {
        close();
        const block = current();
        if (/^h[1-4]$/.test(name)) block.heading = true;
        if (name === 'blockquote') block.quote = true;
        if (name === 'li') block.bullet = listKind === 'ol' ? `${++index}. ` : '\u2022 ';
        walk(node.children as Node[], next, listKind);
        close();
        continue;
      }
      walk(node.children as Node[], next, listKind);
    }
  }

  walk(parseDocument(html).children, {}, null);
  // Paragraphs left empty by layout whitespace go.
  return blocks.filter((b) => b.kind === 'table' || b.runs.length > 0);
}

// Plain paragraphs for a table cell.
export function toParagraphs(blocks: Block[]): Paragraph[] {
  const out = blocks.flatMap((b) =>
    b.kind === 'runs'
      ? [new Paragraph({ children: b.bullet ? [new TextRun(b.bullet), ...b.runs] : b.runs })]
      : [new Paragraph({ children: [] })],
  );
  return out.length ? out : [new Paragraph({ children: [] })];
}
export const quoteBorder = { left: { style: BorderStyle.SINGLE, size: 6, color: 'BBBBBB', space: 6 } };
