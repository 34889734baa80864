import { type RegradeResult, ScoreChangeKind, type StudentAnswer, type zRegradeRequest } from '@lyceum/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { businessError, invalidParams } from '../../platform/errors';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
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
  const am = attemptMarks;
  const t = examAttempts;
  const aa = attemptAnswers;
  const n = numbered(db, ctx.orgId, examId);
  const list = await db
    .select({
      attemptId: am.attemptId,
      no: n.no,
      realName: users.realName,
      answer: aa.answer,
      max: am.max,
      score: am.score,
      markerId: am.markerId,
      markingFlag: am.markingFlag,
      attemptScore: t.score,
      // The question's score on this student's paper.
      itemScore: sql<number | null>`(select (it->>'score')::float8 from jsonb_array_elements(${t.paper}->'sections') s,
           jsonb_array_elements(s->'items') it where (it->>'questionId')::bigint = ${am.questionId} limit 1)`,
    })
    .from(am)
    .innerJoin(n, eq(n.id, am.attemptId))
    .innerJoin(t, sameOrg(t, am, [eq(t.id, am.attemptId)]))
    .innerJoin(users, sameOrg(users, t, [eq(users.id, t.userId)]))
    .leftJoin(aa, sameOrg(aa, am, [eq(aa.attemptId, am.attemptId), eq(aa.questionId, am.questionId)]))
    .where(inOrg(am, ctx.orgId, [eq(am.examId, examId), eq(am.questionId, questionId)]))
    .orderBy(asc(n.no));
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
    // Stored as the contract's shape (jsonb).
    const answer = (r.answer ?? null) as StudentAnswer;
    const m = scorerOf(Number(r.itemScore ?? q.max))(answer);
    const handMarked = r.markerId !== null && m.manual;
    const toRaw = handMarked ? Math.min(r.score ?? 0, m.max) : m.score;
    const fromRaw = r.score;
    maxFrom = Math.max(maxFrom, r.max);
    maxTo = Math.max(maxTo, m.max);
    const totalFrom = r.attemptScore ?? 0;
    return {
      attemptId: r.attemptId,
      code: codeOf(r.no),
      realName: r.realName,
      answer,
      from: fromRaw ?? 0,
      to: toRaw ?? 0,
      fromRaw,
      toRaw,
      maxTo: m.max,
      autoTo: m.autoScore,
      parts: m.parts,
      manualTo: m.manual,
      markingFlagTo: handMarked ? r.markingFlag : m.manual ? 1 : 3,
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
      await tx
        .delete(examAdjustments)
        .where(
          inOrg(examAdjustments, ctx.orgId, [
            eq(examAdjustments.examId, req.examId),
            eq(examAdjustments.questionId, req.questionId),
          ]),
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
      // Raw: one statement updates every answer from a JSON recordset.
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
