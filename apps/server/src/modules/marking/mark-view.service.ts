import {
  type MarkedPaper,
  type MarkItem,
  MarkingFlag,
  type MarkQuestion,
  type MarkQueue,
  ReviewFlag,
  type StudentAnswer,
  type zMarkQueueRequest,
  zStudentPaper,
} from '@lyceum/contract';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { invalidParams, notFound } from '../../platform/errors';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { attemptAnswers, examAttempts } from '../exam/attempt.table';
import { inClass } from '../team/reach';
import { users } from '../user/user.table';
import { attemptMarks, scoreQueries } from './marking.table';
import {
  attemptLine,
  codeOf,
  type ExamForMarking,
  type ExamQuestion,
  examForMarking,
  examQuestions,
  mayMarkQuestion,
  numbered,
} from './marking-scope';
import { iso } from './score-shared';

// Marking (answer/index, /answer/list, /answer/edit, /answer/read, /answer/print).

// The answers as a marker sees them: a question's queue, and whole marked papers.

// ---- one answer as a marker sees it ----

const marker = alias(users, 'mk');
const reviewer = alias(users, 'rv');

// The exam's answers as a marker sees them (those `where` picks), with the latest query on each;
// `ordered`: by the attempts' numbers.
export async function markRows(db: DbOrTx, orgId: number, examId: number, where: SQL | undefined, ordered = false) {
  const am = attemptMarks;
  const n = numbered(db, orgId, examId);
  const q = db
    .select({ id: scoreQueries.id, text: scoreQueries.text, status: scoreQueries.status, reply: scoreQueries.reply })
    .from(scoreQueries)
    .where(
      sameOrg(scoreQueries, am, [eq(scoreQueries.attemptId, am.attemptId), eq(scoreQueries.questionId, am.questionId)]),
    )
    .orderBy(desc(scoreQueries.id))
    .limit(1)
    .as('q');
  const query = db
    .select({
      attemptId: am.attemptId,
      no: n.no,
      realName: users.realName,
      questionId: am.questionId,
      answer: attemptAnswers.answer,
      max: am.max,
      autoScore: am.autoScore,
      score: am.score,
      parts: am.parts,
      manual: am.manual,
      markingFlag: am.markingFlag,
      reviewFlag: am.reviewFlag,
      comment: am.comment,
      markerName: marker.realName,
      markedAt: am.markedAt,
      reviewerName: reviewer.realName,
      reviewedAt: am.reviewedAt,
      queryId: q.id,
      queryText: q.text,
      queryStatus: q.status,
      queryReply: q.reply,
    })
    .from(am)
    .innerJoin(n, eq(n.id, am.attemptId))
    .innerJoin(examAttempts, sameOrg(examAttempts, am, [eq(examAttempts.id, am.attemptId)]))
    .innerJoin(users, sameOrg(users, examAttempts, [eq(users.id, examAttempts.userId)]))
    .leftJoin(
      attemptAnswers,
      sameOrg(attemptAnswers, am, [
        eq(attemptAnswers.attemptId, am.attemptId),
        eq(attemptAnswers.questionId, am.questionId),
      ]),
    )
    .leftJoin(marker, sameOrg(marker, am, [eq(marker.id, am.markerId)]))
    .leftJoin(reviewer, sameOrg(reviewer, am, [eq(reviewer.id, am.reviewerId)]))
    .leftJoinLateral(q, sql`true`)
    .where(inOrg(am, orgId, [eq(am.examId, examId), where]))
    .$dynamic();
  return ordered ? query.orderBy(asc(n.no)) : query;
}

export type MarkRow = Awaited<ReturnType<typeof markRows>>[number];

export function toItem(r: MarkRow, reveal: boolean): MarkItem {
  return {
    attemptId: r.attemptId,
    code: codeOf(r.no),
    realName: reveal ? r.realName : null,
    questionId: r.questionId,
    // Stored as the contract's shapes (jsonb).
    answer: (r.answer ?? null) as StudentAnswer,
    max: r.max,
    autoScore: r.autoScore,
    score: r.score,
    parts: (r.parts ?? []) as MarkItem['parts'],
    markingFlag: r.markingFlag as 1 | 3,
    reviewFlag: r.reviewFlag as 1 | 2,
    manual: r.manual,
    comment: r.comment ?? '',
    markerName: r.markerName,
    markedAt: iso(r.markedAt),
    reviewerName: r.reviewerName,
    reviewedAt: iso(r.reviewedAt),
    query:
      r.queryId === null
        ? null
        : {
            id: r.queryId,
            text: r.queryText ?? '',
            status: r.queryStatus as 1 | 2,
            reply: r.queryReply,
          },
  };
}

export function toMarkQuestion(q: ExamQuestion): MarkQuestion {
  return {
    questionId: q.questionId,
    version: q.version,
    no: q.no,
    max: q.max,
    question: q.effective,
    thrownOut: q.thrownOut,
    adjusted: q.adjusted,
  };
}

async function questionOf(db: DbOrTx, orgId: number, examId: number, questionId: number): Promise<ExamQuestion> {
  const q = (await examQuestions(db, orgId, examId)).find((x) => x.questionId === questionId);
  if (!q) throw invalidParams('questionId', 'questionNotInPaper', { id: questionId });
  return q;
}

export async function markQueue(ctx: RequestContext, req: z.output<typeof zMarkQueueRequest>): Promise<MarkQueue> {
  const exam = await examForMarking(ctx, req.examId);
  const q = await questionOf(ctx.db, ctx.orgId, req.examId, req.questionId);
  const filters = and(
    eq(attemptMarks.questionId, req.questionId),
    req.pendingOnly
      ? and(eq(attemptMarks.manual, true), eq(attemptMarks.markingFlag, MarkingFlag.NotMarked))
      : undefined,
    req.teamId ? inClass(req.teamId, examAttempts.organizationId, examAttempts.userId) : undefined,
  );
  const list = await markRows(ctx.db, ctx.orgId, req.examId, filters, true);
  return {
    question: toMarkQuestion(q),
    items: list.map((r) => toItem(r, req.reveal)),
    canMark: mayMarkQuestion(exam, req.questionId),
  };
}

export async function markedPapers(
  ctx: RequestContext,
  examId: number,
  attemptIds: number[],
  reveal: boolean,
  exam?: ExamForMarking,
): Promise<MarkedPaper[]> {
  const e = exam ?? (await examForMarking(ctx, examId));
  const t = examAttempts;
  const n = numbered(ctx.db, ctx.orgId, examId);
  const [attempts, marks, questions] = await Promise.all([
    ctx.db
      .select({
        ...attemptLine(n),
        startedAt: t.startedAt,
        endedAt: t.endedAt,
        paper: t.paper,
      })
      .from(t)
      .innerJoin(n, eq(n.id, t.id))
      .innerJoin(users, sameOrg(users, t, [eq(users.id, t.userId)]))
      .where(inOrg(t, ctx.orgId, [eq(t.examId, examId), inArray(t.id, attemptIds)])),
    markRows(ctx.db, ctx.orgId, examId, inArray(attemptMarks.attemptId, attemptIds)),
    examQuestions(ctx.db, ctx.orgId, examId),
  ]);
  const byQuestion = new Map(questions.map((q) => [q.questionId, q]));
  const markOf = new Map(marks.map((m) => [`${m.attemptId}:${m.questionId}`, m]));
  const byId = new Map(attempts.map((a) => [a.id, a]));
  return attemptIds.flatMap((id) => {
    const a = byId.get(id);
    if (!a) return [];
    const paper = zStudentPaper.parse(a.paper);
    return [
      {
        examId,
        examName: e.name,
        attemptId: id,
        code: codeOf(a.no),
        userName: reveal ? a.userName : null,
        realName: reveal ? (a.realName ?? null) : null,
        className: reveal ? (a.className ?? null) : null,
        paperStatus: a.status as 3,
        answerStatus: a.answerStatus as 1,
        score: a.score,
        maxScore: a.maxScore,
        passScore: e.passScore,
        startedAt: iso(a.startedAt)!,
        endedAt: iso(a.endedAt),
        sections: paper.sections.map((s) => {
          const items = s.items.flatMap((item) => {
            const q = byQuestion.get(item.questionId);
            const m = markOf.get(`${id}:${item.questionId}`);
            if (!q) return [];
            const mark: MarkItem = m
              ? toItem(m, reveal)
              : {
                  attemptId: id,
                  code: codeOf(a.no),
                  realName: null,
                  questionId: item.questionId,
                  answer: null,
                  max: item.score,
                  autoScore: 0,
                  score: null,
                  parts: [],
                  markingFlag: MarkingFlag.NotMarked,
                  reviewFlag: ReviewFlag.NotReviewed,
                  manual: false,
                  comment: '',
                  markerName: null,
                  markedAt: null,
                  reviewerName: null,
                  reviewedAt: null,
                  query: null,
                };
            return [{ question: toMarkQuestion(q), mark }];
          });
          return {
            title: s.title,
            score: items.reduce((x, i) => x + i.mark.max, 0),
            got: Math.round(items.reduce((x, i) => x + (i.mark.score ?? 0), 0) * 100) / 100,
            items,
          };
        }),
        canMark: e.canMark,
      },
    ];
  });
}

export async function markedPaper(ctx: RequestContext, examId: number, attemptId: number, reveal: boolean) {
  const [paper] = await markedPapers(ctx, examId, [attemptId], reveal);
  if (!paper) throw notFound('Attempt');
  return paper;
}
