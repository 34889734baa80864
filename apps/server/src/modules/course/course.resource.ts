import {
  CompletionRule,
  CourseStatus,
  courseActions,
  courseDecl,
  courseMeta,
  ExamPaperStatus,
  LearnerStatus,
  LessonType,
  RoleKind,
  type zCourseCreate,
} from '@lyceum/contract';
import { count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import type { Tx } from '../../platform/db';
import { businessError, invalidParams } from '../../platform/errors';
import { type FileRef, fileLinkStore } from '../../platform/ports';
import { createResource, fileIdsIn, fromDecl, implement, type Values } from '../../platform/resource';
import { allows } from '../../platform/route';
import { sanitizeRichText } from '../../platform/sanitize';
import { num, typedRows } from '../../platform/sql-rows';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { courseCategories } from '../catalogue/catalogue.table';
import { examPapers } from '../exam-paper/exam-paper.table';
import { withRoleKind } from '../user/user.service';
import { users } from '../user/user.table';
import {
  courseChapters,
  courseEnrolments,
  courseLessons,
  courses,
  courseTeachers,
  courseVersions,
} from './course.table';
import { publishCourse } from './course-publish';
import { durationOf } from './lesson-media';

// Courses (issue 30): the draft editors change, with chapters and lessons as owned rows. Academic
// staff (course:all) reach every course; a teacher the courses they own or co-teach.

type ChapterIn = z.output<typeof zCourseCreate>['chapters'][number];
// A lesson as saved: its video's length is read before the save.
type Lesson = ChapterIn['lessons'][number] & { durationSeconds?: number | null };
type Chapter = Omit<ChapterIn, 'lessons'> & { lessons: Lesson[] };

const seesAll = (ctx: RequestContext) => allows(ctx, ['course:all']);
const coTeaches = (ctx: RequestContext) =>
  sql`exists (select 1 from ${courseTeachers} where ${courseTeachers.organizationId} = ${courses.organizationId}
    and ${courseTeachers.ownerId} = ${courses.id} and ${courseTeachers.targetId} = ${ctx.userId})`;
export const courseScope = (ctx: RequestContext): SQL | undefined =>
  seesAll(ctx) ? undefined : or(eq(courses.ownerId, ctx.userId), coTeaches(ctx));

// The files of lessons (videos, documents, images in article bodies) are linked under this entity
// by course id, beside the course's own (cover, description), and stay readable to its learners.
export const LESSON_FILES = 'courseLesson';

const lessonsOf = (chapters: Chapter[]) =>
  chapters.flatMap((c, i) => c.lessons.map((l, j) => ({ l, at: `chapters.${i}.lessons.${j}` })));

// Co-teachers change the course as its owner does: staff only, never a student.
async function checkTeachers(ctx: RequestContext, ids: number[]) {
  if (!ids.length) return;
  const staff = or(
    withRoleKind(RoleKind.Administrator),
    withRoleKind(RoleKind.AcademicStaff),
    withRoleKind(RoleKind.Teacher),
  );
  const found = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(inOrg(users, ctx.orgId, [inArray(users.id, ids), staff]));
  const ok = new Set(found.map((r) => r.id));
  const i = ids.findIndex((id) => !ok.has(id));
  if (i >= 0) throw invalidParams(`teacherIds.${i}`, 'notATeacher', { name: String(ids[i]) });
}

// A quiz lesson is taken on a published paper of the organisation.
async function checkQuizPapers(ctx: RequestContext, chapters: Chapter[]) {
  const quizzes = lessonsOf(chapters).filter(({ l }) => l.lessonType === LessonType.Quiz && l.paperId != null);
  if (!quizzes.length) return;
  const found = await ctx.db
    .select({ id: examPapers.id })
    .from(examPapers)
    .where(
      inOrg(examPapers, ctx.orgId, [
        inArray(
          examPapers.id,
          quizzes.map(({ l }) => Number(l.paperId)),
        ),
        eq(examPapers.status, ExamPaperStatus.Published),
      ]),
    );
  const published = new Set(found.map((p) => p.id));
  const bad = quizzes.find(({ l }) => !published.has(Number(l.paperId)));
  if (bad) throw invalidParams(`${bad.at}.paperId`, 'paperNotQuiz');
}

// A video lesson's length, read from the file before the save's transaction (the reader uses its
// own connection); a lesson whose file did not change keeps the length read before.
async function readDurations(ctx: RequestContext, chapters: Chapter[], courseId: number | null) {
  const stored = new Map<number, { fileUrl: string | null; duration: number | null }>();
  if (courseId !== null) {
    const rows = await ctx.db
      .select({ id: courseLessons.id, fileUrl: courseLessons.fileUrl, duration: courseLessons.durationSeconds })
      .from(courseLessons)
      .innerJoin(
        courseChapters,
        sameOrg(courseChapters, courseLessons, [eq(courseChapters.id, courseLessons.chapterId)]),
      )
      .where(inOrg(courseLessons, ctx.orgId, [eq(courseChapters.courseId, courseId)]));
    for (const r of rows) stored.set(r.id, r);
  }
  for (const { l, at } of lessonsOf(chapters)) {
    if (l.lessonType !== LessonType.Video || !l.fileUrl) {
      l.durationSeconds = null;
      continue;
    }
    const was = typeof l.id === 'number' ? stored.get(l.id) : undefined;
    const seconds =
      was && was.fileUrl === l.fileUrl && was.duration != null ? was.duration : await durationOf(ctx, l.fileUrl);
    if (seconds == null) throw invalidParams(`${at}.fileUrl`, 'notVideoOrDocument', { types: 'MP4, WebM' });
    l.durationSeconds = seconds;
  }
}

// The columns of one lesson: only what its type uses is kept.
function lessonValues(l: Values): Values {
  const type = Number(l.lessonType);
  const rule = Number(l.completionRule);
  return {
    ...l,
    fileUrl: type === LessonType.Video || type === LessonType.Document ? (l.fileUrl ?? null) : null,
    body: sanitizeRichText(String(l.body ?? '')),
    paperId: type === LessonType.Quiz ? (l.paperId ?? null) : null,
    threshold: rule === CompletionRule.Watched || rule === CompletionRule.QuizScore ? (l.threshold ?? null) : null,
    durationSeconds: type === LessonType.Video ? (l.durationSeconds ?? null) : null,
  };
}

// The lessons' files, and those of the version learners learn now (a draft edit may drop a lesson
// that is still in it), linked in the save's transaction; a new one must be readable by the editor.
async function linkLessonFiles(tx: Tx, ctx: RequestContext, courseId: number, chapters: Chapter[]) {
  const refs: FileRef[] = [];
  for (const { l, at } of lessonsOf(chapters)) {
    const kept = lessonValues(l);
    for (const field of ['fileUrl', 'body'] as const)
      for (const fileId of fileIdsIn(kept[field])) refs.push({ entityId: courseId, field: `${at}.${field}`, fileId });
  }
  const [published] = await tx
    .select({ content: courseVersions.content })
    .from(courseVersions)
    .innerJoin(courses, sameOrg(courses, courseVersions, [eq(courses.id, courseVersions.courseId)]))
    .where(
      inOrg(courseVersions, ctx.orgId, [
        eq(courseVersions.courseId, courseId),
        eq(courseVersions.version, courses.version),
      ]),
    );
  for (const fileId of fileIdsIn(published?.content)) refs.push({ entityId: courseId, field: 'chapters', fileId });
  await fileLinkStore.get().link(tx, ctx, LESSON_FILES, [courseId], refs);
}

// Who reads a course's files: staff who reach the course, its learners, and (cover and
// description only) anyone while it is published and open for self-enrolment (the catalogue).
export async function readsCourseFiles(
  ctx: RequestContext,
  ids: number[],
  lessons: boolean,
  fileId?: number,
): Promise<boolean> {
  if (!ids.length) return false;
  if (allows(ctx, ['courseLearning:page'])) {
    const [hit] = await ctx.db
      .select({ id: courses.id })
      .from(courses)
      .where(inOrg(courses, ctx.orgId, [inArray(courses.id, ids), courseScope(ctx)]))
      .limit(1);
    if (hit) return true;
  }
  const e = courseEnrolments;
  // A learner reads the files of the version they learn, not those of lessons still in the draft.
  const inVersion =
    lessons && fileId !== undefined
      ? sql`exists (select 1 from ${courseVersions} v join ${courses} c on c.organization_id = v.organization_id
          and c.id = v.course_id and c.version = v.version
          where v.organization_id = ${e.organizationId} and v.course_id = ${e.courseId}
            and v.content::text ~ ${`/api/file/${fileId}([^0-9]|$)`})`
      : undefined;
  const [learner] = await ctx.db
    .select({ id: e.courseId })
    .from(e)
    .where(inOrg(e, ctx.orgId, [eq(e.userId, ctx.userId), inArray(e.courseId, ids), inVersion]))
    .limit(1);
  if (learner || lessons) return Boolean(learner);
  const [open] = await ctx.db
    .select({ id: courses.id })
    .from(courses)
    .where(
      inOrg(courses, ctx.orgId, [
        inArray(courses.id, ids),
        eq(courses.status, CourseStatus.Published),
        eq(courses.selfEnrol, true),
      ]),
    )
    .limit(1);
  return Boolean(open);
}

// The lesson files' reader (one function, so each app built in a process registers it once).
export const readsLessonFiles = (ctx: RequestContext, ids: number[], fileId: number) =>
  readsCourseFiles(ctx, ids, true, fileId);

export const courseResource = createResource({
  ...fromDecl(courseDecl),
  table: courses,
  meta: courseMeta,
  search: [courses.title, courses.code],
  files: ['coverUrl', 'description'],
  fileReaders: (ctx, ids) => readsCourseFiles(ctx, ids, false),
  sort: {
    default: [desc(courses.updateTime), desc(courses.id)],
    fields: {
      code: courses.code,
      title: courses.title,
      creditHours: courses.creditHours,
      updateTime: courses.updateTime,
    },
  },
  unique: [{ fields: ['code'], label: 'Course code' }],
  references: { categoryId: { table: courseCategories, label: 'course category' } },
  links: {
    teacherIds: {
      table: courseTeachers,
      owner: courseTeachers.ownerId,
      target: courseTeachers.targetId,
      ref: { table: users, label: 'teacher', labelColumn: 'userName' },
    },
  },
  children: {
    chapters: {
      table: courseChapters,
      parent: courseChapters.courseId,
      order: courseChapters.sort,
      label: 'chapter',
      children: {
        lessons: {
          table: courseLessons,
          parent: courseLessons.chapterId,
          order: courseLessons.sort,
          label: 'lesson',
          references: { paperId: { table: examPapers, label: 'exam paper' } },
          values: lessonValues,
        },
      },
    },
  },
  // Learners' records hang off a course: it is archived, not deleted (checked again in the delete's transaction).
  usedBy: [
    {
      label: 'learners (archive the course instead)',
      count: async (db, ctx, ids) => {
        const [r] = await db
          .select({ n: count() })
          .from(courseEnrolments)
          .where(inOrg(courseEnrolments, ctx.orgId, [inArray(courseEnrolments.courseId, ids)]));
        return r?.n ?? 0;
      },
    },
  ],
  scope: { read: courseScope, ownOnly: 'courses' },
  actions: {
    publish: implement(courseActions.publish, (tx, row, _input, ctx) => publishCourse(tx, ctx, row)),
    archive: implement(courseActions.archive, async () => ({ updateTime: new Date() })),
  },
  hooks: {
    async validate(input, ctx, _mode, current) {
      await checkTeachers(ctx, input.teacherIds);
      await checkQuizPapers(ctx, input.chapters as Chapter[]);
      await readDurations(ctx, input.chapters as Chapter[], current ? Number(current.id) : null);
    },
    // Status and version change only by the actions; every save leaves a draft to publish.
    values(input, ctx, mode) {
      const { status: _s, version: _v, ...rest } = input as Values;
      const values: Values = {
        ...rest,
        description: sanitizeRichText(input.description),
        priceKind: input.priceKind ?? null,
        price: input.price ?? null,
        draftChanged: true,
        updateTime: new Date(),
      };
      if (mode === 'create') values.ownerId = ctx.userId;
      return values;
    },
    async afterSave(tx, id, input, ctx) {
      await linkLessonFiles(tx, ctx, id, input.chapters as Chapter[]);
    },
    async beforeDelete(ctx, ids, rows) {
      const [r] = await ctx.db
        .select({ n: count() })
        .from(courseEnrolments)
        .where(inOrg(courseEnrolments, ctx.orgId, [inArray(courseEnrolments.courseId, ids)]));
      if (r && r.n > 0) throw businessError('courseHasLearners', { names: rows.map((x) => x.title).join(', ') });
    },
    async afterDelete(ctx, ids, tx) {
      await fileLinkStore.get().unlink(tx, ctx, LESSON_FILES, ids);
    },
    async decorate(rows, ctx) {
      if (!rows.length) return rows;
      const e = courseEnrolments;
      const ids = `{${rows.map((r) => Number(r.id)).join(',')}}`;
      // Raw: three counts per course as correlated subqueries over the page's rows, one statement.
      const counted = await typedRows(
        ctx.db,
        sql`select c.id,
          (select count(*) from ${courseLessons} l join ${courseChapters} ch
            on ch.organization_id = l.organization_id and ch.id = l.chapter_id
            where ch.organization_id = c.organization_id and ch.course_id = c.id) as lessons,
          (select count(*) from ${e} x where x.organization_id = c.organization_id and x.course_id = c.id) as learners,
          (select count(*) from ${e} x where x.organization_id = c.organization_id and x.course_id = c.id
            and x.status = ${LearnerStatus.Completed}) as completed
          from ${courses} c where c.organization_id = ${ctx.orgId} and c.id = any(${ids}::bigint[])`,
        { id: num, lessons: num, learners: num, completed: num },
      );
      const byId = new Map(counted.map(({ id, ...c }) => [id, c]));
      return rows.map((r) => ({ ...r, counts: byId.get(Number(r.id)) ?? { lessons: 0, learners: 0, completed: 0 } }));
    },
  },
});
