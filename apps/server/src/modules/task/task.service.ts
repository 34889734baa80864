import { type HomeworkRules, PaperStatus, type zCheckAnswerRequest, zStudentPaper } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { businessError, invalidParams, notFound } from '../../platform/errors';
import { rows } from '../../platform/sql-rows';
import { attemptAnswers, examAttempts } from '../exam/attempt.table';
import { iso, ms } from '../exam/exam-time';
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
export const checkedQuestions = (orgId: number, attemptId: number) =>
  sql`select question_id from ${taskChecks} where organization_id = ${orgId} and attempt_id = ${attemptId}`;

// The homework rules of an attempt's exam, for the exam page (null: an exam).
export async function homeworkRules(db: DbOrTx, orgId: number, examId: number, attemptId: number, userId: number) {
  const [t] = await rows<{
    id: number;
    name: string;
    due_time: string;
    late_until: string | null;
    late_accepted: boolean;
    instant_feedback: boolean;
    return_note: string | null;
  }>(
    db,
    sql`select t.id, t.name, t.due_time, t.late_until, t.late_accepted, t.instant_feedback, tu.return_note
      from ${tasks} t left join ${taskUsers} tu on tu.organization_id = t.organization_id and tu.task_id = t.id
        and tu.user_id = ${userId}
      where t.organization_id = ${orgId} and t.exam_id = ${examId}`,
  );
  if (!t) return null;
  const checked = await rows<{ question_id: number; correct: boolean; score: number; max: number }>(
    db,
    sql`select question_id, correct, score, max from ${taskChecks} where organization_id = ${orgId} and attempt_id = ${attemptId}`,
  );
  const rules: HomeworkRules = {
    taskId: Number(t.id),
    taskName: t.name,
    dueTime: iso(t.due_time)!,
    lateUntil: t.late_accepted ? iso(t.late_until) : null,
    instantFeedback: Boolean(t.instant_feedback),
    checked: checked.map((c) => ({
      questionId: Number(c.question_id),
      correct: Boolean(c.correct),
      score: Number(c.score),
      max: Number(c.max),
    })),
    returnNote: t.return_note,
  };
  return rules;
}

// Immediate feedback: the stored answer of one objective question of the caller's open homework
// paper, scored by the marking engine; the answer is final from then on.
export async function checkAnswer(ctx: RequestContext, req: z.output<typeof zCheckAnswerRequest>) {
  const org = ctx.orgId;
  return ctx.db.transaction(async (tx) => {
    const [a] = await rows<{
      id: number;
      status: number;
      closes_at: string;
      paper: unknown;
      exam_id: number;
      instant_feedback: boolean | null;
    }>(
      tx,
      sql`select a.id, a.status, a.closes_at, a.paper, a.exam_id, t.instant_feedback
        from ${examAttempts} a left join ${tasks} t on t.organization_id = a.organization_id and t.exam_id = a.exam_id
        where a.organization_id = ${org} and a.id = ${req.attemptId} and a.user_id = ${ctx.userId}
        for update of a`,
    );
    if (!a) throw notFound('Attempt');
    if (a.instant_feedback == null) throw invalidParams('attemptId', 'notHomework');
    if (!a.instant_feedback) throw businessError('noInstantFeedback');
    if (Number(a.status) !== PaperStatus.Answering || clock.now() >= ms(a.closes_at)!) {
      throw businessError('attemptEnded');
    }
    const paper = zStudentPaper.parse(a.paper);
    const item = paperItems(paper).find((i) => i.questionId === req.questionId);
    if (!item) throw invalidParams('questionId', 'questionNotInPaper', { id: req.questionId });
    const versions = await loadVersions(tx, org, [item]);
    const q = versions.get(`${item.questionId}:${item.questionVersion}`);
    if (!q) throw notFound('Question');
    const [stored] = await rows<{ answer: unknown; revision: number }>(
      tx,
      sql`select answer, revision from ${attemptAnswers}
        where organization_id = ${org} and attempt_id = ${a.id} and question_id = ${req.questionId}`,
    );
    if (stored && Number(stored.revision) >= CHECKED_REVISION) throw businessError('alreadyChecked');
    const answer = (stored?.answer ?? null) as Parameters<typeof isAnswered>[0];
    if (!isAnswered(answer)) throw invalidParams('questionId', 'nothingToCheck');
    const adjustments = await adjustmentsOf(tx, org, Number(a.exam_id));
    const m = scorerFor(item, q, adjustments.get(item.questionId) ?? null)(answer);
    if (m.manual || m.score == null) throw invalidParams('questionId', 'notObjective');
    const result = { questionId: req.questionId, correct: m.score >= m.max - 1e-9, score: m.score, max: m.max };
    await tx
      .insert(taskChecks)
      .values({ organizationId: org, attemptId: a.id, ...result })
      .onConflictDoNothing();
    await tx.execute(
      sql`update ${attemptAnswers} set revision = ${CHECKED_REVISION}
        where organization_id = ${org} and attempt_id = ${a.id} and question_id = ${req.questionId}`,
    );
    return result;
  });
}
