import { BLANK_MARKER, type QuestionInput } from '@lyceum/contract';
import { EXTENSION_PREFIX } from './gift-read';
import type { ExportQuestion } from './types';

// Writing questions as GIFT that Moodle imports: "$CATEGORY:" when the category changes, a title
// ::Q<id>:: and the text as [html] with GIFT's special characters escaped. Compose questions and gap
// filling with more than one blank have no GIFT form and are skipped (counted). What GIFT has no
// place for (the score, difficulty, rules Moodle cannot say) goes in a "// lyceum: {json}" comment
// right before the question: Moodle ignores comments, readGift reads it back.

const HEADER = [
  '// Questions exported from Lyceum as GIFT (Moodle: Question bank > Import > GIFT format).',
  '// GIFT carries no files: an image is referred to by its Lyceum address (/api/file/N) only, and',
  '// shows only where that address can be reached.',
  `// "${EXTENSION_PREFIX} {...}" comments keep what GIFT has no place for (scores, difficulty, rules).`,
];

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

// GIFT's escapes: a backslash before ~ = # { } : and itself; line breaks as \n (a real line break
// could end the question or start a comment line).
export function escapeGift(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[~=#{}:\\]/g, (c) => `\\${c}`)
    .replace(/\n/g, '\\n');
}

// HTML in a place whose format is the question's [html]; a text that itself starts with "[" says
// its format again, or its start would be read as one.
const html = (text: string) => (text.trimStart().startsWith('[') ? '[html]' : '') + escapeGift(text);
// A short answer's text: Moodle reads a leading [format] off answers too.
const plain = (text: string) => (text.trimStart().startsWith('[') ? '[moodle]' : '') + escapeGift(text);
const percent = (fraction: number) => String(Number((fraction * 100).toFixed(5)));
// "=answer" is full marks; any other fraction (or a text starting with "%", which would read as a
// weight) says its weight.
const weighted = (fraction: number, text: string) =>
  fraction === 1 && !text.trimStart().startsWith('%') ? `=${text}` : `=%${percent(fraction)}%${text}`;
const analysisLine = (q: QuestionInput) => (q.analysis ? [`\t####${html(q.analysis)}`] : []);

interface Written {
  text: string;
  ext: Record<string, unknown>;
}

function choice(q: QuestionInput, head: string): Written {
  const single = q.type === 1;
  const correct = new Set(single ? [q.answer] : Array.isArray(q.answer) ? q.answer : []);
  const share = percent(1 / Math.max(1, correct.size));
  const lines = q.options.map((o) => {
    if (single && correct.has(o.label)) return `\t=${html(o.content)}`;
    // Moodle's multiple answers: equal shares, and -100% on a wrong answer so that picking one
    // scores 0, as Lyceum does. A wrong single-choice answer starting with "%" says its 0%.
    if (!single) return `\t~%${correct.has(o.label) ? share : '-100'}%${html(o.content)}`;
    return `\t~${o.content.trimStart().startsWith('%') ? '%0%' : ''}${html(o.content)}`;
  });
  const ext: Record<string, unknown> = {};
  if (!single && q.partialCredit !== 3) ext.partialCredit = q.partialCredit;
  if (!single && q.partScore !== null) ext.partScore = q.partScore;
  return { text: [`${head}{`, ...lines, ...analysisLine(q), '}'].join('\n'), ext };
}

type Gap = Extract<QuestionInput['answer'], { blanks: unknown }>;
type Short = Extract<QuestionInput['answer'], { keywords: unknown }>;

// One blank: a "missing word" block where the blank is. A blank with a number tolerance is
// Moodle's numerical ({#=3.14:0.01}); else its short answers, `*` escaped when it is no wildcard.
// Case-sensitive blanks cannot be said in GIFT: only the extension keeps them.
function gapFilling(q: QuestionInput, a: Gap, head: string): Written | null {
  const parts = q.stem.split(BLANK_MARKER);
  if (a.blanks.length !== 1 || parts.length !== 2) return null;
  const blank = a.blanks[0];
  // The blank's own rules over the question's (a rule it leaves unset is the question's).
  const own = blank.rules ?? {};
  const rules = {
    wildcards: own.wildcards ?? a.rules.wildcards,
    numericTolerance: own.numericTolerance !== undefined ? own.numericTolerance : a.rules.numericTolerance,
    toleranceMode: own.toleranceMode ?? a.rules.toleranceMode,
  };
  const texts = [...blank.answers, ...blank.partial.map((p) => p.answer)];
  const tolerance = rules.numericTolerance;
  const numeric = tolerance !== null && rules.toleranceMode !== 'relative' && texts.every((t) => NUMBER.test(t));
  const answers = numeric
    ? [
        ...blank.answers.map((x) => `=${x}:${tolerance}`),
        ...blank.partial.map((p) => `=%${percent(p.fraction)}%${p.answer}:${tolerance}`),
      ]
    : [
        ...blank.answers.map((x) => weighted(1, plain(rules.wildcards ? x : x.split('*').join('\\*')))),
        ...blank.partial.map((p) =>
          weighted(p.fraction, plain(rules.wildcards ? p.answer : p.answer.split('*').join('\\*'))),
        ),
      ];
  const analysis = q.analysis ? ` ####${html(q.analysis)}` : '';
  const block = `{${numeric ? '#' : ''}${answers.join(' ')}${analysis}}`;
  const ext: Record<string, unknown> = { rules: a.rules, blankRules: blank.rules ?? null };
  // A blank at the very end would read as a short answer after the text: the extension says it is a blank.
  if (parts[1].trim() === '') ext.gap = true;
  return { text: `${head}${escapeGift(parts[0])}${block}${escapeGift(parts[1])}`, ext };
}

function shortAnswer(q: QuestionInput, a: Short, head: string): Written {
  const ext: Record<string, unknown> = {};
  if (a.reference) ext.reference = a.reference;
  if (a.keywords.length) ext.keywords = a.keywords;
  if (a.wholeWord) ext.wholeWord = true;
  if (a.caseSensitive) ext.caseSensitive = true;
  if (a.units.length) ext.units = a.units;
  const accepted = a.accepted;
  if (!accepted.length) {
    // Marked by hand: Moodle's essay.
    if (q.judgeType !== 2) ext.judgeType = q.judgeType;
    return { text: [`${head}{`, ...analysisLine(q), '}'].join('\n'), ext };
  }
  if (q.judgeType !== 1) ext.judgeType = q.judgeType;
  const numeric = accepted.every((x) => x.tolerance !== null && (x.answer === '*' || NUMBER.test(x.answer)));
  const lines = numeric
    ? accepted.map((x) => `\t=${x.fraction === 1 ? '' : `%${percent(x.fraction)}%`}${x.answer}:${x.tolerance}`)
    : accepted.map((x) => `\t${weighted(x.fraction, plain(x.answer))}`);
  // Some numbers among texts: Moodle has no such question; GIFT says the texts, the extension all.
  if (!numeric && accepted.some((x) => x.tolerance !== null)) ext.accepted = accepted;
  return { text: [`${head}{${numeric ? '#' : ''}`, ...lines, ...analysisLine(q), '}'].join('\n'), ext };
}

function question(q: QuestionInput, id: number): Written | null {
  const title = `::Q${id}::[html]`;
  const head = title + escapeGift(q.stem);
  switch (q.type) {
    case 1:
    case 2:
      return choice(q, head);
    case 3:
      return { text: [`${head}{${q.answer === true ? 'TRUE' : 'FALSE'}`, ...analysisLine(q), '}'].join('\n'), ext: {} };
    case 4:
      return q.answer && typeof q.answer === 'object' && 'blanks' in q.answer ? gapFilling(q, q.answer, title) : null;
    case 5:
      return q.answer && typeof q.answer === 'object' && 'keywords' in q.answer ? shortAnswer(q, q.answer, head) : null;
    default:
      return null;
  }
}

function categoryLine(path: string[]): string {
  const names = path.map((n) => n.replace(/\s+/g, ' ').trim().replace(/\//g, '//'));
  return `$CATEGORY: ${['$course$', 'top', ...names].join('/')}`;
}

const tagLine = (tags: string[]) =>
  `// ${tags.map((t) => `[tag:${t.replace(/\s+/g, ' ').replace(/\]/g, '\\]')}]`).join(' ')}`;

export function writeGift(questions: ExportQuestion[]): { text: string; skipped: number } {
  const out = [...HEADER, ''];
  let skipped = 0;
  let category = '[]';
  for (const q of questions) {
    const written = question(q.input, q.id);
    if (!written) {
      skipped++;
      continue;
    }
    const key = JSON.stringify(q.category);
    if (key !== category) {
      out.push(categoryLine(q.category), '');
      category = key;
    }
    if (q.tags.length) out.push(tagLine(q.tags));
    const ext = { score: q.input.score, difficulty: q.input.difficulty, ...written.ext };
    out.push(`${EXTENSION_PREFIX} ${JSON.stringify(ext)}`, written.text, '');
  }
  return { text: out.join('\n'), skipped };
}
