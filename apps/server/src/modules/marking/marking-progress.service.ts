import {
  ExamState,
  MarkingFlag,
  type MarkOverview,
  PaperStatus,
  pageOf,
  pageOffset,
  ReviewFlag,
  RoleKind,
  type zAssignMarkersRequest,
  type zMarkExamRequest,
  type zMarkPapersRequest,
} from '@lyceum/contract';
import { and, asc, count, desc, eq, exists, gt, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { invalidParams } from '../../platform/errors';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { examAttempts } from '../exam/attempt.table';
import { exams } from '../exam/exam.table';
import { examPapers } from '../exam-paper/exam-paper.table';
import { roles } from '../role/role.table';
import { inClass } from '../team/reach';
import { userRoles, users } from '../user/user.table';
import { attemptMarks, examMarkers } from './marking.table';
import {
  attemptLine,
  codeOf,
  type ExamQuestion,
  examForMarking,
  examQuestions,
  markableExams,
  numbered,
  plainText,
  requireOwner,
} from './marking-scope';
import { iso } from './score-shared';

// Marking (answer/index, /answer/list, /answer/edit, /answer/read, /answer/print).

// The exams to mark, an exam's progress and its markers, and its papers.

// Counts over the rows a query picks, by a condition.
const countWhere = (cond: SQL | undefined) => sql<number>`count(*) filter (where ${cond})`.mapWith(Number);

export async function markExams(ctx: RequestContext, req: z.output<typeof zMarkExamRequest>) {
  const t = examAttempts;
  const am = attemptMarks;
  const e = exams;
  const ofExam = (x: typeof t | typeof am) => sameOrg(x, e, [eq(x.examId, e.id)]);
  const toMark = and(eq(am.manual, true), eq(am.markingFlag, MarkingFlag.NotMarked));
  const where = and(
    // Homework is marked from its task (/task/taskPaperEdit).
    eq(e.organizationId, ctx.orgId),
    ne(e.state, ExamState.Draft),
    eq(e.homework, false),
    markableExams(ctx),
    exists(ctx.db.select({ one: sql`1` }).from(t).where(ofExam(t))),
    req.keyword ? ilike(e.name, `%${req.keyword}%`) : undefined,
    req.pendingOnly
      ? exists(
          ctx.db
            .select({ one: sql`1` })
            .from(am)
            .where(and(ofExam(am), toMark)),
        )
      : undefined,
  );
  const attempts = ctx.db
    .select({
      ended: countWhere(ne(t.status, PaperStatus.Answering)).as('ended'),
      answering: countWhere(eq(t.status, PaperStatus.Answering)).as('answering'),
    })
    .from(t)
    .where(ofExam(t))
    .as('a');
  const items = ctx.db
    .select({
      manualItems: countWhere(eq(am.manual, true)).as('manual_items'),
      pendingItems: countWhere(toMark).as('pending_items'),
    })
    .from(am)
    .where(ofExam(am))
    .as('m');
  const [[total], list] = await Promise.all([
    ctx.db.select({ n: count() }).from(e).where(where),
    ctx.db
      .select({
        id: e.id,
        name: e.name,
        paperId: e.paperId,
        paperName: examPapers.name,
        windowStart: e.windowStart,
        windowEnd: e.windowEnd,
        candidates: e.candidateCount,
        confirmedAt: e.scoresConfirmedAt,
        ended: attempts.ended,
        answering: attempts.answering,
        manualItems: items.manualItems,
        pendingItems: items.pendingItems,
      })
      .from(e)
      .innerJoin(examPapers, sameOrg(examPapers, e, [eq(examPapers.id, e.paperId)]))
      .crossJoinLateral(attempts)
      .crossJoinLateral(items)
      .where(where)
      .orderBy(desc(e.windowStart), desc(e.id))
      .limit(req.pageSize)
      .offset(pageOffset(req)),
  ]);
  const canMark = ctx.permissions.has('answer:mark');
  return pageOf(
    list.map((r) => ({
      id: r.id,
      name: r.name,
      paperId: r.paperId,
      paperName: r.paperName,
      windowStart: iso(r.windowStart)!,
      windowEnd: iso(r.windowEnd)!,
      candidates: r.candidates,
      ended: r.ended,
      answering: r.answering,
      manualItems: r.manualItems,
      pendingItems: r.pendingItems,
      confirmedAt: iso(r.confirmedAt),
      canMark: canMark && !r.confirmedAt,
    })),
    total?.n ?? 0,
    req,
  );
}

export async function markOverview(ctx: RequestContext, examId: number, db: DbOrTx = ctx.db): Promise<MarkOverview> {
  const exam = await examForMarking(ctx, examId, db);
  const questions = await examQuestions(db, ctx.orgId, examId);
  const am = attemptMarks;
  const t = examAttempts;
  const k = examMarkers;
  const [counts, attempts, markers] = await Promise.all([
    db
      .select({
        questionId: am.questionId,
        answers: count(),
        manual: countWhere(eq(am.manual, true)),
        pending: countWhere(and(eq(am.manual, true), eq(am.markingFlag, MarkingFlag.NotMarked))),
        reviewed: countWhere(eq(am.reviewFlag, ReviewFlag.Reviewed)),
        average: sql<number | null>`avg(${am.score})`.mapWith(Number),
      })
      .from(am)
      .where(inOrg(am, ctx.orgId, [eq(am.examId, examId)]))
      .groupBy(am.questionId),
    db
      .select({
        ended: countWhere(ne(t.status, PaperStatus.Answering)),
        answering: countWhere(eq(t.status, PaperStatus.Answering)),
      })
      .from(t)
      .where(inOrg(t, ctx.orgId, [eq(t.examId, examId)])),
    db
      .select({ userId: k.userId, realName: users.realName, userName: users.userName, questionId: k.questionId })
      .from(k)
      .innerJoin(users, sameOrg(users, k, [eq(users.id, k.userId)]))
      .where(inOrg(k, ctx.orgId, [eq(k.examId, examId)]))
      .orderBy(asc(users.realName), asc(k.userId)),
  ]);
  const byQuestion = new Map(counts.map((c) => [c.questionId, c]));
  // A marker's progress counts the answers of their questions that need a hand (an empty answer
  // scores 0 by itself), marked by anyone: the same figures as the questions' "to mark".
  const handOf = (q: number) => byQuestion.get(q)?.manual ?? 0;
  const pendingOf = (q: number) => byQuestion.get(q)?.pending ?? 0;
  const markerMap = new Map<number, { userId: number; realName: string; questionIds: number[] }>();
  for (const m of markers) {
    const entry = markerMap.get(m.userId) ?? { userId: m.userId, realName: m.realName || m.userName, questionIds: [] };
    entry.questionIds.push(m.questionId);
    markerMap.set(m.userId, entry);
  }
  return {
    examId,
    examName: exam.name,
    paperName: exam.paperName,
    totalScore: exam.totalScore,
    passScore: exam.passScore,
    confirmedAt: exam.confirmedAt,
    canMark: exam.canMark,
    canAssign: exam.canAssign,
    ended: attempts[0]?.ended ?? 0,
    answering: attempts[0]?.answering ?? 0,
    questions: questions.map((q) => {
      const c = byQuestion.get(q.questionId);
      return {
        questionId: q.questionId,
        no: q.no,
        sectionTitle: q.sectionTitle,
        type: q.question.type,
        stemText: plainText(q.question.stem),
        max: q.max,
        manual: isManual(q),
        answers: c?.answers ?? 0,
        pending: c?.pending ?? 0,
        reviewed: c?.reviewed ?? 0,
        average: c?.average === null || c?.average === undefined ? null : Math.round(c.average * 100) / 100,
        thrownOut: q.thrownOut,
        adjusted: q.adjusted,
        markerIds: [...markerMap.values()].filter((m) => m.questionIds.includes(q.questionId)).map((m) => m.userId),
      };
    }),
    markers: [...markerMap.values()].map((m) => ({
      ...m,
      assigned: m.questionIds.reduce((s, q) => s + handOf(q), 0),
      marked: m.questionIds.reduce((s, q) => s + handOf(q) - pendingOf(q), 0),
    })),
  };
}

// A question a teacher judges: a manual short answer, or a compose question holding one.
function isManual(q: ExamQuestion): boolean {
  const manual = (c: { type: number; judgeType?: number }) => c.type === 5 && (c.judgeType ?? 2) === 2;
  return q.question.type === 6 ? q.question.children.some(manual) : manual(q.question);
}

export async function markPapers(ctx: RequestContext, req: z.output<typeof zMarkPapersRequest>) {
  await examForMarking(ctx, req.examId);
  const t = examAttempts;
  const n = numbered(ctx.db, ctx.orgId, req.examId);
  const where = inOrg(t, ctx.orgId, [
    eq(t.examId, req.examId),
    req.pendingOnly ? gt(t.pendingCount, 0) : undefined,
    req.teamId ? inClass(req.teamId, t.organizationId, t.userId) : undefined,
    req.keyword
      ? req.reveal
        ? or(ilike(users.userName, `%${req.keyword}%`), ilike(users.realName, `%${req.keyword}%`))
        : sql`lpad(${n.no}::text, 4, '0') like ${`%${req.keyword.replace(/^#/, '')}%`}`
      : undefined,
  ]);
  const onUser = sameOrg(users, t, [eq(users.id, t.userId)]);
  const [[total], list] = await Promise.all([
    ctx.db.select({ n: count() }).from(t).innerJoin(n, eq(n.id, t.id)).innerJoin(users, onUser).where(where),
    ctx.db
      .select({
        ...attemptLine(n),
        userId: users.id,
        pending: t.pendingCount,
        endedAt: t.endedAt,
      })
      .from(t)
      .innerJoin(n, eq(n.id, t.id))
      .innerJoin(users, onUser)
      .where(where)
      .orderBy(asc(n.no))
      .limit(req.pageSize)
      .offset(pageOffset(req)),
  ]);
  return pageOf(
    list.map((r) => ({
      attemptId: r.id,
      code: codeOf(r.no),
      userId: req.reveal ? r.userId : null,
      userName: req.reveal ? r.userName : null,
      realName: req.reveal ? (r.realName ?? null) : null,
      className: r.className ?? null,
      paperStatus: r.status as 3,
      answerStatus: r.answerStatus as 1,
      score: r.score,
      maxScore: r.maxScore,
      pending: r.pending,
      endedAt: iso(r.endedAt),
    })),
    total?.n ?? 0,
    req,
  );
}

export async function assignMarkers(ctx: RequestContext, req: z.output<typeof zAssignMarkersRequest>) {
  const exam = await examForMarking(ctx, req.examId);
  requireOwner(ctx, exam);
  const questions = new Set((await examQuestions(ctx.db, ctx.orgId, req.examId)).map((q) => q.questionId));
  for (const [i, m] of req.markers.entries()) {
    for (const [j, q] of m.questionIds.entries()) {
      if (!questions.has(q)) throw invalidParams(`markers.${i}.questionIds.${j}`, 'questionNotInPaper', { id: q });
    }
  }
  const userIds = [...new Set(req.markers.map((m) => m.userId))];
  if (userIds.length) {
    const staffRole = ctx.db
      .select({ one: sql`1` })
      .from(userRoles)
      .innerJoin(roles, sameOrg(roles, userRoles, [eq(roles.id, userRoles.roleId)]))
      .where(sameOrg(userRoles, users, [eq(userRoles.userId, users.id), ne(roles.kind, RoleKind.Student)]));
    const staff = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(inOrg(users, ctx.orgId, [inArray(users.id, userIds), exists(staffRole)]));
    const ok = new Set(staff.map((s) => s.id));
    for (const [i, m] of req.markers.entries()) {
      if (!ok.has(m.userId)) throw invalidParams(`markers.${i}.userId`, 'notFound', { entity: 'User' });
    }
  }
  await ctx.db.transaction(async (tx) => {
    await tx.delete(examMarkers).where(inOrg(examMarkers, ctx.orgId, [eq(examMarkers.examId, req.examId)]));
    const values = req.markers.flatMap((m) =>
      [...new Set(m.questionIds)].map((q) => ({
        organizationId: ctx.orgId,
        examId: req.examId,
        userId: m.userId,
        questionId: q,
      })),
    );
    if (values.length) await tx.insert(examMarkers).values(values).onConflictDoNothing();
  });
  return markOverview(ctx, req.examId);
}
