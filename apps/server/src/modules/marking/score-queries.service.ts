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
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { businessError, forbidden, invalidParams, notFound } from '../../platform/errors';
import { rows } from '../../platform/sql-rows';
import { examAttempts } from '../exam/attempt.table';
import { users } from '../user/user.table';
import { audit, lockConfirmation } from './marking.service';
import { attemptMarks, scoreQueries } from './marking.table';
import { refreshAttempts } from './marking-engine';
import { codeOf, examForMarking, examQuestions, mayMarkQuestion, numbered } from './marking-scope';
import { myAttempt } from './my-scores.service';
import { iso, num } from './score-shared';

// Exam scores, confirmation, the analysis report, statistics, and the students' side (decision 38).

// Queries on marks: a student asks, a teacher answers (decision 38).

// ---- queries on marks ----

function toQuery(r: Record<string, unknown>) {
  return {
    id: Number(r.id),
    attemptId: Number(r.attempt_id),
    code: codeOf(r.no ?? 0),
    realName: (r.real_name as string | null) ?? null,
    questionId: Number(r.question_id),
    no: Number(r.qno ?? 0),
    text: String(r.text),
    status: Number(r.status) as 1,
    reply: (r.reply as string | null) ?? null,
    score: num(r.score),
    max: Number(r.max ?? 0),
    createTime: iso(r.create_time as string)!,
    repliedAt: iso(r.replied_at as string | null),
  };
}

const querySelect = (orgId: number, examId: number) => sql`select q.id, q.attempt_id, n.no, u.real_name, q.question_id,
    q.text, q.status, q.reply, am.score, am.max, q.create_time, q.replied_at
  from ${scoreQueries} q join ${numbered(orgId, examId)} n on n.id = q.attempt_id
  join ${examAttempts} t on t.organization_id = q.organization_id and t.id = q.attempt_id
  join ${users} u on u.organization_id = t.organization_id and u.id = t.user_id
  left join ${attemptMarks} am on am.organization_id = q.organization_id and am.attempt_id = q.attempt_id
    and am.question_id = q.question_id
  where q.organization_id = ${orgId} and q.exam_id = ${examId}`;

async function withNumbers(db: DbOrTx, orgId: number, examId: number, list: Record<string, unknown>[]) {
  const nos = new Map((await examQuestions(db, orgId, examId)).map((q) => [q.questionId, q.no]));
  return list.map((r) => toQuery({ ...r, qno: nos.get(Number(r.question_id)) ?? 0 }));
}

export async function myQuery(ctx: RequestContext, req: z.output<typeof zQueryRequest>) {
  const { t, visible } = await myAttempt(ctx, req.examId);
  if (!visible) throw businessError('scoresNotShown');
  const id = await ctx.db.transaction(async (tx) => {
    const [m] = await rows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from ${attemptMarks} where organization_id = ${ctx.orgId} and attempt_id = ${t.id}
        and question_id = ${req.questionId}`,
    );
    if (!Number(m?.n)) throw invalidParams('questionId', 'questionNotInPaper', { id: req.questionId });
    const [open] = await rows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from ${scoreQueries} where organization_id = ${ctx.orgId} and attempt_id = ${t.id}
        and question_id = ${req.questionId} and status = ${QueryStatus.Open}`,
    );
    if (Number(open?.n)) throw businessError('queryOpen');
    const [row] = await tx
      .insert(scoreQueries)
      .values({
        organizationId: ctx.orgId,
        examId: req.examId,
        attemptId: Number(t.id),
        questionId: req.questionId,
        text: req.text,
      })
      .returning({ id: scoreQueries.id });
    return row.id;
  });
  const list = await rows<Record<string, unknown>>(ctx.db, sql`${querySelect(ctx.orgId, req.examId)} and q.id = ${id}`);
  const [q] = await withNumbers(ctx.db, ctx.orgId, req.examId, list);
  return { ...q, realName: null };
}

export async function listQueries(ctx: RequestContext, req: z.output<typeof zQueriesRequest>) {
  await examForMarking(ctx, req.examId);
  const filter = req.status ? sql`and q.status = ${req.status}` : sql``;
  const [[count], list] = await Promise.all([
    rows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from ${scoreQueries} q where q.organization_id = ${ctx.orgId}
        and q.exam_id = ${req.examId} ${filter}`,
    ),
    rows<Record<string, unknown>>(
      ctx.db,
      sql`${querySelect(ctx.orgId, req.examId)} ${filter} order by q.status, q.id desc
        limit ${req.pageSize} offset ${pageOffset(req)}`,
    ),
  ]);
  return pageOf(await withNumbers(ctx.db, ctx.orgId, req.examId, list), Number(count?.n ?? 0), req);
}

export async function answerQuery(ctx: RequestContext, req: z.output<typeof zAnswerQueryRequest>) {
  const exam = await examForMarking(ctx, req.examId);
  if (req.score !== undefined && exam.confirmedAt) throw businessError('scoresConfirmed');
  await ctx.db.transaction(async (tx) => {
    const [q] = await rows<{ attempt_id: number; question_id: number; score: number | null; max: number }>(
      tx,
      sql`select q.attempt_id, q.question_id, am.score, am.max from ${scoreQueries} q
        join ${attemptMarks} am on am.organization_id = q.organization_id and am.attempt_id = q.attempt_id
          and am.question_id = q.question_id
        where q.organization_id = ${ctx.orgId} and q.exam_id = ${req.examId} and q.id = ${req.queryId} for update of q`,
    );
    if (!q) throw notFound('Query');
    if (req.score !== undefined) {
      // The same rule as `mark`: with markers assigned, only the question's own markers (or the owner).
      if (!mayMarkQuestion(exam, Number(q.question_id))) throw forbidden('notYourQuestion');
      await lockConfirmation(tx, ctx.orgId, req.examId);
      if (req.score > Number(q.max) + 1e-9) throw invalidParams('score', 'tooBig', { max: Number(q.max) });
      await tx.execute(
        sql`update ${attemptMarks} set score = ${req.score}, marking_flag = ${MarkingFlag.Marked},
            marker_id = coalesce(marker_id, ${ctx.userId}), marked_at = coalesce(marked_at, now())
          where organization_id = ${ctx.orgId} and attempt_id = ${q.attempt_id} and question_id = ${q.question_id}`,
      );
      if (num(q.score) !== req.score) {
        await audit(tx, ctx.orgId, ctx.userId, [
          {
            examId: req.examId,
            attemptId: Number(q.attempt_id),
            questionId: Number(q.question_id),
            kind: ScoreChangeKind.Query,
            from: num(q.score),
            to: req.score,
            reason: req.reply.slice(0, 500),
          },
        ]);
      }
      await refreshAttempts(tx, ctx.orgId, [Number(q.attempt_id)]);
    }
    await tx.execute(
      sql`update ${scoreQueries} set status = ${QueryStatus.Answered}, reply = ${req.reply}, replied_by = ${ctx.userId},
          replied_at = now() where organization_id = ${ctx.orgId} and id = ${req.queryId}`,
    );
  });
  const list = await rows<Record<string, unknown>>(
    ctx.db,
    sql`${querySelect(ctx.orgId, req.examId)} and q.id = ${req.queryId}`,
  );
  const [q] = await withNumbers(ctx.db, ctx.orgId, req.examId, list);
  return q;
}
