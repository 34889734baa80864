import { BLANK_MARKER, type QuestionInput, QuestionType } from '@lyceum/contract';
import { type Blank, type GapRules, writeCloze } from './moodle-cloze';
import { formatNumber, htmlToText, moodleFraction, xmlAttr, xmlContent } from './moodle-text';
import { extensionOf } from './moodle-xml-extension';
import type { EmbeddedFile, ExportQuestion, ReadFile } from './types';

// Moodle XML out, as Moodle 4 imports it: questions grouped under type="category" entries
// ($course$/top/<knowledge point path>), those filed under none first (Moodle puts them in the
// category the teacher imports into). HTML in CDATA, images embedded as base64 <file> elements
// beside the text that shows them. Compose questions have no Moodle type: left out and counted.

// Files read once per export, whatever number of questions show them.
class Files {
  private cache = new Map<number, Promise<EmbeddedFile | null>>();
  constructor(private readonly readFile: ReadFile) {}
  get(id: number) {
    let file = this.cache.get(id);
    if (!file) {
      file = this.readFile(id);
      this.cache.set(id, file);
    }
    return file;
  }
}

const fileName = (name: string, id: number) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are no file name.
  name.replace(/[/\\:*?"<>|\u0000-\u001f]/g, '_').trim() || `file-${id}`;

const FILE_SRC = /(src|href)=(["'])\/api\/file\/([0-9]{1,15})\2/g;

// <tag format="html"><text>...</text><file .../></tag>: the bank's /api/file/N images become
// @@PLUGINFILE@@/name with the bytes beside the text, as Moodle keeps a text's files.
async function richXml(
  tag: string,
  html: string,
  files: Files,
  indent: string,
  more: { attrs?: string; inner?: string[] } = {},
): Promise<string> {
  const ids = [...new Set([...html.matchAll(FILE_SRC)].map((m) => Number(m[3])))];
  const nameOf = new Map<number, string>();
  const taken = new Set<string>();
  const embedded: string[] = [];
  for (const id of ids) {
    const file = await files.get(id);
    if (!file) continue;
    let name = fileName(file.name, id);
    if (taken.has(name)) name = `${id}-${name}`;
    taken.add(name);
    nameOf.set(id, name);
    embedded.push(
      `${indent}  <file name="${xmlAttr(name)}" path="/" encoding="base64">${file.bytes.toString('base64')}</file>`,
    );
  }
  const text = html.replace(FILE_SRC, (whole, attr: string, quote: string, id: string) => {
    const name = nameOf.get(Number(id));
    return name ? `${attr}=${quote}@@PLUGINFILE@@/${encodeURIComponent(name)}${quote}` : whole;
  });
  return [
    `${indent}<${tag}${more.attrs ?? ''} format="html">`,
    `${indent}  <text>${xmlContent(text)}</text>`,
    ...embedded,
    ...(more.inner ?? []),
    `${indent}</${tag}>`,
  ].join('\n');
}

const line = (indent: string, tag: string, value: string | number) =>
  `${indent}<${tag}>${xmlContent(String(value))}</${tag}>`;
const percent = (fraction: number) => formatNumber(fraction * 100);
const emptyFeedback = (indent: string) => `${indent}<feedback format="html"><text></text></feedback>`;

function nameOf(q: ExportQuestion): string {
  const text = htmlToText(q.input.stem.split(BLANK_MARKER).join(' ___ '));
  return text.length > 80 ? `${text.slice(0, 79)}…` : text || `Question ${q.id}`;
}

// $course$/top/Algebra/Linear; a slash inside a name is written twice, as Moodle does.
export const categoryText = (path: string[]) =>
  ['$course$', 'top', ...path.map((p) => p.replace(/\//g, '//'))].join('/');

type ShortAnswerKey = {
  reference: string;
  accepted: { answer: string; fraction: number; tolerance: number | null }[];
  caseSensitive: boolean;
  units: { unit: string; multiplier: number }[];
};

// The elements particular to each type, and the Moodle type they make.
async function body(input: QuestionInput, files: Files, i: string) {
  const parts: string[] = [];
  let type: string;
  switch (input.type) {
    case QuestionType.SingleChoice:
    case QuestionType.MultipleChoice: {
      const single = input.type === QuestionType.SingleChoice;
      const right = new Set(single ? [input.answer as string] : (input.answer as string[]));
      type = 'multichoice';
      parts.push(line(i, 'single', single ? 'true' : 'false'), line(i, 'shuffleanswers', 'true'));
      parts.push(line(i, 'answernumbering', 'ABCD'), line(i, 'showstandardinstruction', '0'));
      // Multiple choice: equal shares for the correct options, -100% for a wrong one (which makes
      // the question 0 marks, as Lyceum's "a share per correct option" scores it).
      for (const o of input.options) {
        const f = right.has(o.label) ? (single ? 100 : 100 / right.size) : single ? 0 : -100;
        const more = { attrs: ` fraction="${formatNumber(f)}"`, inner: [emptyFeedback(`${i}  `)] };
        parts.push(await richXml('answer', o.content, files, i, more));
      }
      break;
    }
    case QuestionType.TrueFalse:
      type = 'truefalse';
      for (const value of [true, false]) {
        parts.push(
          `${i}<answer fraction="${input.answer === value ? 100 : 0}" format="moodle_auto_format">`,
          line(`${i}  `, 'text', String(value)),
          emptyFeedback(`${i}  `),
          `${i}</answer>`,
        );
      }
      break;
    case QuestionType.ShortAnswer: {
      const a = input.answer as ShortAnswerKey;
      if (!a.accepted.length) {
        type = 'essay';
        parts.push(line(i, 'responseformat', 'editor'), line(i, 'responserequired', '1'));
        parts.push(
          line(i, 'responsefieldlines', '10'),
          line(i, 'attachments', '0'),
          line(i, 'attachmentsrequired', '0'),
        );
        parts.push(await richXml('graderinfo', a.reference, files, i));
        parts.push(`${i}<responsetemplate format="html"><text></text></responsetemplate>`);
        break;
      }
      const numeric = a.accepted.every((x) => x.tolerance !== null);
      type = numeric ? 'numerical' : 'shortanswer';
      if (!numeric) parts.push(line(i, 'usecase', a.caseSensitive ? '1' : '0'));
      for (const x of a.accepted) {
        parts.push(`${i}<answer fraction="${percent(moodleFraction(x.fraction))}" format="moodle_auto_format">`);
        parts.push(line(`${i}  `, 'text', x.answer));
        parts.push(emptyFeedback(`${i}  `));
        if (numeric) parts.push(line(`${i}  `, 'tolerance', formatNumber(x.tolerance ?? 0)));
        parts.push(`${i}</answer>`);
      }
      if (numeric) {
        if (a.units.length) {
          parts.push(`${i}<units>`);
          for (const u of a.units) {
            parts.push(`${i}  <unit>`, line(`${i}    `, 'multiplier', formatNumber(u.multiplier)));
            parts.push(line(`${i}    `, 'unit_name', u.unit), `${i}  </unit>`);
          }
          parts.push(`${i}</units>`);
        }
        // Units optional and never penalised: the bank reads a known unit, or none.
        parts.push(line(i, 'unitgradingtype', '0'), line(i, 'unitpenalty', '0'));
        parts.push(line(i, 'showunits', a.units.length ? '0' : '3'), line(i, 'unitsleft', '0'));
      }
      break;
    }
    default:
      throw new Error(`no Moodle type for question type ${input.type}`);
  }
  return { type, xml: parts.join('\n') };
}

async function questionXml(q: ExportQuestion, files: Files): Promise<string> {
  const input = q.input;
  const i = '    ';
  let type: string;
  let stem = input.stem;
  let specific = '';
  let standardRules: ReturnType<typeof writeCloze>['standardRules'] = [];
  if (input.type === QuestionType.GapFilling) {
    const cloze = writeCloze(input.stem, input.answer as { blanks: Blank[]; rules: GapRules });
    type = 'cloze';
    stem = cloze.html;
    standardRules = cloze.standardRules;
  } else {
    const b = await body(input, files, i);
    type = b.type;
    specific = b.xml;
  }
  const extension = extensionOf(input, standardRules);
  const lines = [
    `  <question type="${type}">`,
    `${i}<name>`,
    line(`${i}  `, 'text', nameOf(q)),
    `${i}</name>`,
    await richXml('questiontext', stem, files, i),
    await richXml('generalfeedback', input.analysis, files, i),
    // Moodle reads no grade for cloze (its subquestions' weights are the grade); the real total
    // is given anyway, for half points written as doubled weights.
    line(i, 'defaultgrade', formatNumber(input.score)),
    line(i, 'penalty', '0'),
    line(i, 'hidden', '0'),
    ...(specific ? [specific] : []),
  ];
  if (q.tags.length) {
    lines.push(`${i}<tags>`, ...q.tags.map((t) => `${i}  <tag>${line('', 'text', t)}</tag>`), `${i}</tags>`);
  }
  if (extension) lines.push(line(i, 'lyceum', extension));
  lines.push('  </question>');
  return lines.join('\n');
}

function categoryXml(path: string[]): string {
  return [
    '  <question type="category">',
    `    <category>${line('', 'text', categoryText(path))}</category>`,
    '    <info format="html"><text></text></info>',
    '  </question>',
  ].join('\n');
}

export async function writeMoodleXml(
  questions: ExportQuestion[],
  readFile: ReadFile,
): Promise<{ text: string; skipped: number }> {
  const files = new Files(readFile);
  // Grouped by category in order of first appearance, those under none first.
  const groups = new Map<string, ExportQuestion[]>([['', []]]);
  let skipped = 0;
  for (const q of questions) {
    if (q.input.type === QuestionType.Compose) {
      skipped++;
      continue;
    }
    const key = q.category.length ? JSON.stringify(q.category) : '';
    const group = groups.get(key) ?? [];
    group.push(q);
    groups.set(key, group);
  }
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', '<quiz>'];
  for (const [key, group] of groups) {
    if (!group.length) continue;
    if (key) out.push(categoryXml(group[0].category));
    for (const q of group) out.push(await questionXml(q, files));
  }
  out.push('</quiz>', '');
  return { text: out.join('\n'), skipped };
}
