import {
  CourseStatus,
  EnrolmentSource,
  type Lang,
  type LearnCourse,
  LearnerStatus,
  LessonType,
  type MyCourse,
  type OpenLesson,
  PriceKind,
  type zCourseCatalogRequest,
  type zMyCourseRequest,
} from '@lyceum/contract';
import { and, count, desc, eq, ilike, isNull, not, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import { businessError, notFound } from '../../platform/errors';
import { sanitizeRichText } from '../../platform/sanitize';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { findFile } from '../file/file.service';
import { courseEnrolments, courses, courseVersions } from './course.table';
import { enrolUsers } from './course-enrol';
import { type openForLearner, policyOf } from './course-heartbeat';
import { type Facts, learnable, learnerFacts, lessonState } from './course-learner';
import { courseStanding, lessonStates, lessonsOf, type Outline } from './course-outline';
import { loadOutline, refreshEnrolments } from './course-progress';
import { admitToQuiz, quizExamOf } from './course-quiz';
import { courseSales, forSale } from './course-sales';

// The student's side of courses: their courses, the catalogue, joining one, the course as they
// learn it, and a lesson's content. Every read reaches only the caller's own enrolments.

const e = courseEnrolments;
const c = courses;

// Lessons of the latest version that the version a student last saw did not have.
async function newLessonIds(ctx: RequestContext, courseId: number, outline: Outline, seen: number, latest: number) {
  if (seen <= 0 || seen >= latest) return new Set<number>();
  const before = await loadOutline(ctx.db, ctx.orgId, courseId, seen).catch(() => null);
  if (!before) return new Set<number>();
  const had = new Set(lessonsOf(before).map((l) => l.id));
  return new Set(
    lessonsOf(outline)
      .map((l) => l.id)
      .filter((id) => !had.has(id)),
  );
}

export async function myCourses(
  ctx: RequestContext,
  req: z.output<typeof zMyCourseRequest>,
): Promise<{ courses: MyCourse[] }> {
  const view =
    req.view === 'required'
      ? and(eq(e.required, true), not(eq(e.status, LearnerStatus.Completed)))
      : req.view === 'elective'
        ? and(eq(e.required, false), not(eq(e.status, LearnerStatus.Completed)))
        : req.view === 'completed'
          ? eq(e.status, LearnerStatus.Completed)
          : undefined;
  const rows = await ctx.db
    .select({
      id: c.id,
      code: c.code,
      title: c.title,
      coverUrl: c.coverUrl,
      categoryId: c.categoryId,
      creditHours: c.creditHours,
      version: c.version,
      required: e.required,
      source: e.source,
      dueTime: e.dueTime,
      status: e.status,
      progress: e.progress,
      lessonsDone: e.lessonsDone,
      lessons: e.lessons,
      lastLessonId: e.lastLessonId,
      lastStudyAt: e.lastStudyAt,
      seenVersion: e.seenVersion,
    })
    .from(e)
    .innerJoin(c, sameOrg(c, e, [eq(c.id, e.courseId)]))
    .where(inOrg(e, ctx.orgId, [eq(e.userId, ctx.userId), learnable, view]))
    .orderBy(sql`${e.lastStudyAt} desc nulls last`, desc(e.enrolledAt), desc(c.id));
  const list: MyCourse[] = [];
  for (const r of rows) {
    const outline = await loadOutline(ctx.db, ctx.orgId, r.id, r.version);
    const last = lessonsOf(outline).find((l) => l.id === r.lastLessonId);
    const fresh = await newLessonIds(ctx, r.id, outline, r.seenVersion, r.version);
    list.push({
      id: r.id,
      code: r.code,
      title: r.title,
      coverUrl: r.coverUrl,
      categoryId: r.categoryId,
      creditHours: r.creditHours,
      required: r.required,
      source: r.source as MyCourse['source'],
      dueTime: r.dueTime?.toISOString() ?? null,
      status: r.status as MyCourse['status'],
      progress: r.progress,
      lessonsDone: r.lessonsDone,
      lessons: r.lessons,
      lastLessonId: last ? last.id : null,
      lastLessonTitle: last ? last.title : null,
      lastStudyAt: r.lastStudyAt?.toISOString() ?? null,
      newLessons: fresh.size,
    });
  }
  return { courses: list };
}

// Published elective courses open for self-enrolment, free (priced ones are bought), not joined.
const openForSelf = sql`${c.status} = ${CourseStatus.Published} and ${c.version} > 0 and ${c.selfEnrol}
  and not ${c.required} and ${c.priceKind} is null and ${c.price} is null`;

// The catalogue: free courses not joined yet, and priced ones (owned or not: a bought course opens
// from here), each priced one with whether the caller may buy it or has an order awaiting payment.
export async function catalog(ctx: RequestContext, req: z.output<typeof zCourseCatalogRequest>) {
  const mine = and(eq(e.organizationId, c.organizationId), eq(e.courseId, c.id), eq(e.userId, ctx.userId));
  const keyword = req.keyword ? `%${req.keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  const where = inOrg(c, ctx.orgId, [
    or(and(openForSelf, isNull(e.userId)), forSale),
    keyword ? ilike(c.title, keyword) : undefined,
    req.categoryId ? eq(c.categoryId, req.categoryId) : undefined,
  ]);
  const v = courseVersions;
  const [rows, [total], currency] = await Promise.all([
    ctx.db
      .select({
        id: c.id,
        code: c.code,
        title: c.title,
        coverUrl: c.coverUrl,
        categoryId: c.categoryId,
        creditHours: c.creditHours,
        lessons: sql<number>`coalesce(${v.lessonCount}, 0)`.mapWith(Number),
        description: c.description,
        priceKind: c.priceKind,
        price: c.price,
        owned: sql<boolean>`${e.userId} is not null`,
      })
      .from(c)
      .leftJoin(e, mine)
      .leftJoin(v, sameOrg(v, c, [eq(v.courseId, c.id), eq(v.version, c.version)]))
      .where(where)
      .orderBy(desc(c.publishTime), desc(c.id))
      .limit(req.pageSize)
      .offset((req.pageIndex - 1) * req.pageSize),
    ctx.db.select({ n: count() }).from(c).leftJoin(e, mine).where(where),
    courseSales.get().currency(ctx.db, ctx.orgId),
  ]);
  const priced = rows.filter((r) => r.priceKind !== null && (r.price ?? 0) > 0);
  const awaiting = await courseSales.get().awaitingOrdersOf(
    ctx.db,
    ctx.orgId,
    ctx.userId,
    priced.map((r) => r.id),
  );
  const n = total?.n ?? 0;
  return {
    list: rows.map((r) => {
      const sold = r.priceKind !== null && (r.price ?? 0) > 0;
      const awaitingOrderId = awaiting.get(r.id) ?? null;
      return {
        ...r,
        priceKind: r.priceKind as 1 | 2 | null,
        currency: sold && r.priceKind === PriceKind.Money ? currency : null,
        buyable: sold && !r.owned && awaitingOrderId === null,
        awaitingOrderId,
      };
    }),
    total: n,
    pageNum: req.pageIndex,
    pageSize: req.pageSize,
    pages: Math.ceil(n / req.pageSize),
  };
}

// Joins a course open for self-enrolment; joining again is the same enrolment.
export async function enrolSelf(ctx: RequestContext, courseId: number) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ open: sql<boolean>`${openForSelf}`, joined: sql<boolean>`${e.userId} is not null` })
      .from(c)
      .leftJoin(e, and(eq(e.organizationId, c.organizationId), eq(e.courseId, c.id), eq(e.userId, ctx.userId)))
      .where(inOrg(c, ctx.orgId, [eq(c.id, courseId), learnable]));
    if (!row) throw notFound('Course');
    if (row.joined) return { courseId };
    if (!row.open) throw businessError('courseNotOpen');
    await enrolUsers(tx, ctx.orgId, courseId, [ctx.userId], { source: EnrolmentSource.Self, required: false });
    await refreshEnrolments(tx, ctx.orgId, courseId, [ctx.userId]);
    return { courseId };
  });
}

// Titles of lessons the student completed that the latest version no longer has (from the newest
// version that still had them).
async function retiredOf(ctx: RequestContext, courseId: number, version: number, outline: Outline, facts: Facts) {
  const current = new Set(lessonsOf(outline).map((l) => l.id));
  const gone = [...facts.values()].filter((f) => !current.has(f.lessonId) && f.status === LearnerStatus.Completed);
  const titles: { title: string }[] = [];
  const left = new Set(gone.map((f) => f.lessonId));
  for (let v = version - 1; v >= 1 && left.size; v--) {
    const old = await loadOutline(ctx.db, ctx.orgId, courseId, v).catch(() => null);
    for (const l of old ? lessonsOf(old) : []) {
      if (left.delete(l.id)) titles.push({ title: l.title });
    }
  }
  return titles;
}

export async function learnCourse(ctx: RequestContext, courseId: number, lang: Lang): Promise<LearnCourse> {
  const [row] = await ctx.db
    .select({
      id: c.id,
      code: c.code,
      title: c.title,
      coverUrl: c.coverUrl,
      description: c.description,
      creditHours: c.creditHours,
      sequential: c.sequential,
      version: c.version,
      enrolled: sql<boolean>`${e.userId} is not null`,
      required: e.required,
      dueTime: e.dueTime,
      status: e.status,
      progress: e.progress,
      lastLessonId: e.lastLessonId,
      seenVersion: e.seenVersion,
    })
    .from(c)
    .leftJoin(e, and(eq(e.organizationId, c.organizationId), eq(e.courseId, c.id), eq(e.userId, ctx.userId)))
    .where(inOrg(c, ctx.orgId, [eq(c.id, courseId), learnable]));
  if (!row) throw notFound('Course');
  if (!row.enrolled) throw businessError('notEnrolled');
  const outline = await loadOutline(ctx.db, ctx.orgId, courseId, row.version);
  const facts = await learnerFacts(ctx.db, ctx.orgId, courseId, ctx.userId);
  const states = new Map(lessonStates(outline, facts, row.sequential, lang).map((s) => [s.lessonId, s]));
  const fresh = await newLessonIds(ctx, courseId, outline, row.seenVersion ?? 0, row.version);
  const { done } = courseStanding(outline, facts);
  const titles = new Map<string, { title: string; ids: number[] }>();
  for (const ch of outline.chapters) {
    titles.set(ch.key, { title: ch.title, ids: ch.lessons.map((l) => l.id) });
    for (const l of ch.lessons) titles.set(l.key, { title: l.title, ids: [l.id] });
  }
  const chapters = outline.chapters.map((ch) => {
    // A chapter waits for its own prerequisites and, in a sequential course, for what its first lesson waits for.
    const own = ch.requires.flatMap((k) => {
      const node = titles.get(k);
      return node?.ids.some((id) => !done.has(id)) ? [node.title] : [];
    });
    const first = ch.lessons[0] ? states.get(ch.lessons[0].id) : undefined;
    const blockers = [...new Set([...own, ...(row.sequential && first?.locked ? first.lockedBy : [])])];
    return {
      id: ch.id,
      key: ch.key,
      title: ch.title,
      requires: ch.requires,
      locked: blockers.length > 0 && ch.lessons.some((l) => !done.has(l.id)),
      lockedBy: blockers,
      lessons: ch.lessons.map(({ body: _b, fileUrl: _f, paperId: _p, ...l }) => ({
        ...l,
        state: states.get(l.id)!,
        isNew: fresh.has(l.id),
      })),
    };
  });
  const lessons = lessonsOf(outline);
  const last = lessons.find((l) => l.id === row.lastLessonId);
  const next = last ?? lessons.find((l) => !done.has(l.id) && !states.get(l.id)?.locked);
  await ctx.db
    .update(e)
    .set({ seenVersion: row.version })
    .where(inOrg(e, ctx.orgId, [eq(e.courseId, courseId), eq(e.userId, ctx.userId)]));
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    coverUrl: row.coverUrl,
    description: row.description,
    creditHours: row.creditHours,
    required: row.required ?? false,
    sequential: row.sequential,
    version: row.version,
    status: (row.status ?? 0) as LearnCourse['status'],
    progress: row.progress ?? 0,
    dueTime: row.dueTime?.toISOString() ?? null,
    chapters,
    resume: next ? { lessonId: next.id, position: facts.get(next.id)?.position ?? 0 } : null,
    retired: await retiredOf(ctx, courseId, row.version, outline, facts),
  };
}

const FILE_PATH = /^\/api\/file\/(\d{1,15})$/;

// A lesson's content for the player, after opening it (openForLearner): the file and its type,
// the article's text, or the quiz's practice exam (the caller made its candidate).
export async function lessonContent(
  ctx: RequestContext,
  opened: Awaited<ReturnType<typeof openForLearner>>,
  lang: Lang,
): Promise<OpenLesson> {
  const { course, facts, nonce } = opened;
  const lesson = course.lesson;
  let contentType: string | null = null;
  const m = lesson.fileUrl ? FILE_PATH.exec(lesson.fileUrl) : null;
  if (m) contentType = (await findFile(ctx.db, ctx.orgId, Number(m[1]), false).catch(() => null))?.contentType ?? null;
  let examId: number | null = null;
  if (lesson.lessonType === LessonType.Quiz && lesson.paperId != null) {
    examId = await quizExamOf(ctx.db, ctx.orgId, lesson.id, lesson.paperId);
    if (examId !== null) await admitToQuiz(ctx.db, ctx.orgId, examId, ctx.userId);
  }
  const policy = policyOf(ctx.orgId);
  const file = lesson.lessonType === LessonType.Video || lesson.lessonType === LessonType.Document;
  return {
    lessonId: lesson.id,
    courseId: course.courseId,
    title: lesson.title,
    lessonType: lesson.lessonType,
    fileUrl: file ? lesson.fileUrl : null,
    contentType: file ? contentType : null,
    durationSeconds: lesson.durationSeconds,
    body: lesson.lessonType === LessonType.Article ? sanitizeRichText(lesson.body) : '',
    examId,
    nonce,
    heartbeatSeconds: policy.heartbeatSeconds,
    maxRate: policy.maxRate,
    state: lessonState(course, facts, lesson.id, lang),
    watched: facts.get(lesson.id)?.watched ?? [],
  };
}
