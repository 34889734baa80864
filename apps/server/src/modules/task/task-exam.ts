import { ExamState, RegistrationMode, ShowScore, TaskRange, TaskReveal } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import type { Values } from '../../platform/resource';
import { rows } from '../../platform/sql-rows';
import { refreshDeadlines } from '../exam/attempt.service';
import { examStudents, exams, examTeams } from '../exam/exam.table';
import { resolveCandidates } from '../exam/exam-candidates';
import { taskStudents, tasks, taskTeams, taskUsers } from './task.table';
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
    await tx.execute(
      sql`update ${exams} set name = ${values.name}, window_start = ${values.windowStart.toISOString()}::timestamptz,
          window_end = ${values.windowEnd.toISOString()}::timestamptz, duration_minutes = ${values.durationMinutes},
          grade_years = ${sql`array[${sql.join(
            values.gradeYears.map((y) => sql`${y}`),
            sql`, `,
          )}]::int[]`}, show_score = ${values.showScore},
          scores_shown_from = ${values.scoresShownFrom ? sql`${values.scoresShownFrom.toISOString()}::timestamptz` : sql`null`},
          allow_review = ${values.allowReview}, review_after_hand_in = ${values.reviewAfterHandIn},
          state = ${ExamState.Published}, update_time = now()
        where organization_id = ${org} and id = ${examId}`,
    );
    await refreshDeadlines(tx, org, examId, values.windowEnd);
  }
  await tx.execute(sql`delete from ${examTeams} where organization_id = ${org} and exam_id = ${examId}`);
  await tx.execute(sql`delete from ${examStudents} where organization_id = ${org} and exam_id = ${examId}`);
  await tx.execute(sql`insert into ${examTeams} (organization_id, exam_id, team_id)
    select organization_id, ${examId}, team_id from ${taskTeams} where organization_id = ${org} and task_id = ${taskId}`);
  await tx.execute(sql`insert into ${examStudents} (organization_id, exam_id, user_id)
    select organization_id, ${examId}, user_id from ${taskStudents} where organization_id = ${org} and task_id = ${taskId}`);
  await resolveCandidates(tx, org, examId);
  await tx.execute(sql`insert into ${taskUsers} (organization_id, task_id, user_id)
    select organization_id, ${taskId}, user_id from exam_candidates
    where organization_id = ${org} and exam_id = ${examId} and status = 2
    on conflict do nothing`);
  await syncTaskUsers(tx, org, sql`tu.task_id = ${taskId}`);
  return examId;
}

// Withdraw: nobody can open it any more (the exam is a draft again); papers and marks stay.
export async function withdrawHomework(tx: DbOrTx, row: Values): Promise<void> {
  if (row.examId == null) return;
  await tx.execute(
    sql`update ${exams} set state = ${ExamState.Draft}, update_time = now()
      where organization_id = ${row.organizationId as number} and id = ${row.examId as number}`,
  );
}

// Extend: the window and every open paper's deadline follow the new cutoff; students who failed
// by never opening it are "not started" again (the sync sees the cutoff moved).
export async function extendHomework(tx: DbOrTx, row: Values, due: Date, lateUntil: Date | null): Promise<void> {
  const org = Number(row.organizationId);
  if (row.examId == null) return;
  const examId = Number(row.examId);
  const next = { ...row, dueTime: due, lateUntil };
  const values = examValues(next);
  await tx.execute(
    sql`update ${exams} set window_end = ${values.windowEnd.toISOString()}::timestamptz,
        duration_minutes = ${values.durationMinutes},
        scores_shown_from = ${values.scoresShownFrom ? sql`${values.scoresShownFrom.toISOString()}::timestamptz` : sql`null`},
        update_time = now()
      where organization_id = ${org} and id = ${examId}`,
  );
  await refreshDeadlines(tx, org, examId, values.windowEnd);
  await tx.execute(
    sql`update ${tasks} set due_time = ${due.toISOString()}::timestamptz,
        late_until = ${lateUntil ? sql`${lateUntil.toISOString()}::timestamptz` : sql`null`}
      where organization_id = ${org} and id = ${Number(row.id)}`,
  );
  await syncTaskUsers(tx, org, sql`tu.task_id = ${Number(row.id)}`);
}

export async function taskOfExam(db: DbOrTx, orgId: number, examId: number) {
  const [t] = await rows<{ id: number }>(
    db,
    sql`select id from ${tasks} where organization_id = ${orgId} and exam_id = ${examId}`,
  );
  return t ? Number(t.id) : null;
}
