import { BLANK_MARKER, PartialCredit, type QuestionInput, QuestionType } from '@lyceum/contract';
import { htmlToText, toXhtml } from './qti-html';
import { escapeAttr, escapeText } from './qti-xml';
import type { ExportQuestion } from './types';

// One bank question as a QTI 2.1 item. Marks are the question's own: SCORE's normalMaximum is the
// question's score and response processing sets SCORE in the same points. All or nothing is the
// match-correct rule written out with the score; a share per correct option is the map_response
// template over a mapping (a wrong option takes all the marks away, as Lyceum scores it); a part
// score is match-correct with a second branch for a pick within the correct set (`contains`).
// Blanks are text entries with a mapping each (full and partial answers, case per blank) summed by
// mapResponse; a numeric blank is a float compared by `equal` within its tolerance.

type Attrs = Record<string, string | number | undefined>;
const attrs = (a: Attrs) =>
  Object.entries(a)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${escapeAttr(String(v))}"`)
    .join('');
const tag = (name: string, a: Attrs, body?: string) =>
  body === undefined ? `<${name}${attrs(a)}/>` : `<${name}${attrs(a)}>${body}</${name}>`;
const num = (n: number) => String(Math.round(n * 1e9) / 1e9);
const value = (v: string) => tag('value', {}, escapeText(v));
const base = (type: string, v: string) => tag('baseValue', { baseType: type }, escapeText(v));
const setScore = (expr: string) => tag('setOutcomeValue', { identifier: 'SCORE' }, expr);
const variable = (id: string) => tag('variable', { identifier: id });
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const isNumber = (s: string) => NUMBER.test(s.trim());

interface Entry {
  key: string;
  value: number;
  caseSensitive?: boolean;
}
function declaration(
  id: string,
  cardinality: string,
  baseType: string,
  correct: string[],
  mapping?: { upper: number; entries: Entry[] },
) {
  const parts = [];
  if (correct.length) parts.push(tag('correctResponse', {}, correct.map(value).join('')));
  if (mapping) {
    const entries = mapping.entries.map((e) =>
      tag('mapEntry', {
        mapKey: e.key,
        mappedValue: num(e.value),
        caseSensitive: e.caseSensitive === undefined ? undefined : String(e.caseSensitive),
      }),
    );
    parts.push(tag('mapping', { lowerBound: 0, upperBound: num(mapping.upper), defaultValue: 0 }, entries.join('')));
  }
  return tag('responseDeclaration', { identifier: id, cardinality, baseType }, parts.join(''));
}

// `equal` within a tolerance (QTI's relative tolerance is in per cent; 0 is an exact match).
function equal(id: string, answer: string, tolerance: number, mode: 'absolute' | 'relative') {
  const a: Attrs =
    tolerance === 0
      ? { toleranceMode: 'exact' }
      : { toleranceMode: mode, tolerance: num(mode === 'relative' ? tolerance * 100 : tolerance) };
  return tag('equal', a, variable(id) + base('float', answer.trim()));
}
// if / else if ... : the first branch that holds decides (Moodle's first matching answer).
function firstMatch(branches: { cond: string; action: string }[]) {
  const body = branches.map((b, i) => tag(i === 0 ? 'responseIf' : 'responseElseIf', {}, b.cond + b.action)).join('');
  return tag('responseCondition', {}, body);
}
const matchCorrect = (id: string) => tag('match', {}, variable(id) + tag('correct', { identifier: id }));

export interface ItemParts {
  declarations: string[];
  // Blocks after the stem.
  body: string[];
  // The stem with its blanks in place (gap filling), instead of the stem as it is.
  stem?: string;
  responseProcessing?: string;
  interaction: string;
  // Whether the item states the accepted answers (a short answer's) in full.
  acceptedInItem: boolean;
}

function choiceParts(q: QuestionInput, html: (s: string) => string): ItemParts {
  const trueFalse = q.type === QuestionType.TrueFalse;
  const choices = trueFalse
    ? [
        { id: 'true', content: 'True' },
        { id: 'false', content: 'False' },
      ]
    : q.options.map((o) => ({ id: o.label, content: html(o.content) }));
  const correct = trueFalse ? [q.answer ? 'true' : 'false'] : Array.isArray(q.answer) ? q.answer : [String(q.answer)];
  const multiple = q.type === QuestionType.MultipleChoice;
  const perOption = multiple && q.partialCredit === PartialCredit.PerOption;
  const share = q.score / correct.length;
  const mapping = perOption
    ? {
        upper: q.score,
        entries: choices.map((c) => ({
          key: c.id,
          value: correct.includes(c.id) ? share : -q.score,
          caseSensitive: true,
        })),
      }
    : undefined;
  const declarations = [declaration('RESPONSE', multiple ? 'multiple' : 'single', 'identifier', correct, mapping)];
  const interaction = tag(
    'choiceInteraction',
    { responseIdentifier: 'RESPONSE', shuffle: 'false', maxChoices: multiple ? 0 : 1 },
    `\n${choices.map((c) => tag('simpleChoice', { identifier: c.id }, c.content)).join('\n')}\n`,
  );
  const branches = [{ cond: matchCorrect('RESPONSE'), action: setScore(base('float', num(q.score))) }];
  if (multiple && q.partialCredit === PartialCredit.PartScore) {
    const within = tag('contains', {}, tag('correct', { identifier: 'RESPONSE' }) + variable('RESPONSE'));
    branches.push({ cond: within, action: setScore(base('float', num(q.partScore ?? q.score / 2))) });
  }
  const responseProcessing = perOption
    ? tag('responseProcessing', { template: 'http://www.imsglobal.org/question/qti_v2p1/rptemplates/map_response' })
    : tag('responseProcessing', {}, firstMatch(branches));
  return {
    declarations,
    body: [interaction],
    responseProcessing,
    interaction: 'choiceInteraction',
    acceptedInItem: true,
  };
}

interface Blank {
  score: number;
  answers: string[];
  partial: { answer: string; fraction: number }[];
  rules?: { ignoreCase?: boolean; numericTolerance?: number | null; toleranceMode?: 'absolute' | 'relative' };
}
interface Rules {
  ignoreCase: boolean;
  numericTolerance: number | null;
  toleranceMode: 'absolute' | 'relative';
}

function gapParts(q: QuestionInput, html: (s: string) => string): ItemParts {
  const { blanks, rules } = q.answer as { blanks: Blank[]; rules: Rules };
  const declarations: string[] = [];
  const summed: string[] = [];
  const numeric: string[] = [];
  blanks.forEach((b, i) => {
    const id = `RESPONSE_${i + 1}`;
    const ignoreCase = b.rules?.ignoreCase ?? rules.ignoreCase;
    const tolerance = b.rules?.numericTolerance !== undefined ? b.rules.numericTolerance : rules.numericTolerance;
    const mode = b.rules?.toleranceMode ?? rules.toleranceMode;
    const isNumeric = tolerance !== null && [...b.answers, ...b.partial.map((p) => p.answer)].every(isNumber);
    const entries: Entry[] = [
      ...b.answers.map((key) => ({ key, value: b.score, caseSensitive: !ignoreCase })),
      ...b.partial.map((p) => ({ key: p.answer, value: b.score * p.fraction, caseSensitive: !ignoreCase })),
    ];
    declarations.push(
      declaration(id, 'single', isNumeric ? 'float' : 'string', [b.answers[0]], { upper: b.score, entries }),
    );
    if (!isNumeric) {
      summed.push(tag('mapResponse', { identifier: id }));
      return;
    }
    const add = (points: number) => setScore(tag('sum', {}, variable('SCORE') + base('float', num(points))));
    numeric.push(
      firstMatch(entries.map((e) => ({ cond: equal(id, e.key, tolerance ?? 0, mode), action: add(e.value) }))),
    );
  });
  let stem = html(q.stem);
  let n = 0;
  stem = stem.split(BLANK_MARKER).reduce((out, part) => {
    n++;
    const entry = tag('textEntryInteraction', { responseIdentifier: `RESPONSE_${n}`, expectedLength: 15 });
    return n <= blanks.length ? `${out}${entry}${part}` : `${out}${escapeText(BLANK_MARKER)}${part}`;
  });
  const total = setScore(tag('sum', {}, summed.length ? summed.join('') : base('float', '0')));
  return {
    declarations,
    body: [],
    stem,
    responseProcessing: tag('responseProcessing', {}, total + numeric.join('')),
    interaction: 'textEntryInteraction',
    acceptedInItem: true,
  };
}

interface ShortKey {
  reference: string;
  accepted: { answer: string; fraction: number; tolerance: number | null }[];
  caseSensitive: boolean;
}

function shortAnswerParts(q: QuestionInput, html: (s: string) => string): ItemParts {
  const a = q.answer as ShortKey;
  const rubric = a.reference.trim()
    ? [tag('rubricBlock', { view: 'scorer' }, tag('div', { class: 'lyceum-html' }, html(a.reference)))]
    : [];
  if (!a.accepted.length) {
    // Keywords or marked by hand: an essay box; the keywords travel in the extension.
    const box = tag('extendedTextInteraction', { responseIdentifier: 'RESPONSE', expectedLines: 6 });
    return {
      declarations: [declaration('RESPONSE', 'single', 'string', [])],
      body: [box, ...rubric],
      interaction: 'extendedTextInteraction',
      acceptedInItem: true,
    };
  }
  const numeric = a.accepted.every((x) => x.tolerance !== null && isNumber(x.answer));
  const first = a.accepted.find((x) => x.fraction === 1) ?? a.accepted[0];
  const box = `<p>${tag('textEntryInteraction', { responseIdentifier: 'RESPONSE', expectedLength: 20 })}</p>`;
  const common = { body: [box, ...rubric], interaction: 'textEntryInteraction' };
  if (numeric) {
    const branches = a.accepted.map((x) => ({
      cond: equal('RESPONSE', x.answer, x.tolerance ?? 0, 'absolute'),
      action: setScore(base('float', num(q.score * x.fraction))),
    }));
    return {
      ...common,
      declarations: [declaration('RESPONSE', 'single', 'float', [first.answer.trim()])],
      responseProcessing: tag('responseProcessing', {}, firstMatch(branches)),
      acceptedInItem: true,
    };
  }
  const entries = a.accepted.map((x) => ({
    key: x.answer,
    value: q.score * x.fraction,
    caseSensitive: a.caseSensitive,
  }));
  return {
    ...common,
    declarations: [declaration('RESPONSE', 'single', 'string', [first.answer], { upper: q.score, entries })],
    responseProcessing: tag('responseProcessing', {
      template: 'http://www.imsglobal.org/question/qti_v2p1/rptemplates/map_response',
    }),
    acceptedInItem: a.accepted.every((x) => x.tolerance === null),
  };
}

const NS =
  'xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
  'xsi:schemaLocation="http://www.imsglobal.org/xsd/imsqti_v2p1 http://www.imsglobal.org/xsd/qti/qtiv2p1/imsqti_v2p1p2.xsd"';

export function itemTitle(q: QuestionInput, id: number): string {
  const words = htmlToText(q.stem.split(BLANK_MARKER).join('___'));
  return words.length > 80 ? `${words.slice(0, 79)}…` : words || `Question ${id}`;
}

// The item's XML; `src` gives the package address (relative to the item) of a bank file, if any.
export function writeItem(
  question: ExportQuestion,
  src: (fileId: number) => string | undefined,
): { xml: string; interaction: string; acceptedInItem: boolean } {
  const q = question.input;
  const html = (s: string) =>
    toXhtml(s, (_name, a) => {
      const m = a.src ? /^\/api\/file\/(\d+)(?:[?#].*)?$/.exec(a.src) : null;
      const path = m ? src(Number(m[1])) : undefined;
      if (path) a.src = path;
    });
  const parts =
    q.type === QuestionType.GapFilling
      ? gapParts(q, html)
      : q.type === QuestionType.ShortAnswer
        ? shortAnswerParts(q, html)
        : choiceParts(q, html);
  const analysis = q.analysis.trim() ? html(q.analysis) : '';
  const outcomes = [
    tag(
      'outcomeDeclaration',
      { identifier: 'SCORE', cardinality: 'single', baseType: 'float', normalMaximum: num(q.score) },
      tag('defaultValue', {}, value('0')),
    ),
  ];
  // General feedback: shown after any answer, because FEEDBACK holds its identifier from the start.
  if (analysis)
    outcomes.push(
      tag(
        'outcomeDeclaration',
        { identifier: 'FEEDBACK', cardinality: 'single', baseType: 'identifier' },
        tag('defaultValue', {}, value('GENERAL')),
      ),
    );
  const stem = tag('div', { class: 'lyceum-html' }, parts.stem ?? html(q.stem));
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<assessmentItem ${NS}${attrs({ identifier: `q${question.id}`, title: itemTitle(q, question.id), adaptive: 'false', timeDependent: 'false' })}>`,
    ...parts.declarations,
    ...outcomes,
    `<itemBody>\n${[stem, ...parts.body].join('\n')}\n</itemBody>`,
    ...(parts.responseProcessing ? [parts.responseProcessing] : []),
    ...(analysis
      ? [tag('modalFeedback', { outcomeIdentifier: 'FEEDBACK', identifier: 'GENERAL', showHide: 'show' }, analysis)]
      : []),
    '</assessmentItem>',
    '',
  ].join('\n');
  return { xml, interaction: parts.interaction, acceptedInItem: parts.acceptedInItem };
}
