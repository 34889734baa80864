import { AnswerStatus, MessageAssociation, PaperStatus, ShowScore, type zConfirmRequest } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import { businessError } from '../../platform/errors';
import { rows } from '../../platform/sql-rows';
import { examAttempts } from '../exam/attempt.table';
import { exams } from '../exam/exam.table';
import { sendNotice } from '../message/message-delivery';
import { updateQuestionStatistics } from './analysis.service';
import { examForMarking } from './marking-scope';
import { iso } from './score-shared';

// Exam scores, confirmation, the analysis report, statistics, and the students' side (decision 38).

// Confirming an exam's scores, and reopening them (decision 38).

// ---- confirmation ----

export async function confirmScores(ctx: RequestContext, req: z.output<typeof zConfirmRequest>) {
  await examForMarking(ctx, req.examId);
  return ctx.db.transaction(async (tx) => {
    const [e] = await rows<{ scores_confirmed_at: string | null }>(
      tx,
      sql`select scores_confirmed_at from ${exams} where organization_id = ${ctx.orgId} and id = ${req.examId} for update`,
    );
    if (e?.scores_confirmed_at) throw businessError('scoresConfirmed');
    const [open] = await rows<{ answering: number; pending: number }>(
      tx,
      sql`select count(*) filter (where status = ${PaperStatus.Answering})::int as answering,
          coalesce(sum(pending_count) filter (where status <> ${PaperStatus.Answering}), 0)::int as pending
        from ${examAttempts} where organization_id = ${ctx.orgId} and exam_id = ${req.examId}`,
    );
    if (Number(open?.answering ?? 0) > 0) throw businessError('notMarkable');
    const pending = Number(open?.pending ?? 0);
    if (pending > 0 && !req.force) throw businessError('pendingMarks', { count: pending });
    // Unmarked attempts (the job has not run yet) are marked now, so every confirmed score exists.
    const unmarked = await rows<{ id: number }>(
      tx,
      sql`select id from ${examAttempts} where organization_id = ${ctx.orgId} and exam_id = ${req.examId}
        and marked_at is null and status <> ${PaperStatus.Answering}`,
    );
    if (unmarked.length) {
      const { markAttempt } = await import('./marking-engine');
      for (const u of unmarked) await markAttempt(tx, ctx.orgId, Number(u.id));
    }
    const updated = await rows<{ id: number }>(
      tx,
      sql`update ${examAttempts} set answer_status = ${AnswerStatus.Confirmed}
        where organization_id = ${ctx.orgId} and exam_id = ${req.examId} and status <> ${PaperStatus.Answering}
        returning id`,
    );
    const [c] = await rows<{ at: string }>(
      tx,
      sql`update ${exams} set scores_confirmed_at = now(), scores_confirmed_by = ${ctx.userId}
        where organization_id = ${ctx.orgId} and id = ${req.examId} returning scores_confirmed_at as at`,
    );
    await updateQuestionStatistics(tx, ctx.orgId, req.examId);
    // Candidates hear their scores are out, when the exam shows scores at all.
    const [shown] = await rows<{ name: string; show: boolean }>(
      tx,
      sql`select name, show_score <> ${sql.raw(String(ShowScore.Never))} and not homework as show
        from ${exams} where organization_id = ${ctx.orgId} and id = ${req.examId}`,
    );
    if (shown?.show) {
      await sendNotice(tx, ctx.orgId, {
        kind: 'scoresReleased',
        params: { name: shown.name },
        about: { type: MessageAssociation.Exam, id: req.examId },
        to: sql`select distinct user_id as id from ${examAttempts} where organization_id = ${ctx.orgId}
          and exam_id = ${req.examId} and status <> ${PaperStatus.Answering}`,
      });
    }
    return { confirmedAt: iso(c?.at), attempts: updated.length, pending };
  });
}

export async function unconfirmScores(ctx: RequestContext, examId: number) {
  await examForMarking(ctx, examId);
  return ctx.db.transaction(async (tx) => {
    await tx.execute(
      sql`update ${exams} set scores_confirmed_at = null, scores_confirmed_by = null
        where organization_id = ${ctx.orgId} and id = ${examId}`,
    );
    const updated = await rows<{ id: number }>(
      tx,
      sql`update ${examAttempts} set answer_status = ${AnswerStatus.NotConfirmed}
        where organization_id = ${ctx.orgId} and exam_id = ${examId} and answer_status = ${AnswerStatus.Confirmed}
        returning id`,
    );
    return { confirmedAt: null, attempts: updated.length, pending: 0 };
  });
}
