import type { StudentAnswer } from './scoring';

// A student may see a choice question's options in their own order: `order[i]` is the original
// label of the option shown at position i (shown labels are A, B, C, ... by position). The scoring
// engine knows only the original labels, so an answer given in shown labels is mapped back first;
// scoring the mapped answer gives exactly what the same choice scores on the unshuffled question.
export interface OptionOrder {
  // The question's own options (single or multiple choice); null when they keep their order.
  options: readonly string[] | null;
  // Per child of a compose question; null for a child whose options keep their order.
  children: readonly (readonly string[] | null)[] | null;
}

const LABELS = 'ABCDEFGHIJ';

function mapLabels(answer: StudentAnswer, map: (label: string) => string): StudentAnswer {
  if (typeof answer === 'string') return map(answer);
  if (Array.isArray(answer)) return answer.map((a) => (typeof a === 'string' ? map(a) : a));
  return answer;
}

// Shown label -> original label; a label outside the shown options stays as it is (it scores nothing).
const back = (order: readonly string[]) => (label: string) => {
  const i = LABELS.indexOf(label);
  return label.length === 1 && i >= 0 && i < order.length ? order[i]! : label;
};
// Original label -> the label it is shown under.
const forth = (order: readonly string[]) => (label: string) => {
  const i = order.indexOf(label);
  return i >= 0 ? LABELS[i]! : label;
};

function convert(answer: StudentAnswer, order: OptionOrder, make: (o: readonly string[]) => (l: string) => string) {
  if (order.children) {
    if (!Array.isArray(answer)) return answer;
    return answer.map((child, i) => {
      const o = order.children?.[i];
      return o ? mapLabels(child, make(o)) : child;
    });
  }
  return order.options ? mapLabels(answer, make(order.options)) : answer;
}

// The answer in the original labels, ready for the scoring engine.
export function toOriginalAnswer(answer: StudentAnswer, order: OptionOrder): StudentAnswer {
  return convert(answer, order, back);
}

// An answer in original labels as this student sees it (the key shown on their marked paper).
export function toShownAnswer(answer: StudentAnswer, order: OptionOrder): StudentAnswer {
  return convert(answer, order, forth);
}

// The options as this student sees them: relabelled A, B, C, ... in the shown order.
export function shownOptions<O extends { label: string }>(options: readonly O[], order: readonly string[] | null): O[] {
  if (!order) return [...options];
  const byLabel = new Map(options.map((o) => [o.label, o]));
  return order.map((label, i) => ({ ...(byLabel.get(label) as O), label: LABELS[i]! }));
}
