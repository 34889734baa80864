import { MessageAssociation, PaperStatus, TaskStatus, type zReturnTaskRequest } from '@lyceum/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { businessError, invalidParams } from '../../platform/errors';
import { idList, rows } from '../../platform/sql-rows';
import { scheduleCollection } from '../exam/attempt.service';
import { attemptAnswers, examAttempts } from '../exam/attempt.table';
import { keepSittings } from '../exam/attempt-history';
import { exams } from '../exam/exam.table';
import { ms, ts } from '../exam/exam-time';
import { attemptMarks } from '../marking/marking.table';
import { sendNotice } from '../message/message-delivery';
import { taskResource } from './task.resource';
import { CHECKED_REVISION } from './task.service';
import { taskChecks, tasks, taskUsers } from './task.table';
import { cutoffSql, handInScoreSql, syncTaskUsers } from './task-status';

// ---- the teachers' side: returning work, reminders ----

const DAY = 86_400_000;

// Opens handed-in papers again (a teacher's return, or the student's redo): answering until
// `until`, marks and checks cleared, the answers kept. Only papers that ended are reopened.
export async function reopenPapers(
  tx: DbOrTx,
  orgId: number,
  task: { id: number; exam_id: number },
  userIds: number[],
  until: number,
  note: { text: string | null; returned: boolean },
): Promise<number> {
  const ended = sql`a.organization_id = ${orgId} and a.exam_id = ${task.exam_id} and a.user_id in (${idList(userIds)})
    and a.status <> ${PaperStatus.Answering}`;
  // The papers are locked first: a redo and a teacher's return at the same moment keep one copy.
  await tx.execute(sql`select a.id from ${examAttempts} a where ${ended} for update`);
  // Each hand-in is kept as it was (score, time, answers and their marks) before the paper opens again.
  await keepSittings(tx, ended, {
    returned: note.returned,
    score: handInScoreSql('a', 't'),
    late: sql`a.ended_at > t.due_time`,
    join: sql`join ${tasks} t on t.organization_id = a.organization_id and t.id = ${task.id}`,
  });
  const reopened = await rows<{ id: number; closes_at: string }>(
    tx,
    sql`update ${examAttempts} t set status = ${PaperStatus.Answering}, attempt_no = t.attempt_no + 1,
        ended_at = null, end_reason = null,
        deadline = ${ts(until)}, closes_at = ${ts(until)} + e.grace_seconds * interval '1 second', end_status = null,
        score = null, score_max = null, pending_count = 0, answer_status = 3, marked_at = null
      from ${exams} e
      where e.organization_id = t.organization_id and e.id = t.exam_id and t.organization_id = ${orgId}
        and t.exam_id = ${task.exam_id} and t.user_id in (${idList(userIds)}) and t.status <> ${PaperStatus.Answering}
      returning t.id, t.closes_at`,
  );
  if (!reopened.length) return 0;
  const ids = reopened.map((r) => Number(r.id));
  await tx.execute(
    sql`delete from ${attemptMarks} where organization_id = ${orgId} and attempt_id in (${idList(ids)})`,
  );
  // Checked answers may change again in a redo.
  await tx.execute(
    sql`update ${attemptAnswers} set revision = 1 where organization_id = ${orgId} and attempt_id in (${idList(ids)})
      and revision >= ${CHECKED_REVISION}`,
  );
  await tx.execute(sql`delete from ${taskChecks} where organization_id = ${orgId} and attempt_id in (${idList(ids)})`);
  await tx.execute(
    sql`update ${taskUsers} tu set redo_count = redo_count + 1,
        returned_count = returned_count + ${note.returned ? 1 : 0},
        return_note = ${note.returned ? note.text : sql`tu.return_note`}
      from ${examAttempts} a
      where a.organization_id = tu.organization_id and a.user_id = tu.user_id and tu.organization_id = ${orgId}
        and tu.task_id = ${task.id} and a.id in (${idList(ids)})`,
  );
  for (const r of reopened) await scheduleCollection(tx, orgId, Number(r.id), ms(r.closes_at)!);
  await syncTaskUsers(tx, orgId, sql`tu.task_id = ${task.id} and a.id in (${idList(ids)})`);
  return ids.length;
}

interface TaskRow extends Record<string, unknown> {
  id: number;
  name: string;
  exam_id: number | null;
  status: number;
  cutoff: string;
  due_time: string;
  start_time: string;
  attempts_allowed: number;
  confirmed: boolean;
}

const taskRowSql = (orgId: number, where: SQL) =>
  sql`select t.id, t.name, t.exam_id, t.status, ${cutoffSql()} as cutoff, t.due_time, t.start_time, t.attempts_allowed,
      e.scores_confirmed_at is not null as confirmed
    from ${tasks} t left join ${exams} e on e.organization_id = t.organization_id and e.id = t.exam_id
    where t.organization_id = ${orgId} and ${where}`;

export async function returnWork(ctx: RequestContext, req: z.output<typeof zReturnTaskRequest>) {
  await taskResource.readable(ctx, req.taskId);
  return ctx.db.transaction(async (tx) => {
    const [t] = await rows<TaskRow>(tx, sql`${taskRowSql(ctx.orgId, sql`t.id = ${req.taskId}`)} for update of t`);
    if (!t || t.exam_id == null || Number(t.status) !== TaskStatus.Published)
      throw invalidParams('taskId', 'taskNotOpen');
    if (t.confirmed) throw businessError('scoresConfirmed');
    const now = clock.now();
    const until = req.until ? Date.parse(req.until) : Math.max(ms(t.cutoff)!, now + 2 * DAY);
    if (until <= now) throw invalidParams('until', 'examEnded');
    const changed = await reopenPapers(
      tx,
      ctx.orgId,
      { id: Number(t.id), exam_id: Number(t.exam_id) },
      req.userIds,
      until,
      {
        text: req.note,
        returned: true,
      },
    );
    if (!changed) throw invalidParams('userIds', 'notReturnable');
    await sendNotice(tx, ctx.orgId, {
      kind: 'homeworkReturned',
      params: { name: String(t.name), note: req.note ?? '' },
      about: { type: MessageAssociation.Task, id: Number(t.id) },
      to: sql`select user_id as id from ${examAttempts} where organization_id = ${ctx.orgId} and exam_id = ${Number(t.exam_id)}
        and status = ${PaperStatus.Answering} and user_id in (${idList(req.userIds)})`,
    });
    return { changed };
  });
}

// Remind the students who have not handed in a published task that is still open to them.
export async function remindTask(ctx: RequestContext, taskId: number): Promise<{ sent: number }> {
  await taskResource.readable(ctx, taskId);
  return ctx.db.transaction(async (tx) => {
    const [t] = await rows<TaskRow>(tx, sql`${taskRowSql(ctx.orgId, sql`t.id = ${taskId}`)}`);
    if (!t || Number(t.status) !== TaskStatus.Published || ms(t.cutoff)! <= clock.now()) {
      throw invalidParams('id', 'taskNotOpen');
    }
    await syncTaskUsers(tx, ctx.orgId, sql`tu.task_id = ${taskId}`);
    const sent = await sendNotice(tx, ctx.orgId, {
      kind: 'homeworkReminder',
      params: { name: String(t.name), due: new Date(t.due_time as string).toISOString() },
      about: { type: MessageAssociation.Task, id: taskId },
      to: sql`select tu.user_id as id from ${taskUsers} tu
        left join ${examAttempts} a on a.organization_id = tu.organization_id and a.exam_id = ${Number(t.exam_id)} and a.user_id = tu.user_id
        where tu.organization_id = ${ctx.orgId} and tu.task_id = ${taskId} and tu.handed_in_at is null
          and (a.id is null or a.status = ${PaperStatus.Answering})`,
    });
    if (!sent) throw businessError('nobodyToRemind');
    return { sent };
  });
}
