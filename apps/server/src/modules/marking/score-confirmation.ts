import { AnswerStatus, MessageAssociation, PaperStatus, ShowScore, type zConfirmRequest } from '@lyceum/contract';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import { businessError } from '../../platform/errors';
import { inOrg } from '../../platform/tenant-sql';
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
    const thisExam = inOrg(exams, ctx.orgId, [eq(exams.id, req.examId)]);
    const itsAttempts = inOrg(examAttempts, ctx.orgId, [eq(examAttempts.examId, req.examId)]);
    const ended = ne(examAttempts.status, PaperStatus.Answering);
    const [e] = await tx.select({ confirmedAt: exams.scoresConfirmedAt }).from(exams).where(thisExam).for('update');
    if (e?.confirmedAt) throw businessError('scoresConfirmed');
    const [open] = await tx
      .select({
        answering: sql<number>`count(*) filter (where ${examAttempts.status} = ${PaperStatus.Answering})`.mapWith(
          Number,
        ),
        pending: sql<number>`coalesce(sum(${examAttempts.pendingCount}) filter (where ${ended}), 0)`.mapWith(Number),
      })
      .from(examAttempts)
      .where(itsAttempts);
    if ((open?.answering ?? 0) > 0) throw businessError('notMarkable');
    const pending = open?.pending ?? 0;
    if (pending > 0 && !req.force) throw businessError('pendingMarks', { count: pending });
    // Unmarked attempts (the job has not run yet) are marked now, so every confirmed score exists.
    const unmarked = await tx
      .select({ id: examAttempts.id })
      .from(examAttempts)
      .where(and(itsAttempts, isNull(examAttempts.markedAt), ended));
    if (unmarked.length) {
      const { markAttempt } = await import('./marking-engine');
      for (const u of unmarked) await markAttempt(tx, ctx.orgId, u.id);
    }
    const updated = await tx
      .update(examAttempts)
      .set({ answerStatus: AnswerStatus.Confirmed })
      .where(and(itsAttempts, ended))
      .returning({ id: examAttempts.id });
    const [c] = await tx
      .update(exams)
      .set({ scoresConfirmedAt: sql`now()`, scoresConfirmedBy: ctx.userId })
      .where(thisExam)
      .returning({ at: exams.scoresConfirmedAt });
    await updateQuestionStatistics(tx, ctx.orgId, req.examId);
    // Candidates hear their scores are out, when the exam shows scores at all.
    const [shown] = await tx
      .select({ name: exams.name, showScore: exams.showScore, homework: exams.homework })
      .from(exams)
      .where(thisExam);
    if (shown && shown.showScore !== ShowScore.Never && !shown.homework) {
      await sendNotice(tx, ctx.orgId, {
        kind: 'scoresReleased',
        params: { name: shown.name },
        about: { type: MessageAssociation.Exam, id: req.examId },
        // A statement, as sendNotice takes it: the ids in a column named id.
        to: sql`select distinct ${examAttempts.userId} as id from ${examAttempts} where ${and(itsAttempts, ended)}`,
      });
    }
    return { confirmedAt: iso(c?.at), attempts: updated.length, pending };
  });
}

export async function unconfirmScores(ctx: RequestContext, examId: number) {
  await examForMarking(ctx, examId);
  return ctx.db.transaction(async (tx) => {
    await tx
      .update(exams)
      .set({ scoresConfirmedAt: null, scoresConfirmedBy: null })
      .where(inOrg(exams, ctx.orgId, [eq(exams.id, examId)]));
    const updated = await tx
      .update(examAttempts)
      .set({ answerStatus: AnswerStatus.NotConfirmed })
      .where(
        inOrg(examAttempts, ctx.orgId, [
          eq(examAttempts.examId, examId),
          eq(examAttempts.answerStatus, AnswerStatus.Confirmed),
        ]),
      )
      .returning({ id: examAttempts.id });
    return { confirmedAt: null, attempts: updated.length, pending: 0 };
  });
}
