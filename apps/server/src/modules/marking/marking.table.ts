import {
  markingFlagLabels,
  queryStatusLabels,
  reviewFlagLabels,
  scoreChangeKindLabels,
  throwOutModeLabels,
} from '@lyceum/contract';
import { boolean, doublePrecision, index, integer, jsonb, smallint, text, varchar } from 'drizzle-orm/pg-core';
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
import { examAttempts } from '../exam/attempt.table';
import { exams } from '../exam/exam.table';
import { users } from '../user/user.table';

// Marking (decision 38). One row per attempt and question of the student's paper, written by the
// marking job when the attempt ends: the machine's score at once, and for answers judged by hand a
// suggestion (keyword hints) and marking flag 1 until a teacher scores it. `score` is what counts.
export const attemptMarks = keyedTable(
  'attempt_marks',
  {
    attemptId: keyId('attempt_id'),
    questionId: keyId('question_id'),
    // Copied from the attempt so marking by question across an exam reads one index.
    examId: keyId('exam_id'),
    // The paper's score for this question here; 0 once the question is thrown out of the total.
    max: doublePrecision('max').notNull(),
    autoScore: doublePrecision('auto_score').notNull(),
    score: doublePrecision('score'),
    parts: jsonb('parts').notNull().default([]),
    manual: boolean('manual').notNull().default(false),
    markingFlag: smallint('marking_flag').notNull().default(1),
    reviewFlag: smallint('review_flag').notNull().default(2),
    comment: text('comment').notNull().default(''),
    markerId: refId('marker_id'),
    markedAt: at('marked_at'),
    reviewerId: refId('reviewer_id'),
    reviewedAt: at('reviewed_at'),
  },
  (t) => [t.attemptId, t.questionId],
  (t) => [
    index('attempt_marks_exam_q_ix').on(t.organizationId, t.examId, t.questionId),
    enumCheck('attempt_marks_marking_ck', t.markingFlag, markingFlagLabels),
    enumCheck('attempt_marks_review_ck', t.reviewFlag, reviewFlagLabels),
    tenantRef(t.organizationId, t.attemptId, examAttempts).onDelete('cascade'),
  ],
);

// A change to one question of an exam after it was sat: a new key (regraded), or thrown out.
export const examAdjustments = keyedTable(
  'exam_adjustments',
  {
    examId: keyId('exam_id'),
    questionId: keyId('question_id'),
    // The replacement key (RegradeKey), or null when only thrown out.
    key: jsonb('key'),
    throwOut: smallint('throw_out'),
    reason: varchar('reason', { length: 200 }).notNull(),
    userId: refId('user_id'),
    createTime: createTime(),
  },
  (t) => [t.examId, t.questionId],
  (t) => [
    enumCheck('exam_adjustments_throw_out_ck', t.throwOut, throwOutModeLabels),
    tenantRef(t.organizationId, t.examId, exams).onDelete('cascade'),
  ],
);

// Who marks which questions of an exam. No rows: everyone who may mark the exam marks anything.
export const examMarkers = keyedTable(
  'exam_markers',
  {
    examId: keyId('exam_id'),
    userId: keyId('user_id'),
    questionId: keyId('question_id'),
  },
  (t) => [t.examId, t.userId, t.questionId],
  (t) => ownedRefs('exam_markers_user_ix', t, [t.examId, exams], [t.userId, users], true),
);

// The audit of every change to a score after the machine's first marking: who, when, from, to, why.
export const scoreChanges = idTable(
  'score_changes',
  {
    examId: keyId('exam_id'),
    attemptId: keyId('attempt_id'),
    questionId: refId('question_id'),
    kind: smallint('kind').notNull(),
    fromScore: doublePrecision('from_score'),
    toScore: doublePrecision('to_score'),
    reason: varchar('reason', { length: 500 }).notNull().default(''),
    userId: refId('user_id'),
    at: createTime(),
  },
  (t) => [
    index('score_changes_exam_ix').on(t.organizationId, t.examId, t.attemptId),
    enumCheck('score_changes_kind_ck', t.kind, scoreChangeKindLabels),
    tenantRef(t.organizationId, t.attemptId, examAttempts).onDelete('cascade'),
  ],
);

// A student's query on the mark of one question, and the teacher's answer.
export const scoreQueries = idTable(
  'score_queries',
  {
    examId: keyId('exam_id'),
    attemptId: keyId('attempt_id'),
    questionId: keyId('question_id'),
    text: varchar('text', { length: 500 }).notNull(),
    status: smallint('status').notNull().default(1),
    reply: varchar('reply', { length: 500 }),
    repliedBy: refId('replied_by'),
    repliedAt: at('replied_at'),
    createTime: createTime(),
  },
  (t) => [
    index('score_queries_exam_ix').on(t.organizationId, t.examId, t.status),
    enumCheck('score_queries_status_ck', t.status, queryStatusLabels),
    tenantRef(t.organizationId, t.attemptId, examAttempts).onDelete('cascade'),
  ],
);

// The questions an exam's papers hold (papers drawn by rules differ per student), written by the
// marking job from each attempt's frozen paper, so reports list them without reading every paper.
// Position: the section, then the earliest place any student saw the question.
export const examQuestions = keyedTable(
  'exam_questions',
  {
    examId: keyId('exam_id'),
    questionId: keyId('question_id'),
    version: integer('version').notNull(),
    score: doublePrecision('score').notNull(),
    sectionNo: integer('section_no').notNull(),
    itemNo: integer('item_no').notNull(),
    sectionTitle: varchar('section_title', { length: 200 }).notNull().default(''),
  },
  (t) => [t.examId, t.questionId],
  (t) => [tenantRef(t.organizationId, t.examId, exams).onDelete('cascade')],
);
