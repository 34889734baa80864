import { LearnerStatus } from '@lyceum/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { bus } from '../../platform/bus';
import { clock } from '../../platform/clock';
import type { DbOrTx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { inOrg } from '../../platform/tenant-sql';
import { courseEnrolments, courses, courseVersions, lessonProgress } from './course.table';
import { courseStanding, type LessonFacts, lessonStatus, lessonsOf, type Outline } from './course-outline';
import { syncCourseTasks } from './course-tasks';

// The outline of a published version (course_versions.content), cached per process: a published
// version never changes, so what one process cached is what any other would read. Bounded: the
// oldest entries go first. Dropped when the change bus resets (and by each test app).
const MAX_CACHED = 500;
const outlines = new Map<string, Outline>();
bus.onReset(() => outlines.clear());

export async function loadOutline(db: DbOrTx, orgId: number, courseId: number, version: number): Promise<Outline> {
  const key = `${orgId}:${courseId}:${version}`;
  const hit = outlines.get(key);
  if (hit) return hit;
  const [row] = await db
    .select({ content: courseVersions.content })
    .from(courseVersions)
    .where(inOrg(courseVersions, orgId, [eq(courseVersions.courseId, courseId), eq(courseVersions.version, version)]));
  if (!row) throw notFound('Course');
  // Written by the publish from the same Outline type.
  const outline = row.content as Outline;
  if (outlines.size >= MAX_CACHED) outlines.delete(outlines.keys().next().value as string);
  outlines.set(key, outline);
  return outline;
}

// The sums of lesson_progress as the pure rules read them.
export const factsColumns = {
  userId: lessonProgress.userId,
  lessonId: lessonProgress.lessonId,
  status: lessonProgress.status,
  watchedSeconds: lessonProgress.watchedSeconds,
  viewed: lessonProgress.viewed,
  markedDone: lessonProgress.markedDone,
  quizScore: lessonProgress.quizScore,
  attended: lessonProgress.attended,
  completedAt: lessonProgress.completedAt,
  position: lessonProgress.position,
};

const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

// Recomputes the learners' lesson statuses and course progress against the latest published
// version (all learners of the course when `userIds` is null), then their course tasks. A few
// statements whatever the number of learners: one read of their progress, one of their
// enrolments, and one UPDATE each for the rows that change (values passed as one JSON document).
export async function refreshEnrolments(
  tx: DbOrTx,
  orgId: number,
  courseId: number,
  userIds: number[] | null,
): Promise<void> {
  if (userIds && !userIds.length) return;
  const [course] = await tx
    .select({ version: courses.version })
    .from(courses)
    .where(inOrg(courses, orgId, [eq(courses.id, courseId)]));
  if (!course || course.version === 0) return;
  const outline = await loadOutline(tx, orgId, courseId, course.version);
  const lessons = lessonsOf(outline);
  const e = courseEnrolments;
  const enrolled = await tx
    .select({
      userId: e.userId,
      status: e.status,
      progress: e.progress,
      lessonsDone: e.lessonsDone,
      lessons: e.lessons,
      completedAt: e.completedAt,
    })
    .from(e)
    .where(inOrg(e, orgId, [eq(e.courseId, courseId), userIds ? inArray(e.userId, userIds) : undefined]));
  if (!enrolled.length) return;
  const p = lessonProgress;
  const ids = lessons.map((l) => l.id);
  const progress = ids.length
    ? await tx
        .select(factsColumns)
        .from(p)
        .where(
          inOrg(p, orgId, [
            eq(p.courseId, courseId),
            inArray(p.lessonId, ids),
            userIds ? inArray(p.userId, userIds) : undefined,
          ]),
        )
    : [];
  const byUser = new Map<number, Map<number, LessonFacts & { status: number }>>();
  for (const r of progress) {
    const m = byUser.get(r.userId) ?? new Map();
    m.set(r.lessonId, r);
    byUser.set(r.userId, m);
  }
  const now = clock.date();
  const lessonRows: { u: number; l: number; s: number; c: string | null }[] = [];
  const courseRows: { u: number; s: number; p: number; d: number; n: number; c: string | null }[] = [];
  const byId = new Map(lessons.map((l) => [l.id, l]));
  for (const en of enrolled) {
    const facts = byUser.get(en.userId) ?? new Map();
    for (const f of facts.values()) {
      const status = lessonStatus(byId.get(f.lessonId)!, f);
      // Completed once: the first completion time is kept while the lesson stays complete.
      const completedAt = status === LearnerStatus.Completed ? (f.completedAt ?? now) : null;
      if (status !== f.status || !sameTime(completedAt, f.completedAt)) {
        lessonRows.push({ u: en.userId, l: f.lessonId, s: status, c: completedAt?.toISOString() ?? null });
      }
    }
    const st = courseStanding(outline, facts);
    const completedAt = st.status === LearnerStatus.Completed ? (en.completedAt ?? now) : null;
    const changed =
      st.status !== en.status ||
      st.progress !== en.progress ||
      st.lessonsDone !== en.lessonsDone ||
      st.lessons !== en.lessons ||
      !sameTime(completedAt, en.completedAt);
    if (changed) {
      courseRows.push({
        u: en.userId,
        s: st.status,
        p: st.progress,
        d: st.lessonsDone,
        n: st.lessons,
        c: completedAt?.toISOString() ?? null,
      });
    }
  }
  await writeChanges(tx, orgId, courseId, lessonRows, courseRows);
  await syncCourseTasks(
    tx,
    orgId,
    courseId,
    enrolled.map((x) => x.userId),
  );
}

async function writeChanges(
  tx: DbOrTx,
  orgId: number,
  courseId: number,
  lessonRows: { u: number; l: number; s: number; c: string | null }[],
  courseRows: { u: number; s: number; p: number; d: number; n: number; c: string | null }[],
) {
  // Raw: UPDATE … FROM a JSON recordset, one statement for every changed row.
  if (lessonRows.length) {
    await tx.execute(sql`update ${lessonProgress} p set status = x.s, completed_at = x.c, update_time = now()
      from jsonb_to_recordset(${JSON.stringify(lessonRows)}::jsonb) as x(u bigint, l bigint, s smallint, c timestamptz)
      where p.organization_id = ${orgId} and p.course_id = ${courseId} and p.user_id = x.u and p.lesson_id = x.l`);
  }
  if (courseRows.length) {
    await tx.execute(sql`update ${courseEnrolments} e set status = x.s, progress = x.p, lessons_done = x.d,
        lessons = x.n, completed_at = x.c, update_time = now()
      from jsonb_to_recordset(${JSON.stringify(courseRows)}::jsonb)
        as x(u bigint, s smallint, p float8, d int, n int, c timestamptz)
      where e.organization_id = ${orgId} and e.course_id = ${courseId} and e.user_id = x.u`);
  }
}

// A learner's facts in one course, by lesson (their retired lessons too).
export async function factsOf(db: DbOrTx, orgId: number, courseId: number, userId: number) {
  const rows = await db
    .select({ ...factsColumns, watched: lessonProgress.watched })
    .from(lessonProgress)
    .where(inOrg(lessonProgress, orgId, [eq(lessonProgress.courseId, courseId), eq(lessonProgress.userId, userId)]));
  return new Map(rows.map((r) => [r.lessonId, r]));
}
