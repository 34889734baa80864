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
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { businessError, forbidden, invalidParams, notFound } from '../../platform/errors';
import { rows } from '../../platform/sql-rows';
import { examAttempts } from '../exam/attempt.table';
import { exams } from '../exam/exam.table';
import { users } from '../user/user.table';
import { type MarkRow, markSelect, toItem } from './mark-view.service';
import { attemptMarks, scoreChanges } from './marking.table';
import { paperItems, refreshAttempts } from './marking-engine';
import { codeOf, examForMarking, mayMarkQuestion, numbered } from './marking-scope';
import { iso, num } from './score-shared';

// Marking (answer/index, /answer/list, /answer/edit, /answer/read, /answer/print).

// Changing scores: a mark, its review, the audit of every change and its history. The exams'
// progress and marker assignment are in marking-progress.service.ts, the answers as a marker
// sees them in mark-view.service.ts.

// ---- changing scores ----

interface Locked {
  max: number;
  score: number | null;
  marker_id: number | null;
  status: number;
}

async function lockMark(tx: DbOrTx, ctx: RequestContext, examId: number, attemptId: number, questionId: number) {
  const [m] = await rows<Locked & Record<string, unknown>>(
    tx,
    sql`select am.max, am.score, am.marker_id, t.status from ${attemptMarks} am
      join ${examAttempts} t on t.organization_id = am.organization_id and t.id = am.attempt_id
      where am.organization_id = ${ctx.orgId} and am.exam_id = ${examId} and am.attempt_id = ${attemptId}
        and am.question_id = ${questionId} for update of am`,
  );
  if (!m) {
    const [t] = await rows<{ status: number }>(
      tx,
      sql`select status from ${examAttempts} where organization_id = ${ctx.orgId} and exam_id = ${examId}
        and id = ${attemptId}`,
    );
    if (!t) throw notFound('Attempt');
    if (Number(t.status) === PaperStatus.Answering) throw businessError('notMarkable');
    throw invalidParams('questionId', 'questionNotInPaper', { id: questionId });
  }
  return m;
}

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
  const [row] = await rows<MarkRow>(
    tx,
    sql`${markSelect(ctx.orgId, examId)} and am.attempt_id = ${attemptId} and am.question_id = ${questionId}`,
  );
  const [t] = await rows<{ score: number | null; pending_count: number }>(
    tx,
    sql`select score, pending_count from ${examAttempts} where organization_id = ${ctx.orgId} and id = ${attemptId}`,
  );
  return {
    item: toItem(row, false),
    attemptScore: Number(t?.score ?? 0),
    attemptPending: Number(t?.pending_count ?? 0),
  };
}

export async function mark(ctx: RequestContext, req: z.output<typeof zMarkRequest>) {
  const exam = await examForMarking(ctx, req.examId);
  if (exam.confirmedAt) throw businessError('scoresConfirmed');
  if (!mayMarkQuestion(exam, req.questionId)) throw forbidden('notYourQuestion');
  return ctx.db.transaction(async (tx) => {
    await lockConfirmation(tx, ctx.orgId, req.examId);
    const m = await lockMark(tx, ctx, req.examId, req.attemptId, req.questionId);
    checkScore(req.score, Number(m.max));
    await tx.execute(
      sql`update ${attemptMarks} set score = ${req.score}, comment = ${req.comment},
          marking_flag = ${MarkingFlag.Marked}, marker_id = ${ctx.userId}, marked_at = now(),
          review_flag = ${ReviewFlag.NotReviewed}, reviewer_id = null, reviewed_at = null
        where organization_id = ${ctx.orgId} and attempt_id = ${req.attemptId} and question_id = ${req.questionId}`,
    );
    const from = num(m.score);
    if (from !== req.score) {
      await audit(tx, ctx.orgId, ctx.userId, [
        {
          examId: req.examId,
          attemptId: req.attemptId,
          questionId: req.questionId,
          kind: ScoreChangeKind.Manual,
          from,
          to: req.score,
          reason: req.comment.slice(0, 500),
        },
      ]);
    }
    await refreshAttempts(tx, ctx.orgId, [req.attemptId]);
    return markResult(ctx, tx, req.examId, req.attemptId, req.questionId);
  });
}

export async function reviewMark(ctx: RequestContext, req: z.output<typeof zReviewMarkRequest>) {
  const exam = await examForMarking(ctx, req.examId);
  if (exam.confirmedAt) throw businessError('scoresConfirmed');
  if (!mayMarkQuestion(exam, req.questionId)) throw forbidden('notYourQuestion');
  return ctx.db.transaction(async (tx) => {
    await lockConfirmation(tx, ctx.orgId, req.examId);
    const m = await lockMark(tx, ctx, req.examId, req.attemptId, req.questionId);
    if (m.marker_id === null) throw businessError('notHandMarked');
    if (Number(m.marker_id) === ctx.userId) throw businessError('ownReview');
    checkScore(req.score, Number(m.max));
    const from = num(m.score);
    if (from !== req.score && !req.reason) throw invalidParams('reason', 'reviewReason');
    await tx.execute(
      sql`update ${attemptMarks} set score = ${req.score},
          comment = case when ${req.comment} = '' then comment else ${req.comment} end,
          review_flag = ${ReviewFlag.Reviewed}, reviewer_id = ${ctx.userId}, reviewed_at = now()
        where organization_id = ${ctx.orgId} and attempt_id = ${req.attemptId} and question_id = ${req.questionId}`,
    );
    if (from !== req.score) {
      await audit(tx, ctx.orgId, ctx.userId, [
        {
          examId: req.examId,
          attemptId: req.attemptId,
          questionId: req.questionId,
          kind: ScoreChangeKind.Review,
          from,
          to: req.score,
          reason: req.reason,
        },
      ]);
    }
    await refreshAttempts(tx, ctx.orgId, [req.attemptId]);
    return markResult(ctx, tx, req.examId, req.attemptId, req.questionId);
  });
}

// Confirmation and a score change exclude each other: both take the exam row, the change then
// re-reads that the scores are still open.
export async function lockConfirmation(tx: DbOrTx, orgId: number, examId: number) {
  const [e] = await rows<{ scores_confirmed_at: string | null }>(
    tx,
    sql`select scores_confirmed_at from ${exams} where organization_id = ${orgId} and id = ${examId} for share`,
  );
  if (e?.scores_confirmed_at) throw businessError('scoresConfirmed');
}

export async function scoreHistory(ctx: RequestContext, req: z.output<typeof zScoreHistoryRequest>) {
  await examForMarking(ctx, req.examId);
  const where: SQL = sql.join(
    [
      sql`c.organization_id = ${ctx.orgId} and c.exam_id = ${req.examId}`,
      req.attemptId ? sql`c.attempt_id = ${req.attemptId}` : sql`true`,
      req.questionId ? sql`c.question_id = ${req.questionId}` : sql`true`,
    ],
    sql` and `,
  );
  const [[count], list] = await Promise.all([
    rows<{ n: number }>(ctx.db, sql`select count(*)::int as n from ${scoreChanges} c where ${where}`),
    rows<Record<string, unknown>>(
      ctx.db,
      sql`select c.id, c.attempt_id, n.no, c.question_id, c.kind, c.from_score, c.to_score, c.reason,
          coalesce(u.real_name, u.user_name) as user_name, c.create_time
        from ${scoreChanges} c join ${numbered(ctx.orgId, req.examId)} n on n.id = c.attempt_id
        left join ${users} u on u.organization_id = c.organization_id and u.id = c.user_id
        where ${where} order by c.id desc limit ${req.pageSize} offset ${pageOffset(req)}`,
    ),
  ]);
  return pageOf(
    list.map((r) => ({
      id: Number(r.id),
      attemptId: Number(r.attempt_id),
      code: codeOf(r.no),
      questionId: num(r.question_id),
      kind: Number(r.kind) as 1,
      from: num(r.from_score),
      to: num(r.to_score),
      reason: String(r.reason ?? ''),
      userName: (r.user_name as string | null) ?? null,
      at: iso(r.create_time as string)!,
    })),
    Number(count?.n ?? 0),
    req,
  );
}

export { paperItems, QueryStatus };
