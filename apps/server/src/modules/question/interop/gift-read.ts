import type { ErrorDetail } from '@lyceum/contract';
import { readAnswerBlock } from './gift-answers';
import { find, findLast, formatAt, type GiftText, isAt, textOf, toHtml, trimSpan, unescapeGift } from './gift-text';
import type { ParsedItem } from './types';

// Reading a GIFT file (Moodle's text format for question banks): questions are separated by blank
// lines; lines starting with // are comments; "$CATEGORY: path" files the questions after it;
// "::title::" names a question; its answers are in one {...} block (see gift-answers.ts). GIFT has
// no scores: every question takes the caller's, unless the Lyceum extension comment
// ("// lyceum: {json}" right before the question, which Moodle ignores) gives it and the other
// fields GIFT has no place for. A broken question is an item with problems, never a refusal of the
// file.

export const EXTENSION_PREFIX = '// lyceum:';

interface Line {
  no: number;
  text: string;
}

interface State {
  category: string[];
  score: number;
  scoreNote: ErrorDetail | null;
}

export function readGift(text: string, defaultScore: number): ParsedItem[] {
  const items: ParsedItem[] = [];
  const state: State = { category: [], ...halfSteps(defaultScore) };
  let block: Line[] = [];
  const flush = () => {
    if (block.length) readBlock(block, state, items);
    block = [];
  };
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].trim() === '') flush();
    else block.push({ no: i + 1, text: lines[i] });
  }
  flush();
  return items;
}

// The caller's score in the bank's half steps (0.5 .. 100).
function halfSteps(n: number): { score: number; scoreNote: ErrorDetail | null } {
  const score = Number.isFinite(n) ? Math.min(100, Math.max(0.5, Math.round(n * 2) / 2)) : 1;
  return {
    score,
    scoreNote: score === n ? null : { key: 'noteScoreRounded', params: { from: String(n), to: String(score) } },
  };
}

const isComment = (line: Line) => line.text.trim().startsWith('//');

function readBlock(lines: Line[], state: State, items: ParsedItem[]) {
  const comments = lines.filter(isComment).map((l) => l.text.trim());
  let body = lines.filter((l) => !isComment(l));
  if (!body.length) return;
  const first = body[0].text.trim();
  if (first.startsWith('$CATEGORY:')) {
    state.category = categoryPath(first.slice('$CATEGORY:'.length));
    // Moodle wants the category alone in its block; a question right under it is read all the same.
    body = body.slice(1);
    if (!body.length) return;
  }
  items.push(readQuestion(body, comments, state, items.length + 1));
}

// "$course$/top/Algebra/Linear" is ["Algebra", "Linear"]: the context ($course$, $system$, ...) and
// Moodle's "top" are not categories of ours. "//" is a slash inside a name.
export function categoryPath(raw: string): string[] {
  const segments: string[] = [];
  let current = '';
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === '/' && raw[i + 1] === '/') {
      current += '/';
      i++;
    } else if (raw[i] === '/') {
      segments.push(current);
      current = '';
    } else current += raw[i];
  }
  segments.push(current);
  const path = segments.map((s) => s.trim()).filter((s) => s !== '');
  if (path.length && /^\$[a-z]+\$$/.test(path[0])) path.shift();
  if (path[0] === 'top') path.shift();
  return path;
}

// Moodle's tags in comments: "// [tag:algebra] [tag:linear\]s]" (a "\]" is a bracket in the name).
function tagsOf(comments: string[]): string[] {
  const tags: string[] = [];
  for (const c of comments) {
    let at = c.indexOf('[tag:');
    while (at >= 0) {
      let end = at + 5;
      while (end < c.length && !(c[end] === ']' && c[end - 1] !== '\\')) end++;
      const tag = c
        .slice(at + 5, end)
        .split('\\]')
        .join(']')
        .trim();
      if (tag && !tags.includes(tag)) tags.push(tag);
      at = c.indexOf('[tag:', end);
    }
  }
  return tags;
}

type Extension = Record<string, unknown>;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

// The last "// lyceum: {...}" comment of the question; 'bad' when it is not a JSON object.
function extensionOf(comments: string[]): Extension | null | 'bad' {
  let line: string | undefined;
  for (const c of comments) if (c.startsWith(EXTENSION_PREFIX)) line = c;
  if (line === undefined) return null;
  try {
    const value: unknown = JSON.parse(line.slice(EXTENSION_PREFIX.length));
    return isRecord(value) ? value : 'bad';
  } catch {
    return 'bad';
  }
}

const TOP_FIELDS = ['score', 'difficulty', 'partialCredit', 'partScore', 'judgeType'];
const SHORT_ANSWER_FIELDS = ['caseSensitive', 'units', 'reference', 'keywords', 'wholeWord', 'accepted'];

// The extension's fields over what the GIFT itself says (the importer checks them as any input).
function applyExtension(input: Record<string, unknown>, ext: Extension) {
  for (const k of TOP_FIELDS) if (Object.hasOwn(ext, k)) input[k] = ext[k];
  const answer = input.answer;
  if (!isRecord(answer)) return;
  if (input.type === 4 && Array.isArray(answer.blanks) && isRecord(answer.blanks[0])) {
    const blank = answer.blanks[0];
    if (Object.hasOwn(ext, 'score')) blank.score = ext.score;
    if (isRecord(ext.rules) && isRecord(answer.rules)) answer.rules = { ...answer.rules, ...ext.rules };
    if (ext.blankRules === null) delete blank.rules;
    else if (isRecord(ext.blankRules)) blank.rules = ext.blankRules;
  }
  if (input.type === 5) for (const k of SHORT_ANSWER_FIELDS) if (Object.hasOwn(ext, k)) answer[k] = ext[k];
}

// A few characters either side of a position, on one line, to point at a syntax error.
function near(t: GiftText, at: number): string {
  return t.text
    .slice(Math.max(0, at - 20), at + 20)
    .replace(/\s+/g, ' ')
    .trim();
}

function readQuestion(body: Line[], comments: string[], state: State, ordinal: number): ParsedItem {
  const item: ParsedItem = {
    ordinal,
    line: body[0].no,
    category: [...state.category],
    tags: tagsOf(comments),
    input: null,
    problems: [],
    notes: [],
    files: {},
  };
  const ext = extensionOf(comments);
  if (ext === 'bad') item.problems.push({ field: '', detail: { key: 'interopGiftExtension' } });
  const t = unescapeGift(body.map((l) => l.text).join('\n'));
  let { from } = trimSpan(t, { from: 0, to: t.text.length });
  const to = trimSpan(t, { from, to: t.text.length }).to;
  if (isAt(t, '::', from)) {
    const end = find(t, '::', from + 2, to);
    if (end >= 0) item.name = textOf(t, trimSpan(t, { from: from + 2, to: end }));
    from = trimSpan(t, { from: end >= 0 ? end + 2 : from + 2, to }).from;
  }
  const open = find(t, '{', from, to);
  const close = find(t, '}', from, to);
  if (open < 0 && close < 0) {
    // No answers: Moodle's "description", text shown between questions.
    item.unsupported = { kind: 'description' };
    return item;
  }
  if (open >= 0 && close < 0) item.problems.push({ field: '', detail: { key: 'interopUnclosed' } });
  else if (open < 0 || close < open) {
    item.problems.push({ field: '', detail: { key: 'interopSyntax', params: { near: near(t, close) } } });
  } else {
    const again = [find(t, '{', close + 1, to), find(t, '}', close + 1, to)].filter((i) => i >= 0);
    if (again.length) {
      item.problems.push({
        field: '',
        detail: { key: 'interopSyntax', params: { near: near(t, Math.min(...again)) } },
      });
    }
  }
  if (item.problems.length) return item;

  const named = formatAt(t, { from, to });
  const format = named?.format ?? 'moodle';
  if (format === 'markdown') item.notes.push({ key: 'noteFormatText', params: { format: 'Markdown' } });
  let answer = trimSpan(t, { from: open + 1, to: close });
  let analysis = '';
  const general = findLast(t, '####', answer.from, answer.to);
  if (general >= 0) {
    const span = trimSpan(t, { from: general + 4, to: answer.to });
    const own = formatAt(t, span);
    analysis = toHtml(textOf(t, trimSpan(t, { from: own?.next ?? span.from, to: span.to })), own?.format ?? format);
    answer = trimSpan(t, { from: answer.from, to: general });
  }
  const before = t.text.slice(named?.next ?? from, open);
  const after = t.text.slice(close + 1, to);
  const reading = readAnswerBlock({
    t,
    answer,
    analysis,
    format,
    stem: (marker) =>
      marker === null
        ? toHtml(before.trim(), format)
        : toHtml(before.trimStart(), format) + marker + toHtml(after.trimEnd(), format),
    inMiddle: after.trim() !== '',
    gapAtEnd: isRecord(ext) && ext.gap === true,
    score: state.score,
  });
  item.problems.push(...reading.problems);
  for (const n of reading.notes) if (!item.notes.some((m) => m.key === n.key)) item.notes.push(n);
  if (reading.unsupported) item.unsupported = { kind: reading.unsupported };
  if (reading.input && !item.problems.length) {
    item.input = reading.input;
    if (isRecord(ext)) applyExtension(item.input, ext);
    if (state.scoreNote && !(isRecord(ext) && Object.hasOwn(ext, 'score'))) item.notes.push(state.scoreNote);
  }
  return item;
}
