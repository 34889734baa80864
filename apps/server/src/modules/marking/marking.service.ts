import {
  MarkingFlag,
  PaperStatus,
  pageOf,
  pageOffset,
  QueryStatus,
  ReviewFlag,
  ScoreChangeKind,
  type zMarkRequest,
  type zReviewMarkRequest,
  type zScoreHistoryRequest,
} from '@lyceum/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { businessError, forbidden, invalidParams, notFound } from '../../platform/errors';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { examAttempts } from '../exam/attempt.table';
import { exams } from '../exam/exam.table';
import { users } from '../user/user.table';
import { markRows, toItem } from './mark-view.service';
import { attemptMarks, scoreChanges } from './marking.table';
import { paperItems, refreshAttempts } from './marking-engine';
import { codeOf, examForMarking, mayMarkQuestion, numbered } from './marking-scope';
import { iso } from './score-shared';

// Marking (answer/index, /answer/list, /answer/edit, /answer/read, /answer/print).

// Changing scores: a mark, its review, the audit of every change and its history. The exams'
// progress and marker assignment are in marking-progress.service.ts, the answers as a marker
// sees them in mark-view.service.ts.

// ---- changing scores ----

async function lockMark(tx: DbOrTx, ctx: RequestContext, examId: number, attemptId: number, questionId: number) {
  const am = attemptMarks;
  const [m] = await tx
    .select({ max: am.max, score: am.score, markerId: am.markerId, status: examAttempts.status })
    .from(am)
    .innerJoin(examAttempts, sameOrg(examAttempts, am, [eq(examAttempts.id, am.attemptId)]))
    .where(inOrg(am, ctx.orgId, [eq(am.examId, examId), eq(am.attemptId, attemptId), eq(am.questionId, questionId)]))
    .for('update', { of: am });
  if (!m) {
    const [t] = await tx
      .select({ status: examAttempts.status })
      .from(examAttempts)
      .where(inOrg(examAttempts, ctx.orgId, [eq(examAttempts.examId, examId), eq(examAttempts.id, attemptId)]));
    if (!t) throw notFound('Attempt');
    if (t.status === PaperStatus.Answering) throw businessError('notMarkable');
    throw invalidParams('questionId', 'questionNotInPaper', { id: questionId });
  }
  return m;
}

export const thisMark = (orgId: number, attemptId: number, questionId: number) =>
  inOrg(attemptMarks, orgId, [eq(attemptMarks.attemptId, attemptId), eq(attemptMarks.questionId, questionId)]);

function checkScore(score: number, max: number) {
  if (score > max + 1e-9) throw invalidParams('score', 'tooBig', { max });
}

export async function audit(
  tx: DbOrTx,
  orgId: number,
  userId: number | null,
  entries: {
    examId: number;
    attemptId: number;
    questionId: number | null;
    kind: ScoreChangeKind;
    from: number | null;
    to: number | null;
    reason: string;
  }[],
) {
  for (let i = 0; i < entries.length; i += 500) {
    await tx.insert(scoreChanges).values(
      entries.slice(i, i + 500).map((e) => ({
        organizationId: orgId,
        examId: e.examId,
        attemptId: e.attemptId,
        questionId: e.questionId,
        kind: e.kind,
        fromScore: e.from,
        toScore: e.to,
        reason: e.reason,
        userId,
      })),
    );
  }
}

async function markResult(ctx: RequestContext, tx: DbOrTx, examId: number, attemptId: number, questionId: number) {
  const [row] = await markRows(
    tx,
    ctx.orgId,
    examId,
    and(eq(attemptMarks.attemptId, attemptId), eq(attemptMarks.questionId, questionId)),
  );
  const [t] = await tx
    .select({ score: examAttempts.score, pending: examAttempts.pendingCount })
    .from(examAttempts)
    .where(inOrg(examAttempts, ctx.orgId, [eq(examAttempts.id, attemptId)]));
  return {
    item: toItem(row!, false),
    attemptScore: t?.score ?? 0,
    attemptPending: t?.pending ?? 0,
  };
}

type LockedMark = Awaited<ReturnType<typeof lockMark>>;
type MarkKey = { examId: number; attemptId: number; questionId: number; score: number };

// A mark and its review change one score alike: the marker's right to the question, the locks, the
// audit of a changed score and the attempt's totals; `write` checks and writes the mark itself.
async function changeMark(
  ctx: RequestContext,
  req: MarkKey,
  write: (tx: DbOrTx, m: LockedMark) => Promise<{ kind: ScoreChangeKind; reason: string }>,
) {
  const exam = await examForMarking(ctx, req.examId);
  if (exam.confirmedAt) throw businessError('scoresConfirmed');
  if (!mayMarkQuestion(exam, req.questionId)) throw forbidden('notYourQuestion');
  return ctx.db.transaction(async (tx) => {
    await lockConfirmation(tx, ctx.orgId, req.examId);
    const m = await lockMark(tx, ctx, req.examId, req.attemptId, req.questionId);
    const { kind, reason } = await write(tx, m);
    if (m.score !== req.score) {
      await audit(tx, ctx.orgId, ctx.userId, [
        {
          examId: req.examId,
          attemptId: req.attemptId,
          questionId: req.questionId,
          kind,
          from: m.score,
          to: req.score,
          reason,
        },
      ]);
    }
    await refreshAttempts(tx, ctx.orgId, [req.attemptId]);
    return markResult(ctx, tx, req.examId, req.attemptId, req.questionId);
  });
}

export const mark = (ctx: RequestContext, req: z.output<typeof zMarkRequest>) =>
  changeMark(ctx, req, async (tx, m) => {
    checkScore(req.score, m.max);
    await tx
      .update(attemptMarks)
      .set({
        score: req.score,
        comment: req.comment,
        markingFlag: MarkingFlag.Marked,
        markerId: ctx.userId,
        markedAt: sql`now()`,
        reviewFlag: ReviewFlag.NotReviewed,
        reviewerId: null,
        reviewedAt: null,
      })
      .where(thisMark(ctx.orgId, req.attemptId, req.questionId));
    return { kind: ScoreChangeKind.Manual, reason: req.comment.slice(0, 500) };
  });

export const reviewMark = (ctx: RequestContext, req: z.output<typeof zReviewMarkRequest>) =>
  changeMark(ctx, req, async (tx, m) => {
    if (m.markerId === null) throw businessError('notHandMarked');
    if (m.markerId === ctx.userId) throw businessError('ownReview');
    checkScore(req.score, m.max);
    if (m.score !== req.score && !req.reason) throw invalidParams('reason', 'reviewReason');
    await tx
      .update(attemptMarks)
      .set({
        score: req.score,
        // An empty comment keeps the marker's.
        ...(req.comment === '' ? {} : { comment: req.comment }),
        reviewFlag: ReviewFlag.Reviewed,
        reviewerId: ctx.userId,
        reviewedAt: sql`now()`,
      })
      .where(thisMark(ctx.orgId, req.attemptId, req.questionId));
    return { kind: ScoreChangeKind.Review, reason: req.reason };
  });

// Confirmation and a score change exclude each other: both take the exam row, the change then
// re-reads that the scores are still open.
export async function lockConfirmation(tx: DbOrTx, orgId: number, examId: number) {
  const [e] = await tx
    .select({ confirmedAt: exams.scoresConfirmedAt })
    .from(exams)
    .where(inOrg(exams, orgId, [eq(exams.id, examId)]))
    .for('share');
  if (e?.confirmedAt) throw businessError('scoresConfirmed');
}

export async function scoreHistory(ctx: RequestContext, req: z.output<typeof zScoreHistoryRequest>) {
  await examForMarking(ctx, req.examId);
  const c = scoreChanges;
  const where = inOrg(c, ctx.orgId, [
    eq(c.examId, req.examId),
    req.attemptId ? eq(c.attemptId, req.attemptId) : undefined,
    req.questionId ? eq(c.questionId, req.questionId) : undefined,
  ]);
  const n = numbered(ctx.db, ctx.orgId, req.examId);
  const [[total], list] = await Promise.all([
    ctx.db.select({ n: count() }).from(c).where(where),
    ctx.db
      .select({
        id: c.id,
        attemptId: c.attemptId,
        no: n.no,
        questionId: c.questionId,
        kind: c.kind,
        from: c.fromScore,
        to: c.toScore,
        reason: c.reason,
        userName: sql<string | null>`coalesce(${users.realName}, ${users.userName})`,
        at: c.at,
      })
      .from(c)
      .innerJoin(n, eq(n.id, c.attemptId))
      .leftJoin(users, sameOrg(users, c, [eq(users.id, c.userId)]))
      .where(where)
      .orderBy(desc(c.id))
      .limit(req.pageSize)
      .offset(pageOffset(req)),
  ]);
  return pageOf(
    list.map((r) => ({
      id: r.id,
      attemptId: r.attemptId,
      code: codeOf(r.no),
      questionId: r.questionId,
      kind: r.kind as 1,
      from: r.from,
      to: r.to,
      reason: r.reason ?? '',
      userName: r.userName ?? null,
      at: iso(r.at)!,
    })),
    total?.n ?? 0,
    req,
  );
}

export { paperItems, QueryStatus };
