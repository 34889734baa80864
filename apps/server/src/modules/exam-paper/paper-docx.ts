import {
  answerBracketTypes,
  type Lang,
  labelOf,
  type PrintItem,
  type PrintPaper,
  type PrintSection,
  printKey,
  printText,
  QuestionType,
  questionTypeLabels,
} from '@lyceum/contract';
import {
  AlignmentType,
  Document,
  Footer,
  Packer,
  PageNumber,
  Paragraph,
  type ParagraphChild,
  type Table,
  TextRun,
} from 'docx';
import { type Block, blankRun, quoteBorder, type RichOptions, richBlocks } from './html-docx';

// A paper as a Word document, the same content as the print view: school and paper name, the
// name / class / number blanks, duration and total, sections with their instructions, questions
// numbered through the paper with their scores, options, blanks as underlines, images, and with
// `withKey` the answer and analysis after each question. A question is kept on one page.

export interface DocxInput {
  paper: PrintPaper;
  school: string;
  lang: Lang;
  withKey: boolean;
  rich: RichOptions;
}

type Child = { type: number; stem: string; options: { label: string; content: string }[] };
type KeyedChild = Child & { answer: unknown; analysis: string };

// A4 with 2 cm margins, in twentieths of a point; the text is 17 cm wide (642 px at 96 per inch).
const A4 = { width: 11906, height: 16838 };
const MARGIN = 1134;
export const TEXT_WIDTH_PX = 640;
const KEY_COLOUR = 'C00000';
const pt = (points: number) => points * 2;

// What a section's body holds: paragraphs, and tables from the questions' rich text.
type Part = Paragraph | Table;

function paragraphs(blocks: Block[], opts: { indent?: number; keep?: boolean } = {}): Part[] {
  const indent = opts.indent ? { left: opts.indent } : undefined;
  return blocks.map((b) => {
    if (b.kind === 'table') return b.table;
    return new Paragraph({
      children: b.bullet ? [new TextRun(b.bullet), ...b.runs] : b.runs,
      indent,
      keepNext: opts.keep,
      keepLines: true,
      border: b.quote ? quoteBorder : undefined,
      spacing: { after: 60 },
    });
  });
}

// Rich text with something before its first paragraph and after its last (number, score).
function wrap(html: string, rich: RichOptions, before: ParagraphChild[], after: ParagraphChild[]): Block[] {
  const blocks = richBlocks(html, rich);
  const first = blocks[0];
  if (first?.kind === 'runs') first.runs.unshift(...before);
  else blocks.unshift({ kind: 'runs', runs: before });
  const last = blocks[blocks.length - 1];
  if (last?.kind === 'runs') last.runs.push(...after);
  else blocks.push({ kind: 'runs', runs: after });
  return blocks;
}

function header(input: DocxInput): Paragraph[] {
  const { paper, school, lang, withKey } = input;
  const t = (key: Parameters<typeof printText>[1], params?: Record<string, string | number>) =>
    printText(lang, key, params);
  const centred = (children: ParagraphChild[], after = 120) =>
    new Paragraph({ alignment: AlignmentType.CENTER, children, spacing: { after } });
  const facts = [
    paper.durationMinutes ? t('duration', { minutes: paper.durationMinutes }) : null,
    t('total', { score: paper.totalScore }),
  ].filter((f): f is string => f !== null);
  const blank = (label: string): ParagraphChild[] => [
    new TextRun(`${label}${t('colon')}`),
    blankRun({}, 16),
    new TextRun('   '),
  ];
  return [
    ...(school ? [centred([new TextRun({ text: school, bold: true, size: pt(14) })], 60)] : []),
    centred([new TextRun({ text: paper.name, bold: true, size: pt(18) })], 60),
    ...(withKey ? [centred([new TextRun({ text: t('keyEdition'), bold: true, color: KEY_COLOUR })], 60)] : []),
    centred([new TextRun({ text: facts.join('    '), size: pt(10.5) })]),
    centred([...blank(t('name')), ...blank(t('className')), ...blank(t('studentNumber'))], 240),
  ];
}

function options(q: Child, rich: RichOptions, keep: boolean): Part[] {
  if (q.type !== QuestionType.SingleChoice && q.type !== QuestionType.MultipleChoice) return [];
  return q.options.flatMap((o) =>
    paragraphs(wrap(o.content, rich, [new TextRun(`${o.label}. `)], []), { indent: 420, keep }),
  );
}

function key(q: KeyedChild, input: DocxInput, prefix: string): Part[] {
  const { lang, rich } = input;
  const k = printKey(q.type, q.answer);
  const label = (text: string) =>
    new TextRun({ text: `${prefix}${text}${printText(lang, 'colon')}`, bold: true, color: KEY_COLOUR });
  const line = (runs: ParagraphChild[]) =>
    new Paragraph({ children: runs, indent: { left: 420 }, keepNext: true, keepLines: true });
  const out: Part[] = [];
  const answer = printText(lang, 'answer');
  if (k.kind === 'labels')
    out.push(line([label(answer), new TextRun({ text: k.labels.join(', '), color: KEY_COLOUR })]));
  if (k.kind === 'trueFalse') {
    const value = printText(lang, k.value ? 'trueLabel' : 'falseLabel');
    out.push(line([label(answer), new TextRun({ text: value, color: KEY_COLOUR })]));
  }
  if (k.kind === 'blanks') {
    const colon = printText(lang, 'colon');
    const text = k.blanks.map((b, i) => `${printText(lang, 'blank', { n: i + 1 })}${colon}${b.join(' / ')}`).join('; ');
    out.push(line([label(answer), new TextRun({ text, color: KEY_COLOUR })]));
  }
  if (k.kind === 'reference') {
    out.push(...paragraphs(wrap(k.html, rich, [label(printText(lang, 'reference'))], []), { indent: 420, keep: true }));
    if (k.keywords.length) {
      const words = k.keywords.map((w) => `${w.word} (+${w.points})`).join(', ');
      out.push(line([label(printText(lang, 'keywords')), new TextRun(words)]));
    }
  }
  if (q.analysis.trim()) {
    out.push(
      ...paragraphs(wrap(q.analysis, rich, [label(printText(lang, 'analysis'))], []), { indent: 420, keep: true }),
    );
  }
  return out;
}

function question(item: PrintItem, input: DocxInput): Part[] {
  const { lang, rich, withKey } = input;
  const q = item.question;
  const points = new TextRun({ text: ` ${printText(lang, 'points', { score: item.score, count: item.score })}` });
  const number = new TextRun({ text: `${item.number}. `, bold: true });
  if (!q) return [new Paragraph({ children: [number, new TextRun(printText(lang, 'missing')), points] })];
  const bracket = answerBracketTypes.includes(q.type) ? [new TextRun('（\u3000\u3000）')] : [];
  const out = paragraphs(wrap(q.stem, rich, [number], [...bracket, points]), { keep: true });
  out.push(...options(q, rich, true));
  q.children.forEach((c, i) => {
    const mark = [new TextRun(`(${i + 1}) `)];
    const childBracket = answerBracketTypes.includes(c.type) ? [new TextRun('（\u3000\u3000）')] : [];
    const childPoints = new TextRun(` ${printText(lang, 'points', { score: c.score, count: c.score })}`);
    out.push(...paragraphs(wrap(c.stem, rich, mark, [...childBracket, childPoints]), { indent: 420, keep: true }));
    out.push(...options(c, rich, true));
    if (withKey) out.push(...key(c, input, `(${i + 1}) `));
  });
  if (withKey) out.push(...key(q, input, ''));
  // Room to write a short answer on the student's copy.
  if (!withKey && q.type === QuestionType.ShortAnswer) {
    for (let i = 0; i < 4; i++) out.push(new Paragraph({ children: [], keepNext: true }));
  }
  // Every paragraph above keeps with the next; this one ends the question, so a page may break after it.
  out.push(new Paragraph({ children: [], spacing: { after: 60 } }));
  return out;
}

function section(s: PrintSection, input: DocxInput): Part[] {
  const { lang } = input;
  const summary = printText(lang, 'sectionSummary', { count: s.count, score: s.score });
  const out: Part[] = [
    new Paragraph({
      children: [new TextRun({ text: `${s.title}`, bold: true, size: pt(12) }), new TextRun(` ${summary}`)],
      keepNext: true,
      spacing: { before: 240, after: 120 },
    }),
  ];
  if (s.instructions) {
    out.push(new Paragraph({ children: [new TextRun({ text: s.instructions, italics: true })], keepNext: true }));
  }
  for (const item of s.items) out.push(...question(item, input));
  for (const d of s.drawn) {
    const type = labelOf(questionTypeLabels, d.questionType, lang);
    const text = printText(lang, 'drawn', { from: d.from, to: d.to, count: d.count, type, score: d.score });
    out.push(new Paragraph({ children: [new TextRun({ text, italics: true })], spacing: { after: 120 } }));
  }
  return out;
}

export async function paperDocx(input: DocxInput): Promise<Buffer> {
  const doc = new Document({
    creator: input.school || 'Lyceum',
    title: input.paper.name,
    styles: {
      default: {
        document: {
          run: { font: { ascii: 'Times New Roman', hAnsi: 'Times New Roman', eastAsia: 'SimSun' }, size: 21 },
        },
      },
    },
    sections: [
      {
        properties: {
          page: { size: A4, margin: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN } },
        },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [new TextRun({ children: [PageNumber.CURRENT, ' / ', PageNumber.TOTAL_PAGES], size: 18 })],
              }),
            ],
          }),
        },
        children: [...header(input), ...input.paper.sections.flatMap((s) => section(s, input))],
      },
    ],
  });
  return Packer.toBuffer(doc);
}
