import type { AttemptQuestion, AttemptSection, StudentAnswer } from '@lyceum/contract';
import { QuestionType } from '@lyceum/contract';

// The paper flattened for navigation: every question with its number (1-based, across sections)
// and its section.
export interface PaperQuestion {
  question: AttemptQuestion;
  number: number;
  sectionIndex: number;
}

export function flatten(sections: readonly AttemptSection[]): PaperQuestion[] {
  const out: PaperQuestion[] = [];
  sections.forEach((section, sectionIndex) => {
    for (const question of section.questions) out.push({ question, number: out.length + 1, sectionIndex });
  });
  return out;
}

// Options are shown as A, B, C... by their position; the answer names the option's own label.
export function letter(index: number): string {
  return String.fromCharCode(65 + index);
}

type Shape = Pick<AttemptQuestion, 'type' | 'blankCount'> & { children?: readonly Shape[] };

// Whether the student has given something for the question (a gap filled, a part answered).
export function isAnswered(q: Shape, answer: StudentAnswer): boolean {
  switch (q.type) {
    case QuestionType.SingleChoice:
    case QuestionType.ShortAnswer:
      return typeof answer === 'string' && answer.trim() !== '';
    case QuestionType.TrueFalse:
      return typeof answer === 'boolean';
    case QuestionType.MultipleChoice:
      return Array.isArray(answer) && answer.length > 0;
    case QuestionType.GapFilling:
      return Array.isArray(answer) && answer.some((a) => typeof a === 'string' && a.trim() !== '');
    case QuestionType.Compose:
      return (
        Array.isArray(answer) && (q.children ?? []).some((child, i) => isAnswered(child, answer[i] as StudentAnswer))
      );
    default:
      return answer !== null && answer !== undefined;
  }
}

// The gaps of a gap-filling answer, always `blankCount` of them.
export function gaps(answer: StudentAnswer, blankCount: number): string[] {
  const list = Array.isArray(answer) ? answer : [];
  return Array.from({ length: blankCount }, (_, i) => (typeof list[i] === 'string' ? (list[i] as string) : ''));
}

// A compose answer: one entry per child, in the child's shape.
export function parts(answer: StudentAnswer, count: number): StudentAnswer[] {
  const list = Array.isArray(answer) ? answer : [];
  return Array.from({ length: count }, (_, i) => list[i] ?? null);
}

export function choices(answer: StudentAnswer): string[] {
  return Array.isArray(answer) ? answer.filter((a): a is string => typeof a === 'string') : [];
}

// Toggles a label in a multiple-choice answer, keeping the options' order.
export function toggleChoice(answer: StudentAnswer, label: string, order: readonly string[]): string[] {
  const chosen = new Set(choices(answer));
  if (chosen.has(label)) chosen.delete(label);
  else chosen.add(label);
  return order.filter((l) => chosen.has(l));
}
