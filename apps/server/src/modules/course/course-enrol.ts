import { EnrolmentSource } from '@lyceum/contract';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { typedRows } from '../../platform/sql-rows';
import { inOrg } from '../../platform/tenant-sql';
import { courseEnrolments } from './course.table';

export interface EnrolOptions {
  source: EnrolmentSource;
  // The assignment or task that brings them (null for self-enrolment).
  sourceId?: number | null;
  required: boolean;
  dueTime?: Date | null;
}

// Enrols students in a course: one row per learner and course (the key), so enrolling twice, or by
// two assignments at once, is one enrolment. An enrolment that exists keeps its source; a required
// assignment makes it required (with the earlier due time). `users` is a list of ids or a query
// selecting a column `id`. Answers the user ids newly enrolled or changed, for the caller to
// refresh their progress.
export async function enrolUsers(
  tx: DbOrTx,
  orgId: number,
  courseId: number,
  users: number[] | SQL,
  opts: EnrolOptions,
): Promise<number[]> {
  if (Array.isArray(users) && !users.length) return [];
  const ids = Array.isArray(users) ? sql`select unnest(${`{${users.join(',')}}`}::bigint[]) as id` : users;
  const due = opts.dueTime ? opts.dueTime.toISOString() : null;
  // Raw: INSERT … SELECT … ON CONFLICT DO UPDATE with a condition, over a caller's query of ids.
  const rows = await typedRows(
    tx,
    sql`insert into ${courseEnrolments} as e (organization_id, course_id, user_id, source, source_id, required, due_time)
      select ${orgId}, ${courseId}, u.id, ${opts.source}, ${opts.sourceId ?? null}, ${opts.required}, ${due}::timestamptz
      from (${ids}) u
      on conflict (organization_id, course_id, user_id) do update
        set required = true,
            due_time = case when e.due_time is null then excluded.due_time
                            when excluded.due_time is null then e.due_time
                            else least(e.due_time, excluded.due_time) end,
            update_time = now()
        where excluded.required and (not e.required or e.due_time is distinct from
          case when e.due_time is null then excluded.due_time when excluded.due_time is null then e.due_time
               else least(e.due_time, excluded.due_time) end)
      returning e.user_id as "userId"`,
    { userId: courseEnrolments.userId },
  );
  return rows.map((r) => r.userId);
}

// The courses among `courseIds` the user is enrolled in, whatever brought them (orders refuse
// selling a course the buyer already has).
export async function enrolledAmong(
  db: DbOrTx,
  orgId: number,
  userId: number,
  courseIds: number[],
): Promise<Set<number>> {
  if (!courseIds.length) return new Set();
  const found = await db
    .select({ courseId: courseEnrolments.courseId })
    .from(courseEnrolments)
    .where(
      inOrg(courseEnrolments, orgId, [
        eq(courseEnrolments.userId, userId),
        inArray(courseEnrolments.courseId, courseIds),
      ]),
    );
  return new Set(found.map((r) => Number(r.courseId)));
}

// Removes the enrolment a course order made, when a refund closes that course: only one the order
// brought (source "order", its id) and that no assignment made required since (an assignment of
// the same course keeps it open). The progress log stays. Answers whether one was removed.
export async function removeOrderEnrolment(
  tx: DbOrTx,
  orgId: number,
  courseId: number,
  userId: number,
  orderId: number,
): Promise<boolean> {
  const gone = await tx
    .delete(courseEnrolments)
    .where(
      inOrg(courseEnrolments, orgId, [
        eq(courseEnrolments.courseId, courseId),
        eq(courseEnrolments.userId, userId),
        eq(courseEnrolments.source, EnrolmentSource.Order),
        eq(courseEnrolments.sourceId, orderId),
        eq(courseEnrolments.required, false),
      ]),
    )
    .returning({ userId: courseEnrolments.userId });
  return gone.length > 0;
}
