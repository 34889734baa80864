import {
  type CompletionRule,
  CourseStatus,
  LearnerStatus,
  type LessonType,
  type PublishPreview,
} from '@lyceum/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx, Tx } from '../../platform/db';
import { invalidParams } from '../../platform/errors';
import type { Values } from '../../platform/resource';
import { num, typedRows } from '../../platform/sql-rows';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import {
  courseAssignments,
  courseChapters,
  courseEnrolments,
  courseLessons,
  courses,
  courseVersions,
  lessonProgress,
} from './course.table';
import { assignedStudents, enrolAssignments } from './course-assign.service';
import { courseStanding, type LessonFacts, lessonsOf, type Outline, type OutlineLesson } from './course-outline';
import { factsColumns, loadOutline, refreshEnrolments } from './course-progress';
import { ensureQuizExams } from './course-quiz';

// Publishing a course: the draft rows become the next version's outline (a snapshot students learn),
// and before that the editor sees what it would do to the learners' progress. Both measure
// progress with the same pure rules (course-outline.ts) on the same facts, so the preview is what
// the publish then does.

const EMPTY: Outline = { chapters: [] };

// The draft as an outline: chapters and lessons in the editor's order, with their content.
export async function draftOutline(db: DbOrTx, orgId: number, courseId: number): Promise<Outline> {
  const chapters = await db
    .select({
      id: courseChapters.id,
      key: courseChapters.key,
      title: courseChapters.title,
      requires: courseChapters.requires,
    })
    .from(courseChapters)
    .where(inOrg(courseChapters, orgId, [eq(courseChapters.courseId, courseId)]))
    .orderBy(asc(courseChapters.sort), asc(courseChapters.id));
  if (!chapters.length) return EMPTY;
  const l = courseLessons;
  const lessons = await db
    .select({
      chapterId: l.chapterId,
      id: l.id,
      key: l.key,
      title: l.title,
      lessonType: l.lessonType,
      fileUrl: l.fileUrl,
      durationSeconds: l.durationSeconds,
      body: l.body,
      paperId: l.paperId,
      completionRule: l.completionRule,
      threshold: l.threshold,
      requires: l.requires,
    })
    .from(l)
    .where(
      inOrg(l, orgId, [
        inArray(
          l.chapterId,
          chapters.map((c) => c.id),
        ),
      ]),
    )
    .orderBy(asc(l.sort), asc(l.id));
  return {
    chapters: chapters.map((c) => ({
      ...c,
      lessons: lessons
        .filter((x) => x.chapterId === c.id)
        .map(
          ({ chapterId: _c, ...x }): OutlineLesson => ({
            ...x,
            lessonType: x.lessonType as LessonType,
            completionRule: x.completionRule as CompletionRule,
          }),
        ),
    })),
  };
}

// The published outline learners are measured against now (empty before the first publish).
export const publishedOutline = (db: DbOrTx, orgId: number, courseId: number, version: number) =>
  version > 0 ? loadOutline(db, orgId, courseId, version) : Promise.resolve(EMPTY);

// Publish (the action's run, on the row locked by the engine): the next version's snapshot, the
// quiz lessons' practice exams, on the first publish the assignments' learners, then every
// learner's progress against the new version. The course row is written here before the progress
// is measured, since that reads the course's version.
export async function publishCourse(tx: Tx, ctx: RequestContext, row: Values): Promise<Values> {
  const courseId = Number(row.id);
  const previous = Number(row.version);
  const outline = await draftOutline(tx, ctx.orgId, courseId);
  const lessonCount = lessonsOf(outline).length;
  if (!lessonCount) throw invalidParams('chapters', 'courseEmpty');
  const version = previous + 1;
  // (organization, course, version) is the key: two publishes of one version cannot both commit.
  await tx.insert(courseVersions).values({
    organizationId: ctx.orgId,
    courseId,
    version,
    content: outline,
    lessonCount,
    publishedBy: ctx.userId,
  });
  const now = clock.date();
  const values = { status: CourseStatus.Published, version, draftChanged: false, publishTime: now, updateTime: now };
  await tx
    .update(courses)
    .set(values)
    .where(inOrg(courses, ctx.orgId, [eq(courses.id, courseId)]));
  await ensureQuizExams(tx, ctx, courseId, outline);
  if (previous === 0) await enrolAssignments(tx, ctx.orgId, courseId);
  await refreshEnrolments(tx, ctx.orgId, courseId, null);
  return values;
}

// Every learner's lesson facts in the course, by user.
async function learnerFacts(db: DbOrTx, orgId: number, courseId: number) {
  const e = courseEnrolments;
  const learners = await db
    .select({ userId: e.userId })
    .from(e)
    .where(inOrg(e, orgId, [eq(e.courseId, courseId)]));
  const p = lessonProgress;
  const rows = await db
    .select(factsColumns)
    .from(p)
    .innerJoin(e, sameOrg(e, p, [eq(e.courseId, p.courseId), eq(e.userId, p.userId)]))
    .where(inOrg(p, orgId, [eq(p.courseId, courseId)]));
  const byUser = new Map<number, Map<number, LessonFacts>>(learners.map((x) => [x.userId, new Map()]));
  for (const r of rows) byUser.get(r.userId)?.set(r.lessonId, r);
  return byUser;
}

const sameRule = (a: OutlineLesson, b: OutlineLesson) =>
  a.completionRule === b.completionRule && (a.threshold ?? null) === (b.threshold ?? null);

// What publishing the draft would do: lessons added, removed and whose rule changed, and each
// learner's standing against the published outline and against the draft, grouped by how it moves.
export async function publishPreview(ctx: RequestContext, row: Values): Promise<PublishPreview> {
  const courseId = Number(row.id);
  const version = Number(row.version);
  const before = await publishedOutline(ctx.db, ctx.orgId, courseId, version);
  const after = await draftOutline(ctx.db, ctx.orgId, courseId);
  const was = new Map(lessonsOf(before).map((l) => [l.id, l]));
  const now = new Map(lessonsOf(after).map((l) => [l.id, l]));
  const brief = (l: OutlineLesson) => ({ id: l.id, title: l.title });
  const facts = await learnerFacts(ctx.db, ctx.orgId, courseId);
  const moves = new Map<string, { from: number; to: number; count: number }>();
  let completedBefore = 0;
  let completedAfter = 0;
  for (const f of facts.values()) {
    const a = courseStanding(before, f);
    const b = courseStanding(after, f);
    if (version > 0 && a.status === LearnerStatus.Completed) completedBefore++;
    if (b.status === LearnerStatus.Completed) completedAfter++;
    // Before the first publish nobody stands anywhere yet: every learner starts from 0.
    const from = version > 0 ? a.progress : 0;
    if (from === b.progress) continue;
    const key = `${from}>${b.progress}`;
    const m = moves.get(key) ?? { from, to: b.progress, count: 0 };
    m.count++;
    moves.set(key, m);
  }
  return {
    version: version + 1,
    added: [...now.values()].filter((l) => !was.has(l.id)).map(brief),
    removed: [...was.values()].filter((l) => !now.has(l.id)).map(brief),
    ruleChanged: [...now.values()].filter((l) => was.has(l.id) && !sameRule(was.get(l.id)!, l)).map(brief),
    // Before the first publish: the students its assignments will enrol then.
    learners: version > 0 ? facts.size : await firstLearners(ctx, courseId, facts.keys()),
    moves: [...moves.values()].sort((x, y) => y.count - x.count || y.from - x.from || y.to - x.to),
    completedBefore,
    completedAfter,
  };
}

// How many students the first publish will enrol: those the course's assignments reach now, with
// any enrolled already.
async function firstLearners(ctx: RequestContext, courseId: number, enrolled: Iterable<number>): Promise<number> {
  const reach = new Set(enrolled);
  const rows = await ctx.db
    .select({ id: courseAssignments.id })
    .from(courseAssignments)
    .where(inOrg(courseAssignments, ctx.orgId, [eq(courseAssignments.courseId, courseId)]));
  for (const a of rows) {
    for (const u of await typedRows(ctx.db, assignedStudents(ctx.orgId, a.id), { id: num })) reach.add(u.id);
  }
  return reach.size;
}
