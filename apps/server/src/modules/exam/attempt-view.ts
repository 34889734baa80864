import type { Attempt, AttemptSection, PaperStatus } from '@lyceum/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { rows } from '../../platform/sql-rows';
import { homeworkRules } from '../task/task.service';
import { attemptAnswers, examAttempts } from './attempt.table';
import { examCandidates, exams } from './exam.table';
import { ms } from './exam-time';

// An attempt as the student's page sees it (shared by start and save; see attempt.service).

export interface AttemptRow extends Record<string, unknown> {
  id: number;
  exam_id: number;
  user_id: number;
  status: number;
  attempt_no: number;
  view: AttemptSection[];
  question_ids: number[];
  total_score: number;
  extra_minutes: number;
  started_at: string;
  deadline: string;
  closes_at: string;
  ended_at: string | null;
  switch_count: number;
  notice: string | null;
  notice_at: string | null;
  exam_name: string;
  duration_minutes: number;
  instructions: string | null;
  added_minutes: number;
  fullscreen: boolean;
  switch_warn_after: number;
  switch_collect_after: number | null;
  camera_source: number | null;
  snapshot_interval_seconds: number;
  show_score: number;
  allow_review: boolean;
  homework: boolean;
}

const attemptColumns = sql`t.id, t.exam_id, t.user_id, t.status, t.attempt_no, t.view, t.question_ids, t.total_score,
  t.extra_minutes, t.started_at, t.deadline, t.closes_at, t.ended_at, t.switch_count, t.notice, t.notice_at,
  e.name as exam_name, e.duration_minutes, e.instructions, coalesce(c.added_minutes, 0) as added_minutes,
  e.fullscreen, e.switch_warn_after, e.switch_collect_after, e.camera_source, e.snapshot_interval_seconds,
  e.show_score, e.allow_review, e.homework`;
const attemptJoins = sql`from ${examAttempts} t
  join ${exams} e on e.organization_id = t.organization_id and e.id = t.exam_id
  left join ${examCandidates} c on c.organization_id = t.organization_id and c.exam_id = t.exam_id
    and c.user_id = t.user_id`;

export async function findAttempt(db: DbOrTx, orgId: number, where: SQL): Promise<AttemptRow | undefined> {
  const [row] = await rows<AttemptRow>(
    db,
    sql`select ${attemptColumns} ${attemptJoins} where t.organization_id = ${orgId} and ${where}`,
  );
  return row;
}

export const noticeOf = (r: { notice: string | null; notice_at: string | null }) =>
  r.notice && r.notice_at ? { text: r.notice, at: ms(r.notice_at)! } : null;

export async function toAttempt(db: DbOrTx, orgId: number, r: AttemptRow, now: number): Promise<Attempt> {
  const answers = await db
    .select({
      questionId: attemptAnswers.questionId,
      answer: attemptAnswers.answer,
      revision: attemptAnswers.revision,
      savedAt: attemptAnswers.savedAt,
    })
    .from(attemptAnswers)
    .where(sql`${attemptAnswers.organizationId} = ${orgId} and ${attemptAnswers.attemptId} = ${r.id}`);
  return {
    id: Number(r.id),
    examId: Number(r.exam_id),
    examName: r.exam_name,
    status: Number(r.status) as PaperStatus,
    startedAt: ms(r.started_at)!,
    deadline: ms(r.deadline)!,
    closesAt: ms(r.closes_at)!,
    serverNow: now,
    durationMinutes: Number(r.duration_minutes),
    extraMinutes: Number(r.extra_minutes) + Number(r.added_minutes),
    instructions: r.instructions,
    rules: {
      fullscreen: r.fullscreen,
      switchWarnAfter: Number(r.switch_warn_after),
      switchCollectAfter: r.switch_collect_after == null ? null : Number(r.switch_collect_after),
      cameraSource: r.camera_source == null ? null : (Number(r.camera_source) as 1 | 2),
      snapshotIntervalSeconds: Number(r.snapshot_interval_seconds),
      showScore: Number(r.show_score) as 1 | 2 | 3,
      allowReview: r.allow_review,
    },
    totalScore: Number(r.total_score),
    sections: r.view,
    answers: answers.map((a) => ({
      questionId: a.questionId,
      answer: a.answer as Attempt['answers'][number]['answer'],
      revision: a.revision,
      savedAt: a.savedAt.getTime(),
    })),
    switchCount: Number(r.switch_count),
    notice: noticeOf(r),
    endedAt: ms(r.ended_at),
    homework: r.homework ? await homeworkRules(db, orgId, Number(r.exam_id), Number(r.id), Number(r.user_id)) : null,
  };
}
