import { ProgressEvent } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { num, typedRows } from '../../platform/sql-rows';
import { courseEnrolments, lessonProgress, progressLog } from './course.table';
import { refreshEnrolments } from './course-progress';

// A live lesson is attended by being at its live class (issue 32): the live class's report names
// the learners who stayed long enough, and each of them gets the lesson attended once, an Attended
// row in the progress log beside lesson_progress.attended (the log's bool_or, as the drift job
// reads it, so nothing takes it back), then their course standing follows. Only learners enrolled
// in the course: a class's student who is not is no learner of it. Answers who was newly marked.
export async function markLiveAttended(
  db: DbOrTx,
  orgId: number,
  courseId: number,
  lessonId: number,
  userIds: number[],
): Promise<number[]> {
  if (!userIds.length) return [];
  // Raw: one upsert of the enrolled learners' rows, answering only those it changed.
  const changed = await typedRows(
    db,
    sql`insert into ${lessonProgress} as p (organization_id, lesson_id, user_id, course_id, attended)
      select ${orgId}, ${lessonId}, e.user_id, ${courseId}, true
      from ${courseEnrolments} e
      where e.organization_id = ${orgId} and e.course_id = ${courseId}
        and e.user_id = any(${`{${userIds.join(',')}}`}::bigint[])
      on conflict (organization_id, lesson_id, user_id) do update set attended = true, update_time = now()
        where not p.attended
      returning p.user_id as "userId"`,
    { userId: num },
  );
  const users = changed.map((c) => c.userId);
  if (!users.length) return [];
  await db
    .insert(progressLog)
    .values(
      users.map((userId) => ({ organizationId: orgId, userId, courseId, lessonId, event: ProgressEvent.Attended })),
    );
  await refreshEnrolments(db, orgId, courseId, users);
  return users;
}
