import { type HomeworkRules, PaperStatus, type zCheckAnswerRequest, zStudentPaper } from '@lyceum/contract';
import { eq, type Placeholder } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { businessError, invalidParams, notFound } from '../../platform/errors';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { attemptAnswers, examAttempts } from '../exam/attempt.table';
import { iso } from '../exam/exam-time';
import { adjustmentsOf, isAnswered, loadVersions, paperItems, scorerFor } from '../marking/marking-engine';
import { taskChecks, tasks, taskUsers } from './task.table';

// Homework on the exam page: its rules (due time, late cutoff, the return note, the checked
// questions) and the immediate-feedback check. The other task services: task-students (a task's
// students and their sheet), task-return (returning work, reminders), my-task (the student's tasks,
// redo, the portal's cards); task-queries holds the reads they share.

// A checked answer's stored revision. Saves of a checked question are refused (`checkedQuestions`);
// the save statement also never overwrites a row at this revision, so a save that raced the check
// and read before it committed cannot change the answer either.
export const CHECKED_REVISION = 1_000_000_000;

// The questions of an attempt that were checked (immediate feedback), for the save statement.
export const checkedQuestions = (orgId: number | Placeholder, attemptId: number | Placeholder) =>
  new QueryBuilder()
    .select({ questionId: taskChecks.questionId })
    .from(taskChecks)
    .where(inOrg(taskChecks, orgId, [eq(taskChecks.attemptId, attemptId)]))
    .getSQL();

// The homework rules of an attempt's exam, for the exam page (null: an exam).
export async function homeworkRules(db: DbOrTx, orgId: number, examId: number, attemptId: number, userId: number) {
  const [t] = await db
    .select({
      id: tasks.id,
      name: tasks.name,
      dueTime: tasks.dueTime,
      lateUntil: tasks.lateUntil,
      lateAccepted: tasks.lateAccepted,
      instantFeedback: tasks.instantFeedback,
      returnNote: taskUsers.returnNote,
    })
    .from(tasks)
    .leftJoin(taskUsers, sameOrg(taskUsers, tasks, [eq(taskUsers.taskId, tasks.id), eq(taskUsers.userId, userId)]))
    .where(inOrg(tasks, orgId, [eq(tasks.examId, examId)]));
  if (!t) return null;
  const checked = await db
    .select({
      questionId: taskChecks.questionId,
      correct: taskChecks.correct,
      score: taskChecks.score,
      max: taskChecks.max,
    })
    .from(taskChecks)
    .where(inOrg(taskChecks, orgId, [eq(taskChecks.attemptId, attemptId)]));
  const rules: HomeworkRules = {
    taskId: t.id,
    taskName: t.name,
    dueTime: t.dueTime.toISOString(),
    lateUntil: t.lateAccepted ? iso(t.lateUntil) : null,
    instantFeedback: t.instantFeedback,
    checked,
    returnNote: t.returnNote,
  };
  return rules;
}

// Immediate feedback: the stored answer of one objective question of the caller's open homework
// paper, scored by the marking engine; the answer is final from then on.
export async function checkAnswer(ctx: RequestContext, req: z.output<typeof zCheckAnswerRequest>) {
  const org = ctx.orgId;
  return ctx.db.transaction(async (tx) => {
    const [a] = await tx
      .select({
        id: examAttempts.id,
        status: examAttempts.status,
        closesAt: examAttempts.closesAt,
        paper: examAttempts.paper,
        examId: examAttempts.examId,
        instantFeedback: tasks.instantFeedback,
      })
      .from(examAttempts)
      .leftJoin(tasks, sameOrg(tasks, examAttempts, [eq(tasks.examId, examAttempts.examId)]))
      .where(inOrg(examAttempts, org, [eq(examAttempts.id, req.attemptId), eq(examAttempts.userId, ctx.userId)]))
      .for('update', { of: examAttempts });
    if (!a) throw notFound('Attempt');
    if (a.instantFeedback == null) throw invalidParams('attemptId', 'notHomework');
    if (!a.instantFeedback) throw businessError('noInstantFeedback');
    if (a.status !== PaperStatus.Answering || clock.now() >= a.closesAt.getTime()) {
      throw businessError('attemptEnded');
    }
    const paper = zStudentPaper.parse(a.paper);
    const item = paperItems(paper).find((i) => i.questionId === req.questionId);
    if (!item) throw invalidParams('questionId', 'questionNotInPaper', { id: req.questionId });
    const versions = await loadVersions(tx, org, [item]);
    const q = versions.get(`${item.questionId}:${item.questionVersion}`);
    if (!q) throw notFound('Question');
    const thisAnswer = inOrg(attemptAnswers, org, [
      eq(attemptAnswers.attemptId, a.id),
      eq(attemptAnswers.questionId, req.questionId),
    ]);
    const [stored] = await tx
      .select({ answer: attemptAnswers.answer, revision: attemptAnswers.revision })
      .from(attemptAnswers)
      .where(thisAnswer);
    if (stored && stored.revision >= CHECKED_REVISION) throw businessError('alreadyChecked');
    const answer = (stored?.answer ?? null) as Parameters<typeof isAnswered>[0];
    if (!isAnswered(answer)) throw invalidParams('questionId', 'nothingToCheck');
    const adjustments = await adjustmentsOf(tx, org, a.examId);
    const m = scorerFor(item, q, adjustments.get(item.questionId) ?? null)(answer);
    if (m.manual || m.score == null) throw invalidParams('questionId', 'notObjective');
    const result = { questionId: req.questionId, correct: m.score >= m.max - 1e-9, score: m.score, max: m.max };
    await tx
      .insert(taskChecks)
      .values({ organizationId: org, attemptId: a.id, ...result })
      .onConflictDoNothing();
    await tx.update(attemptAnswers).set({ revision: CHECKED_REVISION }).where(thisAnswer);
    return result;
  });
}
