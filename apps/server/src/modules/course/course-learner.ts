import { CourseStatus, type Lang, LearnerStatus, type LessonState } from '@lyceum/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { businessError, notFound } from '../../platform/errors';
import { typedRows } from '../../platform/sql-rows';
import { inOrg } from '../../platform/tenant-sql';
import { issueCertificate } from '../certificate/certificate.service';
import { courseEnrolments, courses, courseVersions, lessonProgress } from './course.table';
import {
  courseStanding,
  type LessonFactsAt,
  lessonStates,
  lessonStatus,
  lessonsOf,
  type Outline,
  type OutlineLesson,
} from './course-outline';
import { factsColumns, loadOutline } from './course-progress';
import { syncCourseTasks } from './course-tasks';
import type { Range } from './intervals';

// What the student's routes share: the course a lesson is learnt in, the caller's facts in it, the
// state of a lesson, and the enrolment's standing written after a change.

export type Facts = Map<number, LessonFactsAt & { status: number; watched: Range[] }>;

export interface LessonCourse {
  courseId: number;
  version: number;
  sequential: boolean;
  outline: Outline;
  lesson: OutlineLesson;
}

// Courses students may learn: published, or archived (learners keep opening them).
export const learnable = sql`${courses.status} in (${CourseStatus.Published}, ${CourseStatus.Archived}) and ${courses.version} > 0`;

// The course whose latest published version holds the lesson, looked for among the caller's
// enrolments (a few courses): a lesson of no published course is "not found", one of a course the
// caller has not joined "not enrolled" (the second look, over the school's courses, only then).
export async function lessonCourse(db: DbOrTx, ctx: RequestContext, lessonId: number): Promise<LessonCourse> {
  const probe = JSON.stringify({ chapters: [{ lessons: [{ id: lessonId }] }] });
  const latest = sql`join ${courseVersions} v on v.organization_id = ${courses.organizationId}
      and v.course_id = ${courses.id} and v.version = ${courses.version} and v.content @> ${probe}::jsonb`;
  // Raw: jsonb containment on the version snapshot.
  const [hit] = await typedRows(
    db,
    sql`select ${courses.id}, ${courses.version}, ${courses.sequential}
      from ${courseEnrolments} e
      join ${courses} on ${courses.organizationId} = e.organization_id and ${courses.id} = e.course_id
      ${latest}
      where e.organization_id = ${ctx.orgId} and e.user_id = ${ctx.userId} and ${learnable}
      limit 1`,
    { id: courses.id, version: courses.version, sequential: courses.sequential },
  );
  if (!hit) {
    const [other] = await typedRows(
      db,
      sql`select ${courses.id} from ${courses} ${latest}
        where ${courses.organizationId} = ${ctx.orgId} and ${learnable} limit 1`,
      { id: courses.id },
    );
    if (other) throw businessError('notEnrolled');
    throw notFound('Lesson');
  }
  const outline = await loadOutline(db, ctx.orgId, hit.id, hit.version);
  const lesson = lessonsOf(outline).find((l) => l.id === lessonId);
  if (!lesson) throw notFound('Lesson');
  return { courseId: hit.id, version: hit.version, sequential: hit.sequential, outline, lesson };
}

// The caller's progress in each lesson of a course they made any (retired lessons too).
export async function learnerFacts(db: DbOrTx, orgId: number, courseId: number, userId: number): Promise<Facts> {
  const rows = await db
    .select({ ...factsColumns, watched: lessonProgress.watched })
    .from(lessonProgress)
    .where(inOrg(lessonProgress, orgId, [eq(lessonProgress.courseId, courseId), eq(lessonProgress.userId, userId)]));
  return new Map(rows.map((r) => [r.lessonId, { ...r, watched: r.watched as Range[] }]));
}

export function lessonState(
  course: { outline: Outline; sequential: boolean },
  facts: Facts,
  lessonId: number,
  lang: Lang,
): LessonState {
  const states = lessonStates(course.outline, facts, course.sequential, lang);
  return states.find((s) => s.lessonId === lessonId)!;
}

export interface Standing {
  status: LearnerStatus;
  progress: number;
}

// The learner's enrolment after a change of theirs: standing, where they were (the lesson and when).
// One UPDATE … RETURNING the standing before (a self-join sees the old row), to run alone
// (writeStanding) or inside another statement (the heartbeat's, prepared: the values may be its
// placeholders).
export type StandingValues = Record<
  'org' | 'course' | 'user' | 'status' | 'progress' | 'lessonsDone' | 'lessons' | 'done' | 'now' | 'lastLessonId',
  unknown
>;
export function standingSql(v: StandingValues, guard: SQL = sql`true`): SQL {
  const e = courseEnrolments;
  return sql`update ${e} n set status = ${v.status}, progress = ${v.progress},
      lessons_done = ${v.lessonsDone}, lessons = ${v.lessons},
      completed_at = case when ${v.done}::boolean then coalesce(o.completed_at, ${v.now}::timestamptz) end,
      last_lesson_id = coalesce(${v.lastLessonId}::bigint, o.last_lesson_id),
      last_study_at = ${v.now}::timestamptz, update_time = now()
    from ${e} o
    where n.organization_id = ${v.org} and n.course_id = ${v.course} and n.user_id = ${v.user}
      and o.organization_id = n.organization_id and o.course_id = n.course_id and o.user_id = n.user_id
      and ${guard}
    returning o.status, o.progress`;
}

// The standing of the learner's facts against the outline, as standingSql's values.
export function standingValues(
  orgId: number,
  courseId: number,
  userId: number,
  outline: Outline,
  facts: Facts,
  lastLessonId: number | null,
) {
  const st = courseStanding(outline, facts);
  const values: StandingValues = {
    org: orgId,
    course: courseId,
    user: userId,
    status: st.status,
    progress: st.progress,
    lessonsDone: st.lessonsDone,
    lessons: st.lessons,
    done: st.status === LearnerStatus.Completed,
    now: clock.date().toISOString(),
    lastLessonId,
  };
  return { standing: { status: st.status, progress: st.progress }, values };
}

export const standingShape = { status: courseEnrolments.status, progress: courseEnrolments.progress };

// After the enrolment's UPDATE: refused when there was none, the course tasks when the standing moved.
export async function afterStanding(
  tx: DbOrTx,
  orgId: number,
  courseId: number,
  userId: number,
  standing: Standing,
  before: Standing | undefined,
): Promise<Standing> {
  if (!before) throw businessError('notEnrolled');
  if (before.status !== standing.status || before.progress !== standing.progress) {
    await syncCourseTasks(tx, orgId, courseId, [userId]);
  }
  if (standing.status === LearnerStatus.Completed && before.status !== LearnerStatus.Completed) {
    await issueCourseCertificate(tx, orgId, courseId, userId);
  }
  return standing;
}

// A course that names a certificate template issues it when an enrolment becomes completed, in the
// same transaction (issue 34); a second completion answers the certificate already issued.
async function issueCourseCertificate(tx: DbOrTx, orgId: number, courseId: number, userId: number): Promise<void> {
  const [course] = await tx
    .select({ title: courses.title, hours: courses.creditHours, templateId: courses.certificateTemplateId })
    .from(courses)
    .where(inOrg(courses, orgId, [eq(courses.id, courseId)]));
  if (!course?.templateId) return;
  await issueCertificate(
    tx,
    orgId,
    {
      holderId: userId,
      source: 'course',
      sourceId: courseId,
      title: course.title,
      what: course.title,
      hours: course.hours || null,
      templateId: course.templateId,
    },
    null,
  );
}

export async function writeStanding(
  tx: DbOrTx,
  orgId: number,
  courseId: number,
  userId: number,
  outline: Outline,
  facts: Facts,
  lastLessonId: number | null,
): Promise<Standing> {
  const { standing, values } = standingValues(orgId, courseId, userId, outline, facts, lastLessonId);
  // Raw: the row before the update comes back beside it.
  const [before] = await typedRows(tx, standingSql(values), standingShape);
  return afterStanding(tx, orgId, courseId, userId, standing, before as Standing | undefined);
}

// The facts of learnerFacts as a JSON aggregate over `q` (lesson_progress), for a raw statement
// that reads them beside other work, and their decoding.
export const factsJson = sql`coalesce(json_agg(json_build_object('lessonId', q.lesson_id, 'status', q.status,
  'watched', q.watched, 'watchedSeconds', q.watched_seconds, 'position', q.position, 'viewed', q.viewed,
  'markedDone', q.marked_done, 'quizScore', q.quiz_score, 'attended', q.attended,
  'completedAt', q.completed_at)), '[]'::json)`;
type FactJson = Omit<Facts extends Map<number, infer F> ? F : never, 'completedAt'> & {
  completedAt: string | null;
};
export function decodeFacts(v: unknown): Facts {
  const list = (typeof v === 'string' ? JSON.parse(v) : v) as FactJson[];
  return new Map(list.map((f) => [f.lessonId, { ...f, completedAt: f.completedAt ? new Date(f.completedAt) : null }]));
}

// A lesson's new status and completion time from its facts (kept from the first completion).
export function lessonOutcome(
  lesson: OutlineLesson,
  facts: LessonFactsAt,
): { status: LearnerStatus; completedAt: Date | null } {
  const s = lessonStatus(lesson, facts);
  return { status: s, completedAt: s === LearnerStatus.Completed ? (facts.completedAt ?? clock.date()) : null };
}
