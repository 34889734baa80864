import { type ErrorDetail, JudgeType, OPTION_LABELS, PartialCredit, QuestionType } from '@lyceum/contract';
import { coded, invalidParams } from '../../../platform/errors';
import { readCloze } from './moodle-cloze';
import { halfPoints, plainToHtml, readNumber } from './moodle-text';
import { applyExtension, STANDARD_GAP_RULES } from './moodle-xml-extension';
import { child, childrenNamed, childText, type El, lineCounter, parseXmlTree, textOf } from './moodle-xml-tree';
import { type EmbeddedFile, fileRef, type ParsedItem } from './types';

// Moodle XML in (https://docs.moodle.org/en/Moodle_XML_format): one ParsedItem per <question>, in
// file order, under the category the last type="category" entry set. What a question cannot keep
// is said in its notes; what makes it unusable goes in its problems (never a throw: only a file
// that is not XML at all, or declares a DOCTYPE, is refused whole).

type Input = Record<string, unknown>;

// Moodle's "$course$/top/Algebra/Linear" is ["Algebra", "Linear"]: the context prefix ($course$,
// $system$, $module$, $cat1$...) and the context's "top" go; "//" is a slash inside a name.
export function categoryPath(path: string): string[] {
  const parts = path
    .replace(/^\$[a-z0-9]{1,20}\$(\/|$)/i, '')
    .split('//')
    .map((piece) => piece.split('/'))
    .reduce<string[]>((acc, pieces) => {
      if (acc.length) acc[acc.length - 1] += `/${pieces[0]}`;
      else acc.push(pieces[0]);
      acc.push(...pieces.slice(1));
      return acc;
    }, [])
    .map((p) => p.trim())
    .filter((p) => p !== '');
  return parts[0] === 'top' ? parts.slice(1) : parts;
}

const HTML_FORMATS = new Set(['html', 'moodle_auto_format']);

// What one question collects while it is read: notes (once each), problems, embedded files.
class Item {
  notes: ErrorDetail[] = [];
  problems: { field: string; detail: ErrorDetail }[] = [];
  files: Record<string, EmbeddedFile> = {};
  private seen = new Set<string>();
  private fileCount = 0;
  constructor(readonly ordinal: number) {}

  note(detail: ErrorDetail) {
    const key = JSON.stringify(detail);
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.notes.push(detail);
  }
  problem(field: string, detail: ErrorDetail) {
    this.problems.push({ field, detail });
  }

  // A text element's text and format, its embedded files put in `files` and its
  // @@PLUGINFILE@@/name references turned into fileRef(token).
  source(el: El | undefined, field: string, defaultFormat = 'html'): { text: string; format: string } {
    if (!el) return { text: '', format: defaultFormat };
    const format = (el.attrs.format ?? defaultFormat).trim() || defaultFormat;
    let text = textOf(el);
    if (!HTML_FORMATS.has(format) || !text.includes('@@PLUGINFILE@@')) return { text, format };
    const byPath = new Map<string, El>();
    for (const f of childrenNamed(el, 'file')) byPath.set(`${f.attrs.path ?? '/'}${f.attrs.name ?? ''}`, f);
    const tokens = new Map<string, string>();
    text = text.replace(/@@PLUGINFILE@@\/([^"'<>\s]*)/g, (whole, ref: string) => {
      let name = ref;
      try {
        name = decodeURIComponent(ref);
      } catch {
        // Not URL-encoded after all: looked up as written.
      }
      const f = byPath.get(`/${name}`);
      if (!f || (f.attrs.encoding ?? 'base64') !== 'base64') {
        this.problem(field, coded('interopMissingPart', { name }));
        return whole;
      }
      let token = tokens.get(name);
      if (!token) {
        token = `${this.ordinal}-${++this.fileCount}`;
        tokens.set(name, token);
        this.files[token] = { name: f.attrs.name ?? name, bytes: Buffer.from(f.text.replace(/\s+/g, ''), 'base64') };
      }
      return fileRef(token);
    });
    return { text, format };
  }

  // Text in a format as the bank's HTML: Moodle's auto-format turns line breaks into <br />; plain
  // text and Markdown are kept as the text they are (noteFormatText).
  html(text: string, format: string): string {
    if (format === 'html' || text === '') return text;
    if (format === 'moodle_auto_format') return text.replace(/\r?\n/g, '<br />');
    if (['plain_text', 'markdown', 'wiki_like'].includes(format)) {
      this.note(coded('noteFormatText', { format }));
      return plainToHtml(text);
    }
    // Moodle reads a format it does not know as HTML.
    return text;
  }

  rich(el: El | undefined, field: string, defaultFormat = 'html'): string {
    const s = this.source(el, field, defaultFormat);
    return this.html(s.text, s.format);
  }

  // Feedback on answers, overall feedback and hints have no place in the bank.
  dropped(q: El, answers: El[]) {
    const feedbacks = [
      ...answers.map((a) => child(a, 'feedback')),
      ...['correctfeedback', 'partiallycorrectfeedback', 'incorrectfeedback'].map((n) => child(q, n)),
    ];
    if (feedbacks.some((f) => textOf(f) !== '')) this.note(coded('noteFeedbackDropped'));
    if (childrenNamed(q, 'hint').some((h) => textOf(h) !== '')) this.note(coded('noteHintsDropped'));
  }
}

const formatOf = (q: El) => child(q, 'questiontext')?.attrs.format?.trim() || 'html';
const isTrue = (v: string) => !(v === '' || v === '0' || v.toLowerCase() === 'false');

function fraction(a: El, item: Item): number {
  const raw = (a.attrs.fraction ?? '0').trim();
  const n = Number(raw);
  if (!Number.isFinite(n)) {
    item.problem('answer', coded('interopNotNumber', { value: raw }));
    return 0;
  }
  return n;
}

// <defaultgrade> in half points (Moodle's default is 1).
function scoreOf(q: El, item: Item): number {
  const raw = childText(q, 'defaultgrade');
  if (raw === '') return 1;
  const n = Number(raw);
  if (!Number.isFinite(n)) {
    item.problem('score', coded('interopNotNumber', { value: raw }));
    return 1;
  }
  const score = halfPoints(n);
  if (score !== n) item.note(coded('noteScoreRounded', { from: raw, to: String(score) }));
  return score;
}

function common(q: El, item: Item): Input {
  const format = formatOf(q);
  return {
    stem: item.rich(child(q, 'questiontext'), 'stem'),
    analysis: item.rich(child(q, 'generalfeedback'), 'analysis', format),
  };
}

function multichoice(q: El, item: Item): Input {
  const answers = childrenNamed(q, 'answer');
  item.dropped(q, answers);
  if (answers.length > OPTION_LABELS.length) {
    item.problem('options', coded('interopTooManyOptions', { max: OPTION_LABELS.length }));
  }
  const kept = answers.slice(0, OPTION_LABELS.length);
  const format = formatOf(q);
  const options = kept.map((a, i) => ({ label: OPTION_LABELS[i], content: item.rich(a, 'options', format) }));
  const fractions = kept.map((a) => fraction(a, item));
  // A fixed order (often "all of the above" last) may be shuffled by an exam that shuffles options.
  if (!isTrue(childText(q, 'shuffleanswers') || 'true')) item.note(coded('noteShuffleKept'));
  const base = { ...common(q, item), options, score: scoreOf(q, item) };
  if (isTrue(childText(q, 'single') || 'true')) {
    const right = fractions.findIndex((f) => f >= 99.999);
    if (right === -1) item.problem('answer', coded('interopNoCorrect'));
    if (fractions.some((f, i) => f > 0 && i !== right)) item.note(coded('noteChoicePartial'));
    if (fractions.some((f) => f < 0)) item.note(coded('noteNegativeFraction'));
    return { ...base, type: QuestionType.SingleChoice, answer: right === -1 ? '' : OPTION_LABELS[right] };
  }
  const shares = fractions.filter((f) => f > 0);
  if (!shares.length) item.problem('answer', coded('interopNoCorrect'));
  // Lyceum's "a share per correct option" is Moodle's equal shares with each wrong option at -100%.
  if (shares.some((s) => Math.abs(s - shares[0]) > 0.01) || fractions.some((f) => f <= 0 && f > -99.999)) {
    item.note(coded('noteChoiceScoring'));
  }
  const answer = OPTION_LABELS.filter((_, i) => (fractions[i] ?? 0) > 0);
  return { ...base, type: QuestionType.MultipleChoice, answer, partialCredit: PartialCredit.PerOption };
}

function trueFalse(q: El, item: Item): Input {
  const answers = childrenNamed(q, 'answer');
  item.dropped(q, answers);
  let answer: boolean | null = null;
  for (const [i, a] of answers.entries()) {
    if (fraction(a, item) < 99.999) continue;
    const said = textOf(a).toLowerCase();
    // Files from old Moodle versions name the answers in the site's language, true first.
    answer = said === 'true' ? true : said === 'false' ? false : i === 0;
  }
  if (answer === null) item.problem('answer', coded('interopNoCorrect'));
  return { ...common(q, item), type: QuestionType.TrueFalse, answer, score: scoreOf(q, item) };
}

// Accepted answers in order, fractions 0..1 (Moodle's first matching answer gives its fraction).
function accepted(q: El, item: Item, numeric: boolean) {
  const answers = childrenNamed(q, 'answer');
  item.dropped(q, answers);
  const list: { answer: string; fraction: number; tolerance: number | null }[] = [];
  for (const a of answers) {
    let text = textOf(a);
    if (text === '') continue;
    let f = fraction(a, item) / 100;
    if (f < 0) item.note(coded('noteNegativeFraction'));
    f = Math.min(1, Math.max(0, f));
    if (!numeric) {
      list.push({ answer: text, fraction: f, tolerance: null });
      continue;
    }
    if (text !== '*') {
      const n = readNumber(text);
      if (n === null) item.problem('answer', coded('interopNotNumber', { value: text }));
      else text = text.replace(',', '.');
    }
    const tolerance = readNumber(childText(a, 'tolerance') || '0');
    list.push({ answer: text, fraction: f, tolerance: Math.abs(tolerance ?? 0) });
  }
  if (!list.some((a) => a.fraction === 1)) item.problem('answer', coded('interopNoCorrect'));
  return list;
}

function shortAnswer(q: El, item: Item): Input {
  const list = accepted(q, item, false);
  return {
    ...common(q, item),
    type: QuestionType.ShortAnswer,
    answer: { accepted: list, caseSensitive: isTrue(childText(q, 'usecase') || '0') },
    judgeType: JudgeType.Automatic,
    score: scoreOf(q, item),
  };
}

function numerical(q: El, item: Item): Input {
  const list = accepted(q, item, true);
  const units = childrenNamed(child(q, 'units'), 'unit')
    .map((u) => ({ unit: childText(u, 'unit_name'), multiplier: Number(childText(u, 'multiplier') || '1') }))
    .filter((u) => u.unit !== '');
  // Moodle can take marks off for a missing or wrong unit; the bank reads the unit or none.
  if (units.length && Number(childText(q, 'unitgradingtype') || '0') !== 0) item.note(coded('noteUnitsPenalty'));
  return {
    ...common(q, item),
    type: QuestionType.ShortAnswer,
    answer: { accepted: list, units },
    judgeType: JudgeType.Automatic,
    score: scoreOf(q, item),
  };
}

function essay(q: El, item: Item): Input {
  return {
    ...common(q, item),
    type: QuestionType.ShortAnswer,
    answer: { reference: item.rich(child(q, 'graderinfo'), 'answer', formatOf(q)), keywords: [] },
    judgeType: JudgeType.Manual,
    score: scoreOf(q, item),
  };
}

// A cloze question's score is its subquestions' weights; a <defaultgrade> (Moodle writes none for
// cloze; this writer does, for half points) scales them to it.
function cloze(q: El, item: Item): Input | { unsupported: string } {
  item.dropped(q, []);
  const source = item.source(child(q, 'questiontext'), 'stem');
  const gaps = readCloze(source.text, (part) => item.html(part, source.format));
  if (gaps.unsupported) return { unsupported: gaps.unsupported };
  for (const n of gaps.notes) item.note(n);
  for (const p of gaps.problems) item.problem(p.field, p.detail);
  const weights = gaps.blanks.reduce((s, b) => s + b.score, 0);
  const given = childText(q, 'defaultgrade');
  const total = given === '' ? weights : Number(given);
  const scale = Number.isFinite(total) && total > 0 && weights > 0 ? total / weights : 1;
  const blanks = gaps.blanks.map((b) => ({ ...b, score: halfPoints(b.score * scale) }));
  const score = blanks.reduce((s, b) => s + b.score, 0);
  if (Math.abs(score - weights * scale) > 1e-9) {
    item.note(coded('noteScoreRounded', { from: String(weights * scale), to: String(score) }));
  }
  return {
    stem: gaps.stem,
    analysis: item.rich(child(q, 'generalfeedback'), 'analysis', source.format),
    type: QuestionType.GapFilling,
    answer: { blanks, rules: { ...STANDARD_GAP_RULES } },
    score,
  };
}

const READERS: Record<string, (q: El, item: Item) => Input | { unsupported: string }> = {
  multichoice,
  truefalse: trueFalse,
  shortanswer: shortAnswer,
  numerical,
  essay,
  cloze,
  multianswer: cloze,
};

function tagsOf(q: El): string[] {
  const names = ['tags', 'coursetags'].flatMap((n) => childrenNamed(child(q, n), 'tag').map((t) => textOf(t)));
  return [...new Set(names.filter((n) => n !== ''))];
}

function readQuestion(q: El, type: string, ordinal: number, category: string[]): ParsedItem {
  const item = new Item(ordinal);
  const name = textOf(child(q, 'name'));
  const parsed: ParsedItem = {
    ordinal,
    ...(name ? { name } : {}),
    category,
    tags: tagsOf(q),
    input: null,
    problems: item.problems,
    notes: item.notes,
    files: item.files,
  };
  const read = Object.hasOwn(READERS, type) ? READERS[type] : undefined;
  // matching, ddwtos, gapselect, calculated*, description, random, ordering, drag and drop...
  if (!read) return { ...parsed, unsupported: { kind: type || 'unknown' } };
  let input: Input | { unsupported: string };
  try {
    input = read(q, item);
  } catch {
    // A shape no reader here expects: refused with where it is, the rest of the file still read.
    item.problem('', coded('interopSyntax', { near: name || `${type} #${ordinal}` }));
    return parsed;
  }
  if ('unsupported' in input)
    return { ...parsed, files: {}, notes: [], problems: [], unsupported: { kind: String(input.unsupported) } };
  const extension = child(q, 'lyceum');
  if (extension) applyExtension(input, extension.text);
  return { ...parsed, input };
}

export function readMoodleXml(text: string): ParsedItem[] {
  const xml = text.replace(/^\uFEFF/, '');
  const root = parseXmlTree(xml);
  if (root.name !== 'quiz') throw invalidParams('file', 'interopUnknownFormat');
  const lineAt = lineCounter(xml);
  const items: ParsedItem[] = [];
  let category: string[] = [];
  for (const q of childrenNamed(root, 'question')) {
    const type = (q.attrs.type ?? '').trim();
    if (type === 'category') {
      category = categoryPath(textOf(child(q, 'category')));
      continue;
    }
    const item = readQuestion(q, type, items.length + 1, category);
    items.push({ ...item, line: lineAt(q.start) });
  }
  return items;
}
