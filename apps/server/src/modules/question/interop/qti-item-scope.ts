import path from 'node:path';
import type { ErrorDetail } from '@lyceum/contract';
import { decodedAttrs, type Hook, htmlAttrs, toHtml } from './qti-html';
import { attr, child, descendants, elements, plainText, type XElement, type XNode } from './qti-xml';
import { type EmbeddedFile, fileRef, type ParsedItem } from './types';

// What reading one QTI item needs at every step: its declarations, its declared score, and the
// HTML writer that turns the item's XHTML into the bank's HTML (images taken from the package,
// feedback and scorer-only rubrics taken out and kept aside) while collecting problems and notes.

export interface MapEntry {
  key: string;
  value: number;
  caseSensitive: boolean;
}
export interface ResponseDecl {
  id: string;
  baseType: string;
  correct: string[];
  entries: MapEntry[];
  // The mapping's upperBound, when given.
  upper?: number;
}

const num = (s: string | undefined) => {
  if (s === undefined || s.trim() === '') return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
};
export const numberOf = num;

function readDeclarations(root: XElement): Map<string, ResponseDecl> {
  const out = new Map<string, ResponseDecl>();
  for (const rd of elements(root, 'responseDeclaration')) {
    const id = attr(rd, 'identifier') ?? '';
    const mapping = child(rd, 'mapping');
    out.set(id, {
      id,
      baseType: attr(rd, 'baseType') ?? 'string',
      correct: elements(child(rd, 'correctResponse'), 'value').map((v) => plainText(v).trim()),
      // QTI's mapEntry matches case-sensitively unless it says otherwise.
      entries: elements(mapping, 'mapEntry').map((e) => ({
        key: (attr(e, 'mapKey') ?? '').trim(),
        value: num(attr(e, 'mappedValue')) ?? 0,
        caseSensitive: attr(e, 'caseSensitive') !== 'false',
      })),
      upper: num(attr(mapping, 'upperBound')),
    });
  }
  return out;
}

// The item's full marks as it declares them: the SCORE outcome's normalMaximum, else a MAXSCORE
// outcome's default value (TAO and others write one).
function declaredScore(root: XElement): number | undefined {
  const outcomes = elements(root, 'outcomeDeclaration');
  const score = outcomes.find((o) => attr(o, 'identifier') === 'SCORE');
  const max = num(attr(score, 'normalMaximum'));
  if (max !== undefined && max > 0) return max;
  const maxScore = outcomes.find((o) => attr(o, 'identifier') === 'MAXSCORE');
  const value = num(plainText(child(child(maxScore, 'defaultValue'), 'value')));
  return value !== undefined && value > 0 ? value : undefined;
}

// Feedback identifiers shown whatever the answer: an identifier outcome's default value, or one
// response processing sets unconditionally (outside any condition).
function alwaysShown(root: XElement): Set<string> {
  const out = new Set<string>();
  for (const o of elements(root, 'outcomeDeclaration')) {
    if (attr(o, 'baseType') !== 'identifier') continue;
    for (const v of elements(child(o, 'defaultValue'), 'value')) out.add(plainText(v).trim());
  }
  for (const set of elements(child(root, 'responseProcessing'), 'setOutcomeValue')) {
    for (const v of descendants(set, (e) => e.name === 'baseValue')) out.add(plainText(v).trim());
  }
  return out;
}

// Feedback that reads as the question's explanation rather than a reply to one answer.
const GENERAL = /general|solution|explanation|analysis|rationale|worked/i;

export class ItemScope {
  readonly problems: ParsedItem['problems'] = [];
  readonly notes: ErrorDetail[] = [];
  readonly files: Record<string, EmbeddedFile> = {};
  readonly decls: Map<string, ResponseDecl>;
  readonly declared: number | undefined;
  readonly rp: XElement | undefined;
  // General feedback and scorer-facing rubric blocks found while writing HTML.
  readonly analysis: string[] = [];
  readonly reference: string[] = [];
  private readonly shown: Set<string>;
  private readonly tokens = new Map<string, string>();

  constructor(
    readonly root: XElement,
    private readonly itemPath: string,
    private readonly entries: Map<string, Buffer>,
    readonly defaultScore: number,
  ) {
    this.decls = readDeclarations(root);
    this.declared = declaredScore(root);
    this.rp = child(root, 'responseProcessing');
    this.shown = alwaysShown(root);
  }

  note(detail: ErrorDetail) {
    if (!this.notes.some((n) => n.key === detail.key)) this.notes.push(detail);
  }
  problem(field: string, detail: ErrorDetail) {
    this.problems.push({ field, detail });
  }

  decl(interaction: XElement): ResponseDecl | undefined {
    return this.decls.get(attr(interaction, 'responseIdentifier') ?? '');
  }

  // A score within the bank's range, in half points; said when it changes.
  halfStep(raw: number): number {
    const score = Math.min(100, Math.max(0.5, Math.round(raw * 2) / 2));
    if (Math.abs(score - raw) > 1e-9)
      this.note({ key: 'noteScoreRounded', params: { from: String(raw), to: String(score) } });
    return score;
  }

  html(nodes: XNode[], hook?: Hook): string {
    const visit: Hook = (el) => hook?.(el) ?? this.special(el, visit);
    return toHtml(nodes, visit);
  }

  // Feedback of the item (modalFeedback): the explanation, or dropped with a note.
  feedback(el: XElement, visit?: Hook) {
    const id = attr(el, 'identifier') ?? '';
    const general =
      (attr(el, 'showHide') ?? 'show') === 'show' && this.shown.has(id)
        ? true
        : GENERAL.test(id) || GENERAL.test(attr(el, 'title') ?? '');
    if (general) this.analysis.push(this.html(el.children, visit).trim());
    else this.note({ key: 'noteFeedbackDropped' });
  }

  private special(el: XElement, visit: Hook): string | undefined {
    switch (el.name) {
      case 'img':
        return `<img${htmlAttrs({ ...decodedAttrs(el), src: this.image(attr(el, 'src') ?? '') })} />`;
      case 'object': {
        // QTI 2's other way to show a picture.
        const data = attr(el, 'data');
        if (!data || !(attr(el, 'type') ?? '').startsWith('image/')) return undefined;
        return `<img${htmlAttrs({ src: this.image(data), alt: plainText(el).trim() })} />`;
      }
      case 'div':
        // The writer's wrapper around the bank's HTML (an item body holds blocks only).
        return (attr(el, 'class') ?? '').split(/\s+/).includes('lyceum-html') ? toHtml(el.children, visit) : undefined;
      case 'feedbackBlock':
      case 'feedbackInline':
        this.feedback(el, visit);
        return '';
      case 'rubricBlock':
        if ((attr(el, 'view') ?? '').split(/\s+/).includes('candidate')) return toHtml(el.children, visit);
        this.reference.push(toHtml(el.children, visit).trim());
        return '';
      case 'prompt':
        return toHtml(el.children, visit);
      case 'templateBlock':
      case 'templateInline':
      case 'printedVariable':
      case 'stylesheet':
        return '';
      default:
        return undefined;
    }
  }

  // An image's address in the bank's HTML: the package file as an embedded file, or the address as
  // it was when it is not in the package's tree (http:, data:, absolute).
  private image(src: string): string {
    if (src === '' || /^[a-z][a-z0-9+.-]*:/i.test(src) || src.startsWith('/') || src.startsWith('#')) return src;
    let rel = src.replace(/[?#].*$/, '');
    try {
      rel = decodeURIComponent(rel);
    } catch {
      // Not percent-encoded after all: the name as written.
    }
    const at = path.posix.normalize(path.posix.join(path.posix.dirname(this.itemPath), rel));
    const known = this.tokens.get(at);
    if (known) return fileRef(known);
    const bytes = at.startsWith('../') ? undefined : this.entries.get(at);
    if (!bytes) {
      this.problem('stem', { key: 'interopMissingPart', params: { name: src } });
      return src;
    }
    const token = `f${this.tokens.size + 1}`;
    this.tokens.set(at, token);
    this.files[token] = { name: path.posix.basename(at), bytes };
    return fileRef(token);
  }
}
