import type { DbOrTx } from '../../platform/db';

// What follows a lesson's change, inside the change's transaction: attendance keeps its session's
// time and venue with the lesson and applies approved leave to a lesson moved into it (the
// attendance module registers; the timetable does not read attendance's tables).
export type LessonChange = 'created' | 'moved' | 'cancelled' | 'substituted' | 'restored';
type Listener = (tx: DbOrTx, orgId: number, lessonIds: number[], change: LessonChange) => Promise<void>;
const listeners: Listener[] = [];

export function onLessonChange(listener: Listener): void {
  if (!listeners.includes(listener)) listeners.push(listener);
}

export async function lessonsChanged(tx: DbOrTx, orgId: number, lessonIds: number[], change: LessonChange) {
  if (!lessonIds.length) return;
  for (const listener of listeners) await listener(tx, orgId, lessonIds, change);
}
