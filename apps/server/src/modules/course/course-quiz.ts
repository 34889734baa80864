import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import type { Outline } from './course-outline';

// PLACEHOLDER INTERFACE (issue 30, being built): the progress helper replaces the body.

// Every quiz lesson of a version being published gets its practice exam (hidden from the exam
// screens), once per lesson and paper (lesson_exams).
export async function ensureQuizExams(
  _tx: DbOrTx,
  _ctx: RequestContext,
  _courseId: number,
  _outline: Outline,
): Promise<void> {
  throw new Error('ensureQuizExams: not built yet');
}
