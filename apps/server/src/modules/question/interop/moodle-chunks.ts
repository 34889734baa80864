import { setImmediate as nextTurn } from 'node:timers/promises';
import { readMoodleXml } from './moodle-xml-read';
import type { ParsedItem } from './types';

// A big Moodle XML file read in runs of questions, the event loop let go between runs: the parser is
// synchronous, and 5,000 questions in one go held a server's other requests for over a second. The
// file is cut only where the cut is certain (between top-level <question> elements, outside CDATA
// and comments); anything unexpected (a DOCTYPE, a question never closed, text after </quiz>) is read
// whole, so refusals (with their line) are exactly the reader's.

const PER_RUN = 250;

interface Cut {
  // Where the top-level <question> elements are, start and end offsets.
  questions: { start: number; end: number; category: boolean }[];
}

function skipTo(text: string, from: number, marker: string): number {
  const at = text.indexOf(marker, from);
  return at < 0 ? -1 : at + marker.length;
}

function cut(text: string): Cut | null {
  const open = /<quiz(\s[^>]*)?>/.exec(text);
  if (!open) return null;
  const prelude = text.slice(0, open.index);
  if (/<!DOCTYPE|<!ENTITY/i.test(prelude)) return null;
  const questions: Cut['questions'] = [];
  let at = open.index + open[0].length;
  for (;;) {
    while (at < text.length && /\s/.test(text[at])) at++;
    if (text.startsWith('<!--', at)) {
      at = skipTo(text, at, '-->');
      if (at < 0) return null;
      continue;
    }
    if (text.startsWith('</quiz>', at)) {
      // Only white space and comments may follow.
      return /^\s*(<!--[\s\S]*?-->\s*)*$/.test(text.slice(at + 7)) ? { questions } : null;
    }
    if (!text.startsWith('<question', at) || !/[\s>]/.test(text[at + 9] ?? '')) return null;
    const start = at;
    const tagEnd = text.indexOf('>', at);
    if (tagEnd < 0) return null;
    const category = /\btype\s*=\s*["']category["']/.test(text.slice(at, tagEnd));
    // To this question's end tag, past CDATA sections and comments, which may hold any text.
    let end = -1;
    let i = tagEnd + 1;
    while (i < text.length) {
      const next = text.indexOf('<', i);
      if (next < 0) return null;
      if (text.startsWith('<![CDATA[', next)) i = skipTo(text, next, ']]>');
      else if (text.startsWith('<!--', next)) i = skipTo(text, next, '-->');
      else if (text.startsWith('</question>', next)) {
        end = next + '</question>'.length;
        break;
      } else if (text.startsWith('<question', next) || text.startsWith('<!', next)) return null;
      else i = next + 1;
      if (i < 0) return null;
    }
    if (end < 0) return null;
    questions.push({ start, end, category });
    at = end;
  }
}

const linesBefore = (text: string, offset: number) => {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) n++;
  return n;
};

export async function readMoodleXmlInRuns(text: string): Promise<ParsedItem[]> {
  const found = cut(text);
  if (!found || found.questions.length <= PER_RUN) return readMoodleXml(text);
  const items: ParsedItem[] = [];
  // The category in force where a run starts: its entry goes before the run's questions.
  let category = '';
  for (let from = 0; from < found.questions.length; from += PER_RUN) {
    const run = found.questions.slice(from, from + PER_RUN);
    const first = run[0].start;
    const last = run[run.length - 1].end;
    // Padded with the lines before it, so the reader's line numbers are the file's.
    const padded = `${'\n'.repeat(linesBefore(text, first))}<quiz>${category}${text.slice(first, last)}</quiz>`;
    for (const item of readMoodleXml(padded)) items.push({ ...item, ordinal: items.length + 1 });
    for (const q of run) if (q.category) category = text.slice(q.start, q.end).replace(/\s+/g, ' ');
    await nextTurn();
  }
  return items;
}
