import type { Attempt, AttemptSection, PaperStatus } from '@lyceum/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { homeworkRules } from '../task/task.service';
import { attemptAnswers, examAttempts } from './attempt.table';
import { examCandidates, exams } from './exam.table';

// An attempt as the student's page sees it (shared by start and save; see attempt.service).

// The attempt as `t` (callers' conditions name it so), with its exam's rules.
const t = alias(examAttempts, 't');
// What the page needs of the exam and of the caller's candidacy (start reads them with the exam).
export const examPageColumns = {
  examName: exams.name,
  durationMinutes: exams.durationMinutes,
  instructions: exams.instructions,
  addedMinutes: sql<number>`coalesce(${examCandidates.addedMinutes}, 0)`.mapWith(Number),
  fullscreen: exams.fullscreen,
  switchWarnAfter: exams.switchWarnAfter,
  switchCollectAfter: exams.switchCollectAfter,
  cameraSource: exams.cameraSource,
  snapshotIntervalSeconds: exams.snapshotIntervalSeconds,
  showScore: exams.showScore,
  allowReview: exams.allowReview,
  homework: exams.homework,
};
const attemptColumns = {
  id: t.id,
  examId: t.examId,
  userId: t.userId,
  status: t.status,
  attemptNo: t.attemptNo,
  view: t.view,
  questionIds: t.questionIds,
  totalScore: t.totalScore,
  extraMinutes: t.extraMinutes,
  startedAt: t.startedAt,
  deadline: t.deadline,
  closesAt: t.closesAt,
  endedAt: t.endedAt,
  switchCount: t.switchCount,
  notice: t.notice,
  noticeAt: t.noticeAt,
  ...examPageColumns,
};

export async function findAttempt(db: DbOrTx, orgId: number, where: SQL) {
  const [row] = await db
    .select(attemptColumns)
    .from(t)
    .innerJoin(exams, sameOrg(exams, t, [eq(exams.id, t.examId)]))
    .leftJoin(
      examCandidates,
      sameOrg(examCandidates, t, [eq(examCandidates.examId, t.examId), eq(examCandidates.userId, t.userId)]),
    )
    .where(inOrg(t, orgId, [where]));
  return row;
}
export type AttemptRow = NonNullable<Awaited<ReturnType<typeof findAttempt>>>;

export const noticeOf = (text: string | null, at: Date | null) => (text && at ? { text, at: at.getTime() } : null);

// `fresh`: the attempt was created by this call, so it holds no answers yet (nothing to read).
export async function toAttempt(
  db: DbOrTx,
  orgId: number,
  r: AttemptRow,
  now: number,
  fresh = false,
): Promise<Attempt> {
  const answers = fresh
    ? []
    : await db
        .select({
          questionId: attemptAnswers.questionId,
          answer: attemptAnswers.answer,
          revision: attemptAnswers.revision,
          savedAt: attemptAnswers.savedAt,
        })
        .from(attemptAnswers)
        .where(inOrg(attemptAnswers, orgId, [eq(attemptAnswers.attemptId, r.id)]));
  return {
    id: r.id,
    examId: r.examId,
    examName: r.examName,
    status: r.status as PaperStatus,
    startedAt: r.startedAt.getTime(),
    deadline: r.deadline.getTime(),
    closesAt: r.closesAt.getTime(),
    serverNow: now,
    durationMinutes: r.durationMinutes,
    extraMinutes: r.extraMinutes + r.addedMinutes,
    instructions: r.instructions,
    rules: {
      fullscreen: r.fullscreen,
      switchWarnAfter: r.switchWarnAfter,
      switchCollectAfter: r.switchCollectAfter,
      cameraSource: r.cameraSource as 1 | 2 | null,
      snapshotIntervalSeconds: r.snapshotIntervalSeconds,
      showScore: r.showScore as 1 | 2 | 3,
      allowReview: r.allowReview,
    },
    totalScore: r.totalScore,
    // Frozen at the start: the page's view of the drawn paper.
    sections: r.view as AttemptSection[],
    answers: answers.map((a) => ({
      questionId: a.questionId,
      answer: a.answer as Attempt['answers'][number]['answer'],
      revision: a.revision,
      savedAt: a.savedAt.getTime(),
    })),
    switchCount: r.switchCount,
    notice: noticeOf(r.notice, r.noticeAt),
    endedAt: r.endedAt?.getTime() ?? null,
    homework: r.homework ? await homeworkRules(db, orgId, r.examId, r.id, r.userId) : null,
  };
}
