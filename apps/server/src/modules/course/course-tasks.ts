import { CourseStatus, EnrolmentSource, LearnerStatus, TaskItemKind, TaskType } from '@lyceum/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { invalidParams } from '../../platform/errors';
import { inOrg } from '../../platform/tenant-sql';
import type { TaskKind } from '../task/task-kinds';
import { syncTasksNaming } from '../task/task-study';
import { courseScope } from './course.resource';
import { courseEnrolments, courses } from './course.table';
import { enrolUsers } from './course-enrol';
import { refreshEnrolments } from './course-progress';

// Tasks of type 2 (a course): each student's task status follows their enrolment in the course.
// Called by the progress engine whenever learners' course status may have changed: every published
// task naming the course, for these students (all of them when `userIds` is null), in one statement
// over all the task's courses (task-study.ts): passed when every course is completed by the cutoff.
export async function syncCourseTasks(
  tx: DbOrTx,
  orgId: number,
  courseId: number,
  userIds: number[] | null,
): Promise<void> {
  await syncTasksNaming(tx, orgId, TaskType.Course, courseId, userIds);
}

const e = courseEnrolments;

// Publishing a course task enrols its students in each course (required, due with the task), as
// an assignment does; withdrawing it removes the enrolments it made that were never begun.
export const courseTaskKind: TaskKind = {
  itemKind: TaskItemKind.Course,
  // The teacher's own courses (owned or co-taught; course:all any), published to be set.
  async check(db, ctx, items, publishing) {
    const ids = items.map((i) => i.targetId);
    const found = ids.length
      ? await db
          .select({ id: courses.id, title: courses.title, status: courses.status })
          .from(courses)
          .where(and(inOrg(courses, ctx.orgId, [inArray(courses.id, ids)]), courseScope(ctx)))
      : [];
    return items.map((item, i) => {
      const c = found.find((f) => f.id === item.targetId);
      const at = `items.${i}`;
      if (!c) throw invalidParams(at, 'noSuchReference', { entity: 'course', ids: String(item.targetId) });
      if (publishing && c.status !== CourseStatus.Published) throw invalidParams(at, 'courseNotPublished');
      return c.title;
    });
  },
  async publish(tx, ctx, task, students) {
    for (const item of task.items) {
      const changed = await enrolUsers(tx, ctx.orgId, item.targetId, students, {
        source: EnrolmentSource.Task,
        sourceId: task.id,
        required: true,
        dueTime: task.dueTime,
      });
      if (changed.length) await refreshEnrolments(tx, ctx.orgId, item.targetId, changed);
    }
  },
  async withdraw(tx, orgId, task) {
    await tx
      .delete(e)
      .where(
        inOrg(e, orgId, [
          eq(e.source, EnrolmentSource.Task),
          eq(e.sourceId, task.id),
          eq(e.status, LearnerStatus.NotStarted),
          eq(e.lessonsDone, 0),
          sql`${e.lastStudyAt} is null`,
        ]),
      );
  },
  itemState: sql`select e.status = ${sql.raw(String(LearnerStatus.Completed))} as done, coalesce(e.completed_at, e.update_time) as done_at,
      case when e.status > ${sql.raw(String(LearnerStatus.NotStarted))} or e.progress > 0 or e.last_study_at is not null
        then coalesce(e.last_study_at, e.update_time) end as started_at
    from ${courseEnrolments} e where e.organization_id = tu.organization_id
      and e.course_id = (i.item->>'targetId')::bigint and e.user_id = tu.user_id`,
};
