import { CandidateStatus, ExamState, RegistrationMode, ShowScore, TaskRange, TaskReveal } from '@lyceum/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import type { Values } from '../../platform/resource';
import { inOrg } from '../../platform/tenant-sql';
import { refreshDeadlines } from '../exam/attempt.service';
import { examCandidates, examStudents, exams, examTeams } from '../exam/exam.table';
import { resolveCandidates } from '../exam/exam-candidates';
import { taskStudents, tasks, taskTeams, taskUsers } from './task.table';
import { tu } from './task-queries';
import { syncTaskUsers } from './task-status';

// A homework task runs on an exam row of its own (decision 39): the exam page, the answer journal,
// collection at the cutoff and marking then serve homework unchanged. The row is hidden from every
// exam screen (`homework`), and the task is where teachers and students see it.

const MINUTE = 60_000;

function cutoffOf(row: Values): Date {
  return new Date((row.lateAccepted && row.lateUntil ? row.lateUntil : row.dueTime) as Date);
}

// The exam's rules from the task: the window is start → cutoff, and an attempt lasts the whole
// window (no timer: its deadline is the cutoff); scores show after marking, after the cutoff, or never.
// The keys show with the score only when the homework is handed in once; otherwise from the cutoff,
// when nobody hands it in again (the task form refuses keys at once with more hand-ins).
function examValues(row: Values) {
  const start = new Date(row.startTime as Date);
  const cutoff = cutoffOf(row);
  const reveal = Number(row.reveal);
  return {
    name: String(row.name),
    windowStart: start,
    windowEnd: cutoff,
    durationMinutes: Math.max(1, Math.ceil((cutoff.getTime() - start.getTime()) / MINUTE)),
    gradeYears: row.rangeType === TaskRange.Grade ? (row.gradeYears as number[]) : [],
    showScore: reveal === TaskReveal.Never ? ShowScore.Never : ShowScore.AfterSubmit,
    scoresShownFrom: reveal === TaskReveal.AfterDue ? cutoff : null,
    allowReview: Boolean(row.showKey),
    reviewAfterHandIn: reveal === TaskReveal.AfterHandIn && Number(row.attemptsAllowed) === 1,
    updateTime: new Date(),
  };
}

// Publish (or publish again after a withdrawal): the exam row is written from the task, its targets
// copied, the students resolved, and every student gets a status row (kept across withdrawals).
export async function publishHomework(tx: DbOrTx, ctx: RequestContext, row: Values): Promise<number> {
  const org = ctx.orgId;
  const taskId = Number(row.id);
  let examId = row.examId == null ? null : Number(row.examId);
  const values = examValues(row);
  if (examId == null) {
    const [created] = await tx
      .insert(exams)
      .values({
        organizationId: org,
        paperId: Number(row.paperId),
        ...values,
        registrationMode: RegistrationMode.Assigned,
        graceSeconds: 60,
        homework: true,
        state: ExamState.Published,
        creatorId: (row.creatorId as number | null) ?? ctx.userId,
        publishTime: new Date(),
      })
      .returning({ id: exams.id });
    examId = created!.id;
  } else {
    await tx
      .update(exams)
      .set({ ...values, state: ExamState.Published, updateTime: sql`now()` })
      .where(inOrg(exams, org, [eq(exams.id, examId)]));
    await refreshDeadlines(tx, org, examId, values.windowEnd);
  }
  const thisExam = examId;
  await tx.delete(examTeams).where(inOrg(examTeams, org, [eq(examTeams.ownerId, thisExam)]));
  await tx.delete(examStudents).where(inOrg(examStudents, org, [eq(examStudents.ownerId, thisExam)]));
  // The task's targets become the exam's, each list in one INSERT … SELECT.
  await tx.insert(examTeams).select(
    tx
      .select({
        organizationId: taskTeams.organizationId,
        ownerId: sql<number>`${thisExam}::bigint`.as('exam_id'),
        targetId: taskTeams.targetId,
      })
      .from(taskTeams)
      .where(inOrg(taskTeams, org, [eq(taskTeams.ownerId, taskId)])),
  );
  await tx.insert(examStudents).select(
    tx
      .select({
        organizationId: taskStudents.organizationId,
        ownerId: sql<number>`${thisExam}::bigint`.as('exam_id'),
        targetId: taskStudents.targetId,
      })
      .from(taskStudents)
      .where(inOrg(taskStudents, org, [eq(taskStudents.ownerId, taskId)])),
  );
  await resolveCandidates(tx, org, examId);
  // Raw: the builder's INSERT … SELECT wants every column of task_users; this writes three.
  const c = examCandidates;
  await tx.execute(sql`insert into ${taskUsers} (organization_id, task_id, user_id)
    select ${c.organizationId}, ${taskId}, ${c.userId} from ${c}
    where ${c.organizationId} = ${org} and ${c.examId} = ${examId} and ${c.status} = ${CandidateStatus.Approved}
    on conflict do nothing`);
  await syncTaskUsers(tx, org, eq(tu.taskId, taskId));
  return examId;
}

// Withdraw: nobody can open it any more (the exam is a draft again); papers and marks stay.
export async function withdrawHomework(tx: DbOrTx, row: Values): Promise<void> {
  if (row.examId == null) return;
  await tx
    .update(exams)
    .set({ state: ExamState.Draft, updateTime: sql`now()` })
    .where(and(eq(exams.organizationId, Number(row.organizationId)), eq(exams.id, Number(row.examId))));
}

// Extend: the window and every open paper's deadline follow the new cutoff; students who failed
// by never opening it are "not started" again (the sync sees the cutoff moved).
export async function extendHomework(tx: DbOrTx, row: Values, due: Date, lateUntil: Date | null): Promise<void> {
  const org = Number(row.organizationId);
  if (row.examId == null) return;
  const examId = Number(row.examId);
  const next = { ...row, dueTime: due, lateUntil };
  const values = examValues(next);
  await tx
    .update(exams)
    .set({
      windowEnd: values.windowEnd,
      durationMinutes: values.durationMinutes,
      scoresShownFrom: values.scoresShownFrom,
      updateTime: sql`now()`,
    })
    .where(inOrg(exams, org, [eq(exams.id, examId)]));
  await refreshDeadlines(tx, org, examId, values.windowEnd);
  await tx
    .update(tasks)
    .set({ dueTime: due, lateUntil })
    .where(inOrg(tasks, org, [eq(tasks.id, Number(row.id))]));
  await syncTaskUsers(tx, org, eq(tu.taskId, Number(row.id)));
}

export async function taskOfExam(db: DbOrTx, orgId: number, examId: number) {
  const [t] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(inOrg(tasks, orgId, [eq(tasks.examId, examId)]));
  return t ? t.id : null;
}
