import { type RegradeResult, ScoreChangeKind, type StudentAnswer, type zRegradeRequest } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { businessError, invalidParams } from '../../platform/errors';
import { rows } from '../../platform/sql-rows';
import { attemptAnswers, examAttempts } from '../exam/attempt.table';
import { users } from '../user/user.table';
import { audit, lockConfirmation } from './marking.service';
import { attemptMarks, examAdjustments } from './marking.table';
import {
  type Adjustment,
  adjustedQuestion,
  adjustmentsOf,
  refreshAttempts,
  type ScoreFn,
  scorerFor,
} from './marking-engine';
import { codeOf, examForMarking, examQuestions, numbered, requireOwner } from './marking-scope';

// Regrading after the exam (decision 38): a changed key, a question thrown out, or the change undone.
// The preview and the applied change are the same computation (`plan`); applying runs it again
// inside the transaction that writes it, so what is written is what the preview showed unless a
// mark changed in between. Scores a teacher gave to hand-judged answers stay; every change is audited.

interface PlanRow {
  attemptId: number;
  code: string;
  realName: string | null;
  answer: StudentAnswer;
  from: number;
  to: number;
  fromRaw: number | null;
  toRaw: number | null;
  maxTo: number;
  autoTo: number;
  parts: unknown;
  manualTo: boolean;
  markingFlagTo: number;
  totalFrom: number;
  totalTo: number;
  keptManual: boolean;
}

async function plan(db: DbOrTx, ctx: RequestContext, examId: number, questionId: number, next: Adjustment | null) {
  const questions = await examQuestions(db, ctx.orgId, examId);
  const q = questions.find((x) => x.questionId === questionId);
  if (!q) throw invalidParams('questionId', 'questionNotInPaper', { id: questionId });
  const list = await rows<{
    attempt_id: number;
    no: number;
    real_name: string | null;
    answer: StudentAnswer;
    max: number;
    score: number | null;
    marker_id: number | null;
    marking_flag: number;
    attempt_score: number | null;
    item_score: number | null;
  }>(
    db,
    sql`select am.attempt_id, n.no, u.real_name, aa.answer, am.max, am.score, am.marker_id, am.marking_flag,
        t.score as attempt_score,
        (select (it->>'score')::float8 from jsonb_array_elements(t.paper->'sections') s,
           jsonb_array_elements(s->'items') it where (it->>'questionId')::bigint = am.question_id limit 1) as item_score
      from ${attemptMarks} am
      join ${numbered(ctx.orgId, examId)} n on n.id = am.attempt_id
      join ${examAttempts} t on t.organization_id = am.organization_id and t.id = am.attempt_id
      join ${users} u on u.organization_id = t.organization_id and u.id = t.user_id
      left join ${attemptAnswers} aa on aa.organization_id = am.organization_id and aa.attempt_id = am.attempt_id
        and aa.question_id = am.question_id
      where am.organization_id = ${ctx.orgId} and am.exam_id = ${examId} and am.question_id = ${questionId}
      order by n.no`,
  );
  const scorers = new Map<number, ScoreFn>();
  const scorerOf = (score: number) => {
    let f = scorers.get(score);
    if (!f) {
      f = scorerFor({ score }, q.question, next);
      scorers.set(score, f);
    }
    return f;
  };
  let maxFrom = 0;
  let maxTo = 0;
  const out: PlanRow[] = list.map((r) => {
    const m = scorerOf(Number(r.item_score ?? q.max))(r.answer ?? null);
    const handMarked = r.marker_id !== null && m.manual;
    const toRaw = handMarked ? Math.min(Number(r.score ?? 0), m.max) : m.score;
    const fromRaw = r.score === null ? null : Number(r.score);
    maxFrom = Math.max(maxFrom, Number(r.max));
    maxTo = Math.max(maxTo, m.max);
    const totalFrom = Number(r.attempt_score ?? 0);
    return {
      attemptId: Number(r.attempt_id),
      code: codeOf(r.no),
      realName: r.real_name,
      answer: r.answer ?? null,
      from: fromRaw ?? 0,
      to: toRaw ?? 0,
      fromRaw,
      toRaw,
      maxTo: m.max,
      autoTo: m.autoScore,
      parts: m.parts,
      manualTo: m.manual,
      markingFlagTo: handMarked ? Number(r.marking_flag) : m.manual ? 1 : 3,
      totalFrom,
      totalTo: Math.round((totalFrom - (fromRaw ?? 0) + (toRaw ?? 0)) * 100) / 100,
      keptManual: handMarked,
    };
  });
  return { rows: out, maxFrom, maxTo };
}

export async function regrade(ctx: RequestContext, req: z.output<typeof zRegradeRequest>): Promise<RegradeResult> {
  const exam = await examForMarking(ctx, req.examId);
  requireOwner(ctx, exam);
  if (req.apply && exam.confirmedAt) throw businessError('scoresConfirmed');
  const current = (await adjustmentsOf(ctx.db, ctx.orgId, req.examId)).get(req.questionId) ?? null;
  let next: Adjustment | null;
  const change = req.change;
  if (change.kind === 'key') {
    const q = (await examQuestions(ctx.db, ctx.orgId, req.examId)).find((x) => x.questionId === req.questionId);
    if (!q) throw invalidParams('questionId', 'questionNotInPaper', { id: req.questionId });
    adjustedQuestion(q.question, change.key);
    next = { key: change.key, throwOut: null };
  } else if (change.kind === 'throwOut') {
    next = { key: current?.key ?? null, throwOut: change.mode };
  } else {
    next = null;
  }
  const summarise = (p: Awaited<ReturnType<typeof plan>>, applied: boolean): RegradeResult => {
    const changed = p.rows.filter((r) => r.fromRaw !== r.toRaw || r.maxTo !== p.maxFrom);
    return {
      applied,
      affected: p.rows.length,
      changed: changed.length,
      maxFrom: p.maxFrom,
      maxTo: p.maxTo,
      keptManual: p.rows.filter((r) => r.keptManual).length,
      rows: changed.map((r) => ({
        attemptId: r.attemptId,
        code: r.code,
        realName: r.realName,
        answer: r.answer,
        from: r.from,
        to: r.to,
        totalFrom: r.totalFrom,
        totalTo: r.totalTo,
      })),
    };
  };
  if (!req.apply) return summarise(await plan(ctx.db, ctx, req.examId, req.questionId, next), false);
  return ctx.db.transaction(async (tx) => {
    await lockConfirmation(tx, ctx.orgId, req.examId);
    if (next) {
      await tx
        .insert(examAdjustments)
        .values({
          organizationId: ctx.orgId,
          examId: req.examId,
          questionId: req.questionId,
          key: next.key,
          throwOut: next.throwOut,
          reason: req.reason,
          userId: ctx.userId,
        })
        .onConflictDoUpdate({
          target: [examAdjustments.organizationId, examAdjustments.examId, examAdjustments.questionId],
          set: {
            key: next.key,
            throwOut: next.throwOut,
            reason: req.reason,
            userId: ctx.userId,
            createTime: new Date(),
          },
        });
    } else {
      await tx.execute(
        sql`delete from ${examAdjustments} where organization_id = ${ctx.orgId} and exam_id = ${req.examId}
          and question_id = ${req.questionId}`,
      );
    }
    const p = await plan(tx, ctx, req.examId, req.questionId, next);
    if (p.rows.length) {
      const data = JSON.stringify(
        p.rows.map((r) => ({
          attempt_id: r.attemptId,
          max: r.maxTo,
          auto_score: r.autoTo,
          score: r.toRaw,
          parts: r.parts,
          manual: r.manualTo,
          marking_flag: r.markingFlagTo,
        })),
      );
      await tx.execute(
        sql`update ${attemptMarks} am set max = x.max, auto_score = x.auto_score, score = x.score, parts = x.parts,
            manual = x.manual, marking_flag = x.marking_flag
          from jsonb_to_recordset(${data}::jsonb) as x(attempt_id bigint, max float8, auto_score float8, score float8,
            parts jsonb, manual boolean, marking_flag smallint)
          where am.organization_id = ${ctx.orgId} and am.attempt_id = x.attempt_id and am.question_id = ${req.questionId}`,
      );
      const kind = change.kind === 'throwOut' ? ScoreChangeKind.ThrowOut : ScoreChangeKind.Regrade;
      await audit(
        tx,
        ctx.orgId,
        ctx.userId,
        p.rows
          .filter((r) => r.fromRaw !== r.toRaw)
          .map((r) => ({
            examId: req.examId,
            attemptId: r.attemptId,
            questionId: req.questionId,
            kind,
            from: r.fromRaw,
            to: r.toRaw,
            reason: req.reason,
          })),
      );
      await refreshAttempts(
        tx,
        ctx.orgId,
        p.rows.map((r) => r.attemptId),
      );
    }
    return summarise(p, true);
  });
}
