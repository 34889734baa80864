import { ExamPaperStatus, PaperType, TaskRange, TaskReveal, zTaskCreate } from '@lyceum/contract';
import { asc, eq, like, sql } from 'drizzle-orm';
import { saveAnswers, startAttempt, submitAttempt } from '../modules/exam/attempt.service';
import { examPaperResource } from '../modules/exam-paper/exam-paper.resource';
import { examPapers } from '../modules/exam-paper/exam-paper.table';
import { markAttempt } from '../modules/marking/marking-engine';
import { taskResource } from '../modules/task/task.resource';
import { tasks, taskUsers } from '../modules/task/task.table';
import { syncTaskUsers } from '../modules/task/task-status';
import { teams } from '../modules/team/team.table';
import { users } from '../modules/user/user.table';
import type { Db } from '../platform/db';
import { inOrg } from '../platform/tenant-sql';
import { asStudent, markWritten, moveExamBack, plausibleAnswers } from './marked-exams';
import { seedContext } from './seed-context';

const DAY = 86_400_000;
const hour = (t: number) => new Date(Math.floor(t / 3_600_000) * 3_600_000);

// Homework so Tasks & homework has something to show after `npm start`: the Week 3 homework paper
// (published here) set to the demo teacher's class, open for five more days with late work taken
// for two days after, a check button on objective questions and two hand-ins (so the score shows
// when marked, the keys never: a redo must not follow the keys). Some classmates have handed it in
// (marked at once by the machine) and some are still working on it; `student` has not opened it, so a newcomer can do it. A second task for `student` alone is handed
// in and marked (written answers by the teacher), so My homework shows a result.
export async function seedTasks(db: Db, orgId: number, teacherId: number) {
  const ctx = seedContext(db, orgId, teacherId, ['task:page', 'task:publish', 'examPaper:page', 'examPaper:publish']);
  const [paper] = await db
    .select({ id: examPapers.id, status: examPapers.status })
    .from(examPapers)
    .where(inOrg(examPapers, orgId, [eq(examPapers.paperType, PaperType.Homework)]))
    .orderBy(asc(examPapers.id))
    .limit(1);
  const [team] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(inOrg(teams, orgId, [like(teams.name, 'Class 2024-1%')]));
  const [student] = await db
    .select({ id: users.id })
    .from(users)
    .where(inOrg(users, orgId, [eq(users.userName, 'student')]));
  if (!paper || !team || !student) return;
  if (paper.status !== ExamPaperStatus.Published) await examPaperResource.runAction(ctx, 'publish', paper.id, {});
  const now = Date.now();
  const create = async (input: Record<string, unknown>) => {
    const task = await taskResource.create(ctx, zTaskCreate.parse({ paperId: paper.id, ...input }));
    await taskResource.runAction(ctx, 'publish', task.id as number, {});
    const [row] = await taskResource.list(ctx, { id: task.id as number }, 1);
    return { taskId: task.id as number, examId: Number(row!.examId) };
  };
  const { examId: week3 } = await create({
    name: 'Week 3 homework 第三周作业',
    description: 'Exercises on limits and derivatives. Show your working. 极限与导数练习，请写出过程。',
    rangeType: TaskRange.Class,
    teamIds: [team.id],
    startTime: hour(now - 2 * DAY).toISOString(),
    dueTime: hour(now + 5 * DAY).toISOString(),
    passScore: null,
    lateAccepted: true,
    lateUntil: hour(now + 7 * DAY).toISOString(),
    latePenalty: 20,
    attemptsAllowed: 2,
    reveal: TaskReveal.AfterHandIn,
    // Two hand-ins: the score at once, never the keys while another hand-in remains.
    showKey: false,
    instantFeedback: true,
  });
  const classmates = (
    await db
      .select({ id: users.id })
      .from(users)
      .where(inOrg(users, orgId, [like(users.userName, 's2026%')]))
      .orderBy(asc(users.userName))
  )
    .map((u) => u.id)
    .slice(3, 12);
  for (const [i, userId] of classmates.entries()) {
    const who = asStudent(ctx, userId);
    const attempt = await startAttempt(who, week3);
    const answers = await plausibleAnswers(who, attempt, i, 3);
    // Two thirds hand in; the rest have saved part of it.
    await saveAnswers(who, attempt.id, i % 3 === 2 ? answers.slice(0, 2) : answers);
    if (i % 3 !== 2) {
      await submitAttempt(who, { attemptId: attempt.id, reason: 'manual' });
      await db.transaction((tx) => markAttempt(tx, orgId, attempt.id));
    }
  }
  // Week 1, handed in by most of the class and marked ten days ago: the gradebook's homework that counts.
  const week1 = await create({
    name: 'Week 1 homework 第一周作业',
    description: 'Functions and limits. 函数与极限。',
    rangeType: TaskRange.Class,
    teamIds: [team.id],
    startTime: hour(now - 2 * 3_600_000).toISOString(),
    dueTime: hour(now + 2 * 3_600_000).toISOString(),
    reveal: TaskReveal.AfterHandIn,
  });
  for (const [i, userId] of [student.id, ...classmates.slice(0, 7)].entries()) {
    const who = asStudent(ctx, userId);
    const attempt = await startAttempt(who, week1.examId);
    await saveAnswers(who, attempt.id, await plausibleAnswers(who, attempt, i + 2, 5));
    await submitAttempt(who, { attemptId: attempt.id, reason: 'manual' });
    await db.transaction((tx) => markAttempt(tx, orgId, attempt.id));
  }
  await moveTaskBack(db, orgId, week1, 10);
  const { examId: quiz } = await create({
    name: 'Derivatives warm-up 导数热身',
    rangeType: TaskRange.Individual,
    studentIds: [student.id],
    startTime: hour(now - DAY).toISOString(),
    dueTime: hour(now + 3 * DAY).toISOString(),
    reveal: TaskReveal.AfterHandIn,
  });
  const me = asStudent(ctx, student.id);
  const attempt = await startAttempt(me, quiz);
  await saveAnswers(me, attempt.id, await plausibleAnswers(me, attempt, 39, 11));
  await submitAttempt(me, { attemptId: attempt.id, reason: 'manual' });
  await db.transaction((tx) => markAttempt(tx, orgId, attempt.id));
  // The teacher has marked its written answers, with a comment.
  const marker = seedContext(db, orgId, teacherId, ['answer:page', 'answer:mark']);
  await markWritten(marker, quiz, (autoScore, max) => Math.max(autoScore, max / 2));
}

// Moves a task that was done now (its times, its exam row and its students' papers) `daysAgo` days back.
async function moveTaskBack(db: Db, orgId: number, task: { taskId: number; examId: number }, daysAgo: number) {
  await moveExamBack(db, orgId, task.examId, daysAgo);
  const shift = sql`${daysAgo} * interval '1 day'`;
  await db.execute(
    sql`update ${tasks} set start_time = start_time - ${shift}, due_time = due_time - ${shift},
        late_until = late_until - ${shift}, publish_time = publish_time - ${shift}
      where organization_id = ${orgId} and id = ${task.taskId}`,
  );
  await db.execute(
    sql`update ${taskUsers} set opened_at = opened_at - ${shift}, handed_in_at = handed_in_at - ${shift}
      where organization_id = ${orgId} and task_id = ${task.taskId}`,
  );
  await syncTaskUsers(db, orgId, sql`tu.task_id = ${task.taskId}`);
}
