import {
  CompletionRule,
  CourseStatus,
  EnrolmentSource,
  type LessonType,
  LessonType as LT,
  RoleKind,
} from '@lyceum/contract';
import { and, asc, eq } from 'drizzle-orm';
import { courses, courseVersions, lessonProgress, progressLog } from '../src/modules/course/course.table';
import { enrolUsers } from '../src/modules/course/course-enrol';
import type { Outline, OutlineChapter, OutlineLesson } from '../src/modules/course/course-outline';
import { refreshEnrolments } from '../src/modules/course/course-progress';
import { ensureQuizExams } from '../src/modules/course/course-quiz';
import type { RequestContext } from '../src/platform/context';
import type { TestApp } from './harness';

// Courses for the learning tests, written as the publish writes them (a version's outline, then
// the quiz exams and every learner's standing, through the same functions), so these tests do not
// depend on the editor's screens. Lesson ids are made up (they are the draft's row ids in the product).

let nextId = 7_000_000;

export function lesson(
  title: string,
  lessonType: LessonType,
  completionRule: CompletionRule,
  extra: Partial<OutlineLesson> = {},
): OutlineLesson {
  const id = ++nextId;
  return {
    id,
    key: `k${id}`,
    title,
    lessonType,
    fileUrl: null,
    durationSeconds: null,
    body: '',
    paperId: null,
    completionRule,
    threshold: null,
    requires: [],
    ...extra,
  };
}

export function chapter(title: string, lessons: OutlineLesson[], requires: string[] = []): OutlineChapter {
  const id = ++nextId;
  return { id, key: `k${id}`, title, requires, lessons };
}

export const video = (title: string, seconds: number, percent: number, fileUrl = '/api/file/1') =>
  lesson(title, LT.Video, CompletionRule.Watched, { durationSeconds: seconds, threshold: percent, fileUrl });
export const article = (title: string, rule: CompletionRule = CompletionRule.Viewed) =>
  lesson(title, LT.Article, rule, { body: `<p>${title}</p><script>alert(1)</script>` });

export function staffContext(t: TestApp, orgId: number, userId: number): RequestContext {
  return {
    orgId,
    domain: 'demo',
    userId,
    userName: 'academic',
    realName: 'Academic',
    roleId: null,
    roleKind: RoleKind.AcademicStaff,
    permissions: new Set(),
    tokenHash: '',
    db: t.database.db,
  };
}

export interface CourseOptions {
  orgId: number;
  code: string;
  required?: boolean;
  selfEnrol?: boolean;
  sequential?: boolean;
  price?: number | null;
  status?: CourseStatus;
}

export async function makeCourse(t: TestApp, o: CourseOptions): Promise<number> {
  const [row] = await t.database.db
    .insert(courses)
    .values({
      organizationId: o.orgId,
      code: o.code,
      title: `Course ${o.code}`,
      required: o.required ?? false,
      selfEnrol: o.selfEnrol ?? true,
      sequential: o.sequential ?? false,
      priceKind: o.price == null ? null : 1,
      price: o.price ?? null,
      status: o.status ?? CourseStatus.Draft,
    })
    .returning({ id: courses.id });
  return row!.id;
}

// Publishes `outline` as the course's next version, as the course's publish does.
export async function publish(t: TestApp, ctx: RequestContext, courseId: number, outline: Outline): Promise<number> {
  const db = t.database.db;
  return db.transaction(async (tx) => {
    const [c] = await tx.select({ version: courses.version }).from(courses).where(eq(courses.id, courseId));
    const version = c!.version + 1;
    const lessonCount = outline.chapters.reduce((n, ch) => n + ch.lessons.length, 0);
    await tx
      .insert(courseVersions)
      .values({ organizationId: ctx.orgId, courseId, version, content: outline, lessonCount, publishedBy: ctx.userId });
    await tx
      .update(courses)
      .set({ version, status: CourseStatus.Published, draftChanged: false, publishTime: new Date() })
      .where(eq(courses.id, courseId));
    await ensureQuizExams(tx, ctx, courseId, outline);
    await refreshEnrolments(tx, ctx.orgId, courseId, null);
    return version;
  });
}

export async function enrol(t: TestApp, orgId: number, courseId: number, userIds: number[], required = true) {
  await t.database.db.transaction(async (tx) => {
    await enrolUsers(tx, orgId, courseId, userIds, { source: EnrolmentSource.Assignment, required });
    await refreshEnrolments(tx, orgId, courseId, userIds);
  });
}

// A learner's lesson rows and log, to show a refused call changed nothing.
export async function progressOf(t: TestApp, userId: number) {
  const db = t.database.db;
  const rows = await db
    .select()
    .from(lessonProgress)
    .where(eq(lessonProgress.userId, userId))
    .orderBy(asc(lessonProgress.lessonId));
  const log = await db
    .select()
    .from(progressLog)
    .where(and(eq(progressLog.userId, userId)));
  return JSON.stringify({ rows, log: log.length });
}
