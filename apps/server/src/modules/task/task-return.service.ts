import { MessageAssociation, PaperStatus, TaskStatus, type zReturnTaskRequest } from '@lyceum/contract';
import { and, eq, gte, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { businessError, invalidParams } from '../../platform/errors';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { scheduleCollection } from '../exam/attempt.service';
import { attemptAnswers, examAttempts } from '../exam/attempt.table';
import { answeringAgain, keepSittings } from '../exam/attempt-history';
import { exams } from '../exam/exam.table';
import { ts } from '../exam/exam-time';
import { attemptMarks } from '../marking/marking.table';
import { sendNotice } from '../message/message-delivery';
import { taskResource } from './task.resource';
import { CHECKED_REVISION } from './task.service';
import { taskChecks, tasks, taskUsers } from './task.table';
import { a, t, tu } from './task-queries';
import { cutoffSql, handInScoreSql, syncTaskUsers } from './task-status';

// ---- the teachers' side: returning work, reminders ----

const DAY = 86_400_000;

// Opens handed-in papers again (a teacher's return, or the student's redo): answering until
// `until`, marks and checks cleared, the answers kept. Only papers that ended are reopened.
export async function reopenPapers(
  tx: DbOrTx,
  orgId: number,
  task: { id: number; examId: number },
  userIds: number[],
  until: number,
  note: { text: string | null; returned: boolean },
): Promise<number> {
  const ended = inOrg(a, orgId, [
    eq(a.examId, task.examId),
    inArray(a.userId, userIds),
    ne(a.status, PaperStatus.Answering),
  ]) as SQL;
  // The papers are locked first: a redo and a teacher's return at the same moment keep one copy.
  await tx.select({ id: a.id }).from(a).where(ended).for('update');
  // Each hand-in is kept as it was (score, time, answers and their marks) before the paper opens again.
  await keepSittings(tx, ended, {
    returned: note.returned,
    score: handInScoreSql('a', 't'),
    late: sql`${a.endedAt} > ${t.dueTime}`,
    join: sql`join ${tasks} t on ${t.organizationId} = ${a.organizationId} and ${t.id} = ${task.id}`,
  });
  const reopened = await tx
    .update(examAttempts)
    .set({
      ...answeringAgain,
      attemptNo: sql`${examAttempts.attemptNo} + 1`,
      deadline: new Date(until),
      closesAt: sql`${ts(until)} + ${exams.graceSeconds} * interval '1 second'`,
    })
    .from(exams)
    .where(
      sameOrg(exams, examAttempts, [
        eq(exams.id, examAttempts.examId),
        eq(examAttempts.organizationId, orgId),
        eq(examAttempts.examId, task.examId),
        inArray(examAttempts.userId, userIds),
        ne(examAttempts.status, PaperStatus.Answering),
      ]),
    )
    .returning({ id: examAttempts.id, closesAt: examAttempts.closesAt });
  if (!reopened.length) return 0;
  const ids = reopened.map((r) => r.id);
  await tx.delete(attemptMarks).where(inOrg(attemptMarks, orgId, [inArray(attemptMarks.attemptId, ids)]));
  // Checked answers may change again in a redo.
  await tx
    .update(attemptAnswers)
    .set({ revision: 1 })
    .where(
      inOrg(attemptAnswers, orgId, [
        inArray(attemptAnswers.attemptId, ids),
        gte(attemptAnswers.revision, CHECKED_REVISION),
      ]),
    );
  await tx.delete(taskChecks).where(inOrg(taskChecks, orgId, [inArray(taskChecks.attemptId, ids)]));
  await tx
    .update(taskUsers)
    .set({
      redoCount: sql`${taskUsers.redoCount} + 1`,
      returnedCount: sql`${taskUsers.returnedCount} + ${note.returned ? 1 : 0}`,
      ...(note.returned ? { returnNote: note.text } : {}),
    })
    .from(examAttempts)
    .where(
      sameOrg(examAttempts, taskUsers, [
        eq(examAttempts.userId, taskUsers.userId),
        eq(taskUsers.organizationId, orgId),
        eq(taskUsers.taskId, task.id),
        inArray(examAttempts.id, ids),
      ]),
    );
  for (const r of reopened) await scheduleCollection(tx, orgId, r.id, r.closesAt.getTime());
  await syncTaskUsers(tx, orgId, and(eq(tu.taskId, task.id), inArray(a.id, ids)) as SQL);
  return ids.length;
}

const e = alias(exams, 'e');

// A task with its cutoff and whether its exam's scores are confirmed.
const taskRow = (db: DbOrTx, orgId: number, taskId: number) =>
  db
    .select({
      id: t.id,
      name: t.name,
      examId: t.examId,
      status: t.status,
      cutoff: cutoffSql(t),
      dueTime: t.dueTime,
      confirmed: sql<boolean>`${e.scoresConfirmedAt} is not null`,
    })
    .from(t)
    .leftJoin(e, sameOrg(e, t, [eq(e.id, t.examId)]))
    .where(inOrg(t, orgId, [eq(t.id, taskId)]));

export async function returnWork(ctx: RequestContext, req: z.output<typeof zReturnTaskRequest>) {
  await taskResource.readable(ctx, req.taskId);
  return ctx.db.transaction(async (tx) => {
    const [task] = await taskRow(tx, ctx.orgId, req.taskId).for('update', { of: t });
    if (!task || task.examId == null || task.status !== TaskStatus.Published)
      throw invalidParams('taskId', 'taskNotOpen');
    if (task.confirmed) throw businessError('scoresConfirmed');
    const now = clock.now();
    const until = req.until ? Date.parse(req.until) : Math.max(task.cutoff.getTime(), now + 2 * DAY);
    if (until <= now) throw invalidParams('until', 'examEnded');
    const changed = await reopenPapers(tx, ctx.orgId, { id: task.id, examId: task.examId }, req.userIds, until, {
      text: req.note,
      returned: true,
    });
    if (!changed) throw invalidParams('userIds', 'notReturnable');
    const returned = inOrg(examAttempts, ctx.orgId, [
      eq(examAttempts.examId, task.examId),
      eq(examAttempts.status, PaperStatus.Answering),
      inArray(examAttempts.userId, req.userIds),
    ]);
    await sendNotice(tx, ctx.orgId, {
      kind: 'homeworkReturned',
      params: { name: task.name, note: req.note ?? '' },
      about: { type: MessageAssociation.Task, id: task.id },
      to: sql`select ${examAttempts.userId} as id from ${examAttempts} where ${returned}`,
    });
    return { changed };
  });
}

// Remind the students who have not handed in a published task that is still open to them.
export async function remindTask(ctx: RequestContext, taskId: number): Promise<{ sent: number }> {
  await taskResource.readable(ctx, taskId);
  return ctx.db.transaction(async (tx) => {
    const [task] = await taskRow(tx, ctx.orgId, taskId);
    if (!task || task.status !== TaskStatus.Published || task.cutoff.getTime() <= clock.now()) {
      throw invalidParams('id', 'taskNotOpen');
    }
    await syncTaskUsers(tx, ctx.orgId, eq(tu.taskId, taskId));
    const sent = await sendNotice(tx, ctx.orgId, {
      kind: 'homeworkReminder',
      params: { name: task.name, due: task.dueTime.toISOString() },
      about: { type: MessageAssociation.Task, id: taskId },
      to: sql`select ${tu.userId} as id from ${taskUsers} tu
        left join ${examAttempts} a on ${a.organizationId} = ${tu.organizationId} and ${a.examId} = ${Number(task.examId)}
          and ${a.userId} = ${tu.userId}
        where ${tu.organizationId} = ${ctx.orgId} and ${tu.taskId} = ${taskId} and ${tu.handedInAt} is null
          and (${a.id} is null or ${a.status} = ${PaperStatus.Answering})`,
    });
    if (!sent) throw businessError('nobodyToRemind');
    return { sent };
  });
}
