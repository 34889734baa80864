import { answerStatusLabels, examLogTypeLabels, paperStatusLabels, reviewDecisionLabels } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  at,
  createTime,
  enumCheck,
  idTable,
  keyedTable,
  keyId,
  ownedRefs,
  refId,
  tenantRef,
} from '../../platform/columns';
import { users } from '../user/user.table';
import { exams } from './exam.table';

// One student's sitting of one exam (decision 37). The unique key makes "one attempt per student
// and exam" the database's promise, so two tabs or devices starting at once meet the same row.
// The deadline is stored (start + duration + extra time, at most the window's end + extra time,
// moved by added time); `closes_at` is the deadline plus the exam's grace, the last moment a save
// is taken and the moment the collector ends what is still open.
export const examAttempts = idTable(
  'exam_attempts',
  {
    examId: keyId('exam_id'),
    userId: keyId('user_id'),
    status: smallint('status').notNull().default(3),
    // Which sitting this is: 1, then one more each time the paper opens again for a redo or a retake
    // (the earlier ones are kept in attempt_history).
    attemptNo: integer('attempt_no').notNull().default(1),
    // The student's paper as drawn (StudentPaper: questions, versions, scores, option orders), and
    // what the page shows of it (no keys), both frozen at the start.
    paper: jsonb('paper').notNull(),
    view: jsonb('view').notNull(),
    questionIds: refId('question_ids').array().notNull(),
    totalScore: doublePrecision('total_score').notNull(),
    extraMinutes: integer('extra_minutes').notNull().default(0),
    startedAt: at('started_at').notNull(),
    deadline: at('deadline').notNull(),
    closesAt: at('closes_at').notNull(),
    endedAt: at('ended_at'),
    endReason: varchar('end_reason', { length: 200 }),
    lastSeen: at('last_seen'),
    switchCount: integer('switch_count').notNull().default(0),
    leftCount: integer('left_count').notNull().default(0),
    snapshotCount: integer('snapshot_count').notNull().default(0),
    eventCount: integer('event_count').notNull().default(0),
    flagged: boolean('flagged').notNull().default(false),
    reviewDecision: smallint('review_decision'),
    reviewNote: varchar('review_note', { length: 500 }),
    reviewerId: refId('reviewer_id'),
    reviewTime: at('review_time'),
    // Marking (decision 38): how the attempt ended (4, 5, 6 or 8; status becomes 7 once marked),
    // the score so far, the maximum (less when a question leaves the total), answers waiting for a
    // teacher, and paper answer status (3 answering, 1 scored, 2 confirmed).
    endStatus: smallint('end_status'),
    score: doublePrecision('score'),
    scoreMax: doublePrecision('score_max'),
    pendingCount: integer('pending_count').notNull().default(0),
    answerStatus: smallint('answer_status').notNull().default(3),
    markedAt: at('marked_at'),
    notice: varchar('notice', { length: 500 }),
    noticeAt: at('notice_at'),
    createTime: createTime(),
  },
  (t) => [
    uniqueIndex('exam_attempts_exam_user_uq').on(t.organizationId, t.examId, t.userId),
    ...ownedRefs('exam_attempts_user_ix', t, [t.examId, exams], [t.userId, users], true),
    // The collector's scan: open attempts by closing time.
    index('exam_attempts_open_ix').on(t.closesAt).where(sql`status = 3`),
    enumCheck('exam_attempts_status_ck', t.status, paperStatusLabels),
    enumCheck('exam_attempts_review_ck', t.reviewDecision, reviewDecisionLabels),
    enumCheck('exam_attempts_answer_status_ck', t.answerStatus, answerStatusLabels),
    // The marking sweep: ended attempts not marked yet.
    index('exam_attempts_unmarked_ix').on(t.endedAt).where(sql`marked_at is null and status <> 3`),
  ],
);

// A sitting before the current one, kept when the paper opens again (a homework redo or return, or
// a retake of an exam that allows several): its score, times and answers as they were. The key makes
// a second copy of the same sitting impossible.
export const attemptHistory = keyedTable(
  'attempt_history',
  {
    examId: keyId('exam_id'),
    userId: keyId('user_id'),
    attemptNo: integer('attempt_no').notNull(),
    startedAt: at('started_at'),
    endedAt: at('ended_at'),
    late: boolean('late').notNull().default(false),
    // Given back by the teacher (homework) rather than opened again by the student.
    returned: boolean('returned').notNull().default(false),
    // The marked score (null: not marked then); `score` after a homework's late penalty.
    rawScore: doublePrecision('raw_score'),
    score: doublePrecision('score'),
    maxScore: doublePrecision('max_score'),
    // [{questionId, answer, score}] as handed in and marked.
    answers: jsonb('answers').notNull().default([]),
    createTime: createTime(),
  },
  (t) => [t.examId, t.userId, t.attemptNo],
  (t) => ownedRefs('attempt_history_user_ix', t, [t.examId, exams], [t.userId, users], true),
);

// The stored answer per question: the highest revision a client sent wins.
export const attemptAnswers = keyedTable(
  'attempt_answers',
  {
    attemptId: keyId('attempt_id'),
    questionId: keyId('question_id'),
    answer: jsonb('answer'),
    revision: integer('revision').notNull(),
    savedAt: at('saved_at').notNull(),
  },
  (t) => [t.attemptId, t.questionId],
  (t) => [tenantRef(t.organizationId, t.attemptId, examAttempts).onDelete('cascade')],
);

// The proctoring timeline (spec: log detail types). A repeated event (same type and device time)
// is stored once, so a retried batch changes nothing.
export const attemptEvents = idTable(
  'attempt_events',
  {
    attemptId: keyId('attempt_id'),
    type: smallint('type').notNull(),
    at: at('at').notNull(),
    receivedAt: at('received_at').notNull(),
    detail: text('detail').notNull().default(''),
    // A snapshot or screenshot (purpose `snapshot`); no foreign key: the retention job deletes the
    // file and the timeline then shows the entry without its picture.
    fileId: refId('file_id'),
  },
  (t) => [
    uniqueIndex('attempt_events_once_uq').on(t.organizationId, t.attemptId, t.type, t.at),
    enumCheck('attempt_events_type_ck', t.type, examLogTypeLabels),
    tenantRef(t.organizationId, t.attemptId, examAttempts).onDelete('cascade'),
  ],
);
