import { type ErrorDetail, JudgeType, OPTION_LABELS, PartialCredit, QuestionType } from '@lyceum/contract';
import { readBlanks } from './qti-blanks';
import { applyExtension, type QtiExtension } from './qti-extension';
import { ItemScope, numberOf, type ResponseDecl } from './qti-item-scope';
import { attr, child, descendants, elements, escapeText, plainText, type XElement } from './qti-xml';
import type { ParsedItem } from './types';

// One QTI item (2.1 or 3.0, names already brought to 2.1's spelling) as a bank question:
// - choiceInteraction with maxChoices 1: a single choice, or true/false when its two choices read
//   True and False (对/错, 正确/错误 too); maxChoices 0 or more than 1: a multiple choice, all or
//   nothing under match-correct processing, a share per correct option under a mapping;
// - text entries and inline choices: gap filling or a short answer (qti-blanks.ts);
// - extendedTextInteraction: a short answer marked by hand, its reference from a scorer's rubric
//   block or the correct response;
// - any other interaction, or several of different kinds: unsupported, named by the interaction.
// The stem is the item body without its interactions (a prompt kept where its interaction was);
// general feedback is the analysis.

export type ItemRead = Pick<ParsedItem, 'name' | 'input' | 'unsupported' | 'problems' | 'notes' | 'files'>;

const SUPPORTED = new Set([
  'choiceInteraction',
  'textEntryInteraction',
  'inlineChoiceInteraction',
  'extendedTextInteraction',
]);
const TRUE_WORDS = new Set(['true', '对', '正确']);
const FALSE_WORDS = new Set(['false', '错', '错误']);

const BLOCKS = new Set(['p', 'div', 'ul', 'ol', 'table', 'blockquote', 'pre', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

// The body without `inter`, whose prompt stays where it was (a paragraph when it is only text).
function stemWithout(body: XElement, inter: XElement, scope: ItemScope): string {
  const prompt = (el: XElement) => {
    const nodes = elements(el, 'prompt').flatMap((p) => p.children);
    const html = scope.html(nodes).trim();
    if (html === '') return '';
    return descendants({ ...el, children: nodes }, (e) => BLOCKS.has(e.name)).length ? html : `<p>${html}</p>`;
  };
  return scope.html(body.children, (el) => (el === inter ? prompt(el) : undefined)).trim();
}

function multipleRule(scope: ItemScope, d: ResponseDecl | undefined, ids: string[], correct: string[]) {
  const rp = scope.rp;
  // Our writer's part-score rule: the picks are within the correct set (`contains`) -> the part score.
  const part = descendants(
    rp,
    (e) => e.name === 'responseElseIf' && descendants(e, (x) => x.name === 'contains').length > 0,
  )[0];
  if (part) {
    const set = elements(part, 'setOutcomeValue')[0];
    const value = numberOf(plainText(child(set, 'baseValue')));
    return {
      partialCredit: PartialCredit.PartScore,
      partScore: value === undefined ? null : Math.round(value * 2) / 2,
    };
  }
  const mapped =
    descendants(rp, (e) => e.name === 'mapResponse').length > 0 || /map_response/.test(attr(rp, 'template') ?? '');
  if (!mapped || !d?.entries.length) return { partialCredit: PartialCredit.AllOrNothing };
  // Lyceum's share per correct option gives nothing once a wrong option is picked: a mapping reads
  // so when the correct options share the marks equally and each wrong one takes them all away.
  const value = new Map(d.entries.map((e) => [e.key, e.value]));
  const shares = correct.map((id) => value.get(id) ?? 0);
  const full = d.upper ?? shares.reduce((s, v) => s + v, 0);
  const exact =
    shares.every((v) => Math.abs(v - shares[0]) < 1e-6 && v > 0) &&
    ids.filter((id) => !correct.includes(id)).every((id) => (value.get(id) ?? 0) <= -full + 1e-6);
  if (!exact) scope.note({ key: 'noteQtiChoiceMapping' });
  return { partialCredit: PartialCredit.PerOption };
}

function readChoice(body: XElement, inter: XElement, scope: ItemScope, ext: QtiExtension | null) {
  const stem = stemWithout(body, inter, scope);
  const choices = descendants(inter, (e) => e.name === 'simpleChoice');
  if (attr(inter, 'shuffle') === 'true') scope.note({ key: 'noteShuffleKept' });
  if (choices.length > OPTION_LABELS.length)
    scope.problem('options', { key: 'interopTooManyOptions', params: { max: OPTION_LABELS.length } });
  const kept = choices.slice(0, OPTION_LABELS.length);
  const options = kept.map((c, i) => ({ label: OPTION_LABELS[i], content: scope.html(c.children).trim() }));
  const ids = kept.map((c) => attr(c, 'identifier') ?? '');
  const d = scope.decl(inter);
  const single = (numberOf(attr(inter, 'maxChoices')) ?? 1) === 1;
  // Without a correct response, the choices the mapping rewards (the best one for a single choice).
  const rewarded = (d?.entries ?? []).filter((e) => e.value > 0).sort((a, b) => b.value - a.value);
  const correct = d?.correct.length ? d.correct : rewarded.slice(0, single ? 1 : undefined).map((e) => e.key);
  const picked = correct.map((id) => ids.indexOf(id)).filter((i) => i >= 0);
  if (!picked.length) scope.problem('answer', { key: 'interopNoCorrect' });
  const mappedMax = d?.entries.length ? (d.upper ?? rewarded.reduce((s, e) => s + e.value, 0)) : undefined;
  const score = scope.halfStep(scope.declared ?? (mappedMax || scope.defaultScore));
  if (single) {
    const texts = kept.map((c) => plainText(c).trim().toLowerCase());
    const readsTrueFalse =
      kept.length === 2 &&
      ((TRUE_WORDS.has(texts[0]) && FALSE_WORDS.has(texts[1])) ||
        (FALSE_WORDS.has(texts[0]) && TRUE_WORDS.has(texts[1])));
    const asTrueFalse =
      ext?.type === QuestionType.TrueFalse || (readsTrueFalse && ext?.type !== QuestionType.SingleChoice);
    if (kept.length === 2 && asTrueFalse) {
      const i = picked[0] ?? 0;
      return { type: QuestionType.TrueFalse, stem, answer: readsTrueFalse ? TRUE_WORDS.has(texts[i]) : i === 0, score };
    }
    return {
      type: QuestionType.SingleChoice,
      stem,
      options,
      answer: picked.length ? OPTION_LABELS[picked[0]] : '',
      score,
    };
  }
  const rule = multipleRule(scope, d, ids, correct);
  return {
    type: QuestionType.MultipleChoice,
    stem,
    options,
    answer: picked.map((i) => OPTION_LABELS[i]),
    ...rule,
    score,
  };
}

function readEssay(body: XElement, inter: XElement, scope: ItemScope) {
  const stem = stemWithout(body, inter, scope);
  const given = scope.decl(inter)?.correct ?? [];
  const reference = scope.reference.join('') || escapeText(given.join('\n'));
  return {
    type: QuestionType.ShortAnswer,
    stem,
    answer: { reference, keywords: [] },
    judgeType: JudgeType.Manual,
    score: scope.halfStep(scope.declared ?? scope.defaultScore),
  };
}

export function readQtiItem(
  root: XElement,
  itemPath: string,
  entries: Map<string, Buffer>,
  defaultScore: number,
  ext: QtiExtension | null,
): ItemRead {
  const name = attr(root, 'title')?.trim() || undefined;
  const refused = (detail: ErrorDetail): ItemRead => ({
    name,
    input: null,
    problems: [{ field: '', detail }],
    notes: [],
    files: {},
  });
  const unsupported = (kind: string): ItemRead => ({
    name,
    input: null,
    unsupported: { kind },
    problems: [],
    notes: [],
    files: {},
  });
  if (root.name !== 'assessmentItem') return refused({ key: 'interopQtiNotItem', params: { name: root.name } });
  const scope = new ItemScope(root, itemPath, entries, defaultScore);
  const body = child(root, 'itemBody') ?? { name: 'itemBody', attrs: {}, children: [] };
  const all = descendants(body, (e) => e.name.endsWith('Interaction'));
  // An "end attempt" button asks for hints or another try: the question stands without it.
  const inters = all.filter((e) => e.name !== 'endAttemptInteraction');
  if (inters.length < all.length) scope.note({ key: 'noteHintsDropped' });
  const odd = inters.find((i) => !SUPPORTED.has(i.name));
  if (odd) return unsupported(odd.name);
  if (!inters.length) return unsupported('text only');
  const kinds = new Set(inters.map((i) => i.name));
  let input: Record<string, unknown>;
  if ([...kinds].every((k) => k === 'textEntryInteraction' || k === 'inlineChoiceInteraction'))
    input = readBlanks(body, inters, scope, ext);
  else if (inters.length === 1 && kinds.has('choiceInteraction')) input = readChoice(body, inters[0], scope, ext);
  else if (inters.length === 1 && kinds.has('extendedTextInteraction')) input = readEssay(body, inters[0], scope);
  else return unsupported(inters.map((i) => i.name).join(' + '));
  for (const fb of elements(root, 'modalFeedback')) scope.feedback(fb);
  const analysis = scope.analysis.filter((a) => a !== '').join('');
  return {
    name,
    input: applyExtension({ ...input, analysis }, ext),
    problems: scope.problems,
    notes: scope.notes,
    files: scope.files,
  };
}
