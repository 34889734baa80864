import {
  type EnrolmentSource,
  enrolmentSourceLabels,
  type Lang,
  type Learner,
  type LearnerPage,
  type LearnerStatus,
  type LearnerSummary,
  type LessonState,
  learnerStatusLabels,
  LearnerStatus as Status,
  type zLearnerRequest,
} from '@lyceum/contract';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { listSheet, type SheetColumn } from '../export/list-sheet';
import { inClass } from '../team/reach';
import { teamMembers, teams } from '../team/team.table';
import { keywordMatch } from '../user/user.service';
import { users } from '../user/user.table';
import { courseResource } from './course.resource';
import { courseEnrolments, lessonProgress } from './course.table';
import { lessonStates, lessonsOf } from './course-outline';
import { publishedOutline } from './course-publish';

// A course's learners for its staff: the page with filters, a summary for the chart, one learner's
// lessons, and the sheet for the export list. Every call reaches the course through the resource's
// read scope, so another teacher's course is "not found".

type LearnerRequest = z.output<typeof zLearnerRequest>;
const e = courseEnrolments;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
// A learner's class (the first, as the other staff lists show it).
const className = sql<string | null>`(select ${teams.name} from ${teamMembers} join ${teams}
  on ${teams.organizationId} = ${teamMembers.organizationId} and ${teams.id} = ${teamMembers.teamId}
  where ${teamMembers.organizationId} = ${users.organizationId} and ${teamMembers.userId} = ${users.id}
  order by ${teamMembers.teamId} limit 1)`;

async function summaryOf(ctx: RequestContext, courseId: number, version: number): Promise<LearnerSummary> {
  const at = sql`${clock.date().toISOString()}::timestamptz`;
  const of = (status: LearnerStatus) => sql<number>`count(*) filter (where ${e.status} = ${status})`.mapWith(Number);
  const [c] = await ctx.db
    .select({
      learners: count(),
      notStarted: of(Status.NotStarted),
      inProgress: of(Status.InProgress),
      completed: of(Status.Completed),
      overdue: sql<number>`count(*) filter (where ${e.status} <> ${Status.Completed} and ${e.dueTime} < ${at})`.mapWith(
        Number,
      ),
    })
    .from(e)
    .where(inOrg(e, ctx.orgId, [eq(e.courseId, courseId)]));
  // The chart: learners with each lesson of the version they learn complete.
  const lessons = lessonsOf(await publishedOutline(ctx.db, ctx.orgId, courseId, version));
  const p = lessonProgress;
  const done = lessons.length
    ? await ctx.db
        .select({ lessonId: p.lessonId, n: count() })
        .from(p)
        .innerJoin(e, sameOrg(e, p, [eq(e.courseId, p.courseId), eq(e.userId, p.userId)]))
        .where(
          inOrg(p, ctx.orgId, [
            eq(p.courseId, courseId),
            eq(p.status, Status.Completed),
            inArray(
              p.lessonId,
              lessons.map((l) => l.id),
            ),
          ]),
        )
        .groupBy(p.lessonId)
    : [];
  const byLesson = new Map(done.map((d) => [d.lessonId, d.n]));
  return {
    learners: c?.learners ?? 0,
    notStarted: c?.notStarted ?? 0,
    inProgress: c?.inProgress ?? 0,
    completed: c?.completed ?? 0,
    overdue: c?.overdue ?? 0,
    byLesson: lessons.map((l) => ({ lessonId: l.id, title: l.title, done: byLesson.get(l.id) ?? 0 })),
  };
}

// The learners of a course the caller reaches, by name, filtered; the summary covers them all.
export async function learners(ctx: RequestContext, req: LearnerRequest, limit?: number): Promise<LearnerPage> {
  const course = await courseResource.readable(ctx, req.courseId);
  const conditions: (SQL | undefined)[] = [eq(e.courseId, req.courseId)];
  if (req.status !== undefined) conditions.push(eq(e.status, req.status));
  if (req.source !== undefined) conditions.push(eq(e.source, req.source));
  if (req.keyword) conditions.push(keywordMatch(req.keyword));
  if (req.teamId) conditions.push(inClass(req.teamId, e.organizationId, e.userId));
  const where = inOrg(e, ctx.orgId, conditions);
  const size = limit ?? req.pageSize;
  const offset = limit ? 0 : (req.pageIndex - 1) * req.pageSize;
  const joined = sameOrg(users, e, [eq(users.id, e.userId)]);
  const rows = await ctx.db
    .select({
      userId: e.userId,
      userName: users.userName,
      realName: users.realName,
      teamName: className,
      source: e.source,
      required: e.required,
      dueTime: e.dueTime,
      status: e.status,
      progress: e.progress,
      lessonsDone: e.lessonsDone,
      lessons: e.lessons,
      enrolledAt: e.enrolledAt,
      lastStudyAt: e.lastStudyAt,
      completedAt: e.completedAt,
    })
    .from(e)
    .innerJoin(users, joined)
    .where(where)
    .orderBy(asc(users.realName), asc(e.userId))
    .limit(size)
    .offset(offset);
  const [total] = await ctx.db.select({ n: count() }).from(e).innerJoin(users, joined).where(where);
  const summary = await summaryOf(ctx, req.courseId, Number(course.version));
  const n = total?.n ?? 0;
  return {
    list: rows.map(
      (r): Learner => ({
        ...r,
        source: r.source as EnrolmentSource,
        status: r.status as LearnerStatus,
        dueTime: iso(r.dueTime),
        enrolledAt: r.enrolledAt.toISOString(),
        lastStudyAt: iso(r.lastStudyAt),
        completedAt: iso(r.completedAt),
      }),
    ),
    total: n,
    pageNum: req.pageIndex,
    pageSize: req.pageSize,
    pages: Math.ceil(n / req.pageSize),
    summary,
  };
}

// One learner's lessons in the version they learn: done, in progress, locked, what is missing.
export async function learnerLessons(
  ctx: RequestContext,
  req: { courseId: number; userId: number },
  lang: Lang,
): Promise<LessonState[]> {
  const course = await courseResource.readable(ctx, req.courseId);
  const [enrolled] = await ctx.db
    .select({ userId: e.userId })
    .from(e)
    .where(inOrg(e, ctx.orgId, [and(eq(e.courseId, req.courseId), eq(e.userId, req.userId))]));
  if (!enrolled) throw notFound('Learner');
  const outline = await publishedOutline(ctx.db, ctx.orgId, req.courseId, Number(course.version));
  const p = lessonProgress;
  const rows = await ctx.db
    .select({
      lessonId: p.lessonId,
      watchedSeconds: p.watchedSeconds,
      viewed: p.viewed,
      markedDone: p.markedDone,
      quizScore: p.quizScore,
      attended: p.attended,
      completedAt: p.completedAt,
      position: p.position,
    })
    .from(p)
    .where(inOrg(p, ctx.orgId, [eq(p.courseId, req.courseId), eq(p.userId, req.userId)]));
  const facts = new Map(rows.map((r) => [r.lessonId, r]));
  return lessonStates(outline, facts, Boolean(course.sequential), lang);
}

// ---- the learners sheet (export list) ----

const label = (labels: Record<number, { en: string; zh: string }>, v: number, zh: boolean) =>
  labels[v]?.[zh ? 'zh' : 'en'] ?? String(v);
const learnerColumns: SheetColumn<Learner>[] = [
  { header: ['User name', '用户名'], width: 18, cell: (r) => r.userName },
  { header: ['Name', '姓名'], width: 18, cell: (r) => r.realName },
  { header: ['Class', '班级'], width: 18, cell: (r) => r.teamName },
  { header: ['Source', '来源'], width: 12, cell: (r, zh) => label(enrolmentSourceLabels, r.source, zh) },
  { header: ['Required', '必修'], width: 10, cell: (r, zh) => (r.required ? (zh ? '是' : 'Yes') : zh ? '否' : 'No') },
  { header: ['Due', '截止时间'], date: true, cell: (r) => (r.dueTime ? new Date(r.dueTime) : null) },
  { header: ['Status', '状态'], width: 12, cell: (r, zh) => label(learnerStatusLabels, r.status, zh) },
  { header: ['Progress (%)', '进度（%）'], width: 12, cell: (r) => r.progress },
  { header: ['Lessons done', '已完成课时'], width: 12, cell: (r) => r.lessonsDone },
  { header: ['Lessons', '课时数'], width: 10, cell: (r) => r.lessons },
  { header: ['Enrolled', '加入时间'], date: true, cell: (r) => new Date(r.enrolledAt) },
  { header: ['Last studied', '最近学习'], date: true, cell: (r) => (r.lastStudyAt ? new Date(r.lastStudyAt) : null) },
  { header: ['Completed', '完成时间'], date: true, cell: (r) => (r.completedAt ? new Date(r.completedAt) : null) },
];

export async function writeLearnersSheet(
  ctx: RequestContext,
  courseId: number,
  req: Omit<LearnerRequest, 'courseId' | 'pageIndex' | 'pageSize'>,
  lang: Lang,
) {
  const data = await learners(ctx, { ...req, courseId, pageIndex: 1, pageSize: 10 }, 100_000);
  const title = { en: 'Course learners', zh: '课程学员' };
  return { sheet: await listSheet(title, learnerColumns, data.list, lang), count: data.list.length };
}
