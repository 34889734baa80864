import {
  MarkingFlag,
  pageOf,
  pageOffset,
  QueryStatus,
  ScoreChangeKind,
  type zAnswerQueryRequest,
  type zQueriesRequest,
  type zQueryRequest,
} from '@lyceum/contract';
import { asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { businessError, forbidden, invalidParams, notFound } from '../../platform/errors';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { examAttempts } from '../exam/attempt.table';
import { users } from '../user/user.table';
import { audit, lockConfirmation, thisMark } from './marking.service';
import { attemptMarks, scoreQueries } from './marking.table';
import { refreshAttempts } from './marking-engine';
import { codeOf, examForMarking, examQuestions, mayMarkQuestion, numbered } from './marking-scope';
import { myAttempt } from './my-scores.service';
import { iso } from './score-shared';

// Exam scores, confirmation, the analysis report, statistics, and the students' side (decision 38).

// Queries on marks: a student asks, a teacher answers (decision 38).

// ---- queries on marks ----

// The exam's queries (those `where` picks) with their attempt's number, student and mark.
function queryRows(db: DbOrTx, orgId: number, examId: number, where: SQL | undefined) {
  const q = scoreQueries;
  const am = attemptMarks;
  const n = numbered(db, orgId, examId);
  return db
    .select({
      id: q.id,
      attemptId: q.attemptId,
      no: n.no,
      realName: users.realName,
      questionId: q.questionId,
      text: q.text,
      status: q.status,
      reply: q.reply,
      score: am.score,
      max: am.max,
      createTime: q.createTime,
      repliedAt: q.repliedAt,
    })
    .from(q)
    .innerJoin(n, eq(n.id, q.attemptId))
    .innerJoin(examAttempts, sameOrg(examAttempts, q, [eq(examAttempts.id, q.attemptId)]))
    .innerJoin(users, sameOrg(users, examAttempts, [eq(users.id, examAttempts.userId)]))
    .leftJoin(am, sameOrg(am, q, [eq(am.attemptId, q.attemptId), eq(am.questionId, q.questionId)]))
    .where(inOrg(q, orgId, [eq(q.examId, examId), where]))
    .$dynamic();
}

type QueryRow = Awaited<ReturnType<typeof queryRows>>[number];

async function withNumbers(db: DbOrTx, orgId: number, examId: number, list: QueryRow[]) {
  const nos = new Map((await examQuestions(db, orgId, examId)).map((q) => [q.questionId, q.no]));
  return list.map((r) => ({
    id: r.id,
    attemptId: r.attemptId,
    code: codeOf(r.no ?? 0),
    realName: r.realName ?? null,
    questionId: r.questionId,
    no: nos.get(r.questionId) ?? 0,
    text: r.text,
    status: r.status as 1,
    reply: r.reply ?? null,
    score: r.score,
    max: r.max ?? 0,
    createTime: iso(r.createTime)!,
    repliedAt: iso(r.repliedAt),
  }));
}

export async function myQuery(ctx: RequestContext, req: z.output<typeof zQueryRequest>) {
  const { t, visible } = await myAttempt(ctx, req.examId);
  if (!visible) throw businessError('scoresNotShown');
  const id = await ctx.db.transaction(async (tx) => {
    const [m] = await tx
      .select({ n: count() })
      .from(attemptMarks)
      .where(thisMark(ctx.orgId, t.id, req.questionId));
    if (!m?.n) throw invalidParams('questionId', 'questionNotInPaper', { id: req.questionId });
    const [open] = await tx
      .select({ n: count() })
      .from(scoreQueries)
      .where(
        inOrg(scoreQueries, ctx.orgId, [
          eq(scoreQueries.attemptId, t.id),
          eq(scoreQueries.questionId, req.questionId),
          eq(scoreQueries.status, QueryStatus.Open),
        ]),
      );
    if (open?.n) throw businessError('queryOpen');
    const [row] = await tx
      .insert(scoreQueries)
      .values({
        organizationId: ctx.orgId,
        examId: req.examId,
        attemptId: t.id,
        questionId: req.questionId,
        text: req.text,
      })
      .returning({ id: scoreQueries.id });
    return row.id;
  });
  const list = await queryRows(ctx.db, ctx.orgId, req.examId, eq(scoreQueries.id, id));
  const [q] = await withNumbers(ctx.db, ctx.orgId, req.examId, list);
  return { ...q, realName: null };
}

export async function listQueries(ctx: RequestContext, req: z.output<typeof zQueriesRequest>) {
  await examForMarking(ctx, req.examId);
  const q = scoreQueries;
  const filter = req.status ? eq(q.status, req.status) : undefined;
  const [[total], list] = await Promise.all([
    ctx.db
      .select({ n: count() })
      .from(q)
      .where(inOrg(q, ctx.orgId, [eq(q.examId, req.examId), filter])),
    queryRows(ctx.db, ctx.orgId, req.examId, filter)
      .orderBy(asc(q.status), desc(q.id))
      .limit(req.pageSize)
      .offset(pageOffset(req)),
  ]);
  return pageOf(await withNumbers(ctx.db, ctx.orgId, req.examId, list), total?.n ?? 0, req);
}

export async function answerQuery(ctx: RequestContext, req: z.output<typeof zAnswerQueryRequest>) {
  const exam = await examForMarking(ctx, req.examId);
  if (req.score !== undefined && exam.confirmedAt) throw businessError('scoresConfirmed');
  await ctx.db.transaction(async (tx) => {
    const am = attemptMarks;
    const [q] = await tx
      .select({
        attemptId: scoreQueries.attemptId,
        questionId: scoreQueries.questionId,
        score: am.score,
        max: am.max,
      })
      .from(scoreQueries)
      .innerJoin(
        am,
        sameOrg(am, scoreQueries, [
          eq(am.attemptId, scoreQueries.attemptId),
          eq(am.questionId, scoreQueries.questionId),
        ]),
      )
      .where(inOrg(scoreQueries, ctx.orgId, [eq(scoreQueries.examId, req.examId), eq(scoreQueries.id, req.queryId)]))
      .for('update', { of: scoreQueries });
    if (!q) throw notFound('Query');
    if (req.score !== undefined) {
      // The same rule as `mark`: with markers assigned, only the question's own markers (or the owner).
      if (!mayMarkQuestion(exam, q.questionId)) throw forbidden('notYourQuestion');
      await lockConfirmation(tx, ctx.orgId, req.examId);
      if (req.score > q.max + 1e-9) throw invalidParams('score', 'tooBig', { max: q.max });
      await tx
        .update(am)
        .set({
          score: req.score,
          markingFlag: MarkingFlag.Marked,
          markerId: sql`coalesce(${am.markerId}, ${ctx.userId})`,
          markedAt: sql`coalesce(${am.markedAt}, now())`,
        })
        .where(thisMark(ctx.orgId, q.attemptId, q.questionId));
      if (q.score !== req.score) {
        await audit(tx, ctx.orgId, ctx.userId, [
          {
            examId: req.examId,
            attemptId: q.attemptId,
            questionId: q.questionId,
            kind: ScoreChangeKind.Query,
            from: q.score,
            to: req.score,
            reason: req.reply.slice(0, 500),
          },
        ]);
      }
      await refreshAttempts(tx, ctx.orgId, [q.attemptId]);
    }
    await tx
      .update(scoreQueries)
      .set({ status: QueryStatus.Answered, reply: req.reply, repliedBy: ctx.userId, repliedAt: sql`now()` })
      .where(inOrg(scoreQueries, ctx.orgId, [eq(scoreQueries.id, req.queryId)]));
  });
  const list = await queryRows(ctx.db, ctx.orgId, req.examId, eq(scoreQueries.id, req.queryId));
  const [q] = await withNumbers(ctx.db, ctx.orgId, req.examId, list);
  return q;
}
