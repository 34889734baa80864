import type { DbOrTx } from '../../platform/db';
import type { Outline } from './course-outline';

// PLACEHOLDER INTERFACE (issue 30, being built): the progress helper replaces the bodies.

// The outline of a published version (course_versions.content), cached per process: a published
// version never changes.
export async function loadOutline(_db: DbOrTx, _orgId: number, _courseId: number, _version: number): Promise<Outline> {
  throw new Error('loadOutline: not built yet');
}

// Recomputes the learners' lesson statuses and course progress against the latest published
// version (all learners of the course when `userIds` is null), then their course tasks.
export async function refreshEnrolments(
  _tx: DbOrTx,
  _orgId: number,
  _courseId: number,
  _userIds: number[] | null,
): Promise<void> {
  throw new Error('refreshEnrolments: not built yet');
}
