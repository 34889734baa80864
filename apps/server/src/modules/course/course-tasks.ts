import type { DbOrTx } from '../../platform/db';

// Tasks of type 2 (a course): each student's task status follows their enrolment in the course.
// Called by the progress engine whenever learners' course status may have changed.
// (Interface fixed here; the helper building tasks of types 2 and 3 writes the body.)
export async function syncCourseTasks(
  _tx: DbOrTx,
  _orgId: number,
  _courseId: number,
  _userIds: number[] | null,
): Promise<void> {}
