import type { AttemptQuestion, CheckAnswerResult, HomeworkRules } from '@lyceum/contract';
import { QuestionType } from '@lyceum/contract';
import type { Lang, TextKey } from './texts';

// A homework paper on the exam page (decision 39): no timer, no proctoring, come back later, and
// (when the task says so) a "check" button on the questions the machine scores.

// The types the machine scores, so the server can check them at once; a short answer waits for a
// teacher and a compose question for all of its parts.
const CHECKABLE: readonly number[] = [
  QuestionType.SingleChoice,
  QuestionType.MultipleChoice,
  QuestionType.TrueFalse,
  QuestionType.GapFilling,
];

export function isCheckable(q: Pick<AttemptQuestion, 'type'>, homework: HomeworkRules | null): boolean {
  return homework?.instantFeedback === true && CHECKABLE.includes(q.type);
}

// The answers checked already (after a reload, or on another device), by question.
export function checkedOf(homework: HomeworkRules | null): ReadonlyMap<number, CheckAnswerResult> {
  return new Map((homework?.checked ?? []).map((c) => [c.questionId, c]));
}

// What the bar says about the time: the due time, and the last hand-in time after it when late
// work is taken (or a returned paper's own time); once the due time has passed, only the last one.
// `deadline` is the attempt's: the last moment a hand-in is taken.
export type DueLine = { kind: 'due'; at: number; lateUntil: number | null } | { kind: 'pastDue'; at: number };

export function dueLine(now: number, dueTime: string, deadline: number): DueLine {
  const due = Date.parse(dueTime);
  if (now >= due) return { kind: 'pastDue', at: deadline };
  // Within a minute of each other (a returned paper's time taken from the due time): one time.
  if (Math.abs(deadline - due) < 60_000) return { kind: 'due', at: due, lateUntil: null };
  return deadline > due
    ? { kind: 'due', at: due, lateUntil: deadline }
    : { kind: 'due', at: deadline, lateUntil: null };
}

// "Sat 3 May, 18:00" / "5月3日周六 18:00": a due time is days away, so the date and the weekday matter.
export function dueMoment(epochMs: number, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(epochMs);
}

// "2" or "1.5": points as the paper writes them.
export function points(value: number): string {
  return String(Math.round(value * 100) / 100);
}

// Right, partly right (some points: a multiple choice with a share of the options), or wrong.
export function verdictKey(result: Pick<CheckAnswerResult, 'correct' | 'score'>): TextKey {
  if (result.correct) return 'checkCorrect';
  return result.score > 0 ? 'checkPartly' : 'checkWrong';
}
