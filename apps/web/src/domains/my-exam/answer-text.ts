import type { QuestionInput, StudentAnswer } from '@lyceum/contract';
import { htmlText } from '../../rich-text/plain-text';

type Texts = { yes: string; no: string; blank: (n: number) => string; part: (n: number) => string };
type Question = Pick<QuestionInput, 'type' | 'answer' | 'children'>;

// A question's key as one line of text: labels, true/false, each blank's accepted answers, the reference.
export function keyText(q: Question, texts: Texts): string {
  if (q.type === 6)
    return q.children.map((c, i) => `${texts.part(i + 1)}: ${keyText({ ...c, children: [] }, texts)}`).join('\n');
  const a = q.answer;
  if (a === null || a === undefined) return '';
  if (typeof a === 'boolean') return a ? texts.yes : texts.no;
  if (typeof a === 'string') return a;
  if (Array.isArray(a)) return a.join(', ');
  if ('blanks' in a) return a.blanks.map((b, i) => `${texts.blank(i + 1)}: ${b.answers.join(' / ')}`).join('\n');
  return htmlText(a.reference, 'delimited');
}

// What the student gave, the same way; null when they left it empty.
export function answerText(q: Question, answer: StudentAnswer | undefined, texts: Texts): string | null {
  if (answer === null || answer === undefined || answer === '') return null;
  if (typeof answer === 'boolean') return answer ? texts.yes : texts.no;
  if (typeof answer === 'string') return q.type === 5 ? htmlText(answer) || answer : answer;
  if (q.type === 6) {
    const parts = q.children.map((c, i) => {
      const own = answerText({ ...c, children: [] }, answer[i] as StudentAnswer, texts);
      return own === null ? null : `${texts.part(i + 1)}: ${own}`;
    });
    return parts.some((p) => p !== null) ? parts.filter(Boolean).join('\n') : null;
  }
  if (q.type === 4) {
    const blanks = answer.map((v, i) => `${texts.blank(i + 1)}: ${v === null || v === '' ? '—' : String(v)}`);
    return answer.some((v) => v !== null && v !== '') ? blanks.join('\n') : null;
  }
  const flat = answer.flat().filter((v) => v !== null && v !== '');
  return flat.length ? flat.map(String).join(', ') : null;
}
