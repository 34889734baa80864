import {
  attemptCountingLabels,
  taskRangeLabels,
  taskRevealLabels,
  taskStatusLabels,
  taskTypeLabels,
  taskUserStatusLabels,
} from '@lyceum/contract';
import { boolean, doublePrecision, index, integer, jsonb, smallint, text, varchar } from 'drizzle-orm/pg-core';
import {
  at,
  attemptRules,
  createTime,
  enumCheck,
  gradeYears,
  keyedTable,
  keyId,
  linkTable,
  ownedRefs,
  publishStamps,
  refId,
  tenantRef,
  tenantRefs,
  trigramIndex,
  updateTime,
} from '../../platform/columns';
import { tenantTable } from '../../platform/organizations.table';
import { examAttempts } from '../exam/attempt.table';
import { exams } from '../exam/exam.table';
import { examPapers } from '../exam-paper/exam-paper.table';
import { teams } from '../team/team.table';
import { users } from '../user/user.table';

// A task (decision 39): homework, or later a course or article to study, given to grades, classes
// or students. A published homework task runs on an exam row of its own (`exams.homework`), so the
// exam page, the answer journal, collection and marking serve homework unchanged.
export const tasks = tenantTable(
  'tasks',
  {
    name: varchar('name', { length: 100 }).notNull(),
    description: text('description'),
    taskType: smallint('task_type').notNull().default(1),
    rangeType: smallint('range_type').notNull().default(2),
    gradeYears: gradeYears(),
    paperId: refId('paper_id'),
    // Courses or articles to study (task types 2 and 3): {kind, targetId, title}.
    items: jsonb('items').notNull().default([]),
    startTime: at('start_time').notNull(),
    dueTime: at('due_time').notNull(),
    passScore: doublePrecision('pass_score'),
    lateAccepted: boolean('late_accepted').notNull().default(false),
    lateUntil: at('late_until'),
    latePenalty: integer('late_penalty').notNull().default(0),
    ...attemptRules(),
    reveal: smallint('reveal').notNull().default(1),
    showKey: boolean('show_key').notNull().default(true),
    instantFeedback: boolean('instant_feedback').notNull().default(false),
    status: smallint('status').notNull().default(0),
    examId: refId('exam_id'),
    creatorId: refId('creator_id'),
    ...publishStamps(),
  },
  (t) => [
    index('tasks_due_ix').on(t.organizationId, t.dueTime),
    index('tasks_exam_ix').on(t.organizationId, t.examId),
    trigramIndex('tasks_name_trgm', t.name),
    enumCheck('tasks_task_type_ck', t.taskType, taskTypeLabels),
    enumCheck('tasks_range_type_ck', t.rangeType, taskRangeLabels),
    enumCheck('tasks_status_ck', t.status, taskStatusLabels),
    enumCheck('tasks_reveal_ck', t.reveal, taskRevealLabels),
    enumCheck('tasks_score_counting_ck', t.scoreCounting, attemptCountingLabels),
    ...tenantRefs(t, [t.paperId, examPapers], [t.examId, exams], [t.creatorId, users]),
  ],
);

export const taskTeams = linkTable('task_teams', 'task_id', tasks, 'team_id', teams, true);
export const taskStudents = linkTable('task_students', 'task_id', tasks, 'user_id', users, true);

// One row per student a published task reaches (spec: per-user task status). Status, score and
// hand-ins are written from the student's paper by one statement (task-status.ts) whenever the
// paper moves, and by a sweep when the last hand-in time passes.
export const taskUsers = keyedTable(
  'task_users',
  {
    taskId: keyId('task_id'),
    userId: keyId('user_id'),
    status: smallint('status').notNull().default(0),
    openedAt: at('opened_at'),
    handedInAt: at('handed_in_at'),
    late: boolean('late').notNull().default(false),
    rawScore: doublePrecision('raw_score'),
    score: doublePrecision('score'),
    // Times the paper was opened again after a hand-in (the student's redo or a teacher's return).
    redoCount: integer('redo_count').notNull().default(0),
    returnedCount: integer('returned_count').notNull().default(0),
    returnNote: varchar('return_note', { length: 500 }),
    // Studied items of a course or knowledge-base task (their positions), for when those areas land.
    itemsDone: integer('items_done').array().notNull().default([]),
    updateTime: updateTime(),
  },
  (t) => [t.taskId, t.userId],
  (t) => [
    ...ownedRefs('task_users_user_ix', t, [t.taskId, tasks], [t.userId, users], true),
    enumCheck('task_users_status_ck', t.status, taskUserStatusLabels),
  ],
);

// Immediate feedback: an objective answer checked while working (its answer is then final).
export const taskChecks = keyedTable(
  'task_checks',
  {
    attemptId: keyId('attempt_id'),
    questionId: keyId('question_id'),
    correct: boolean('correct').notNull(),
    score: doublePrecision('score').notNull(),
    max: doublePrecision('max').notNull(),
    checkedAt: createTime(),
  },
  (t) => [t.attemptId, t.questionId],
  (t) => [tenantRef(t.organizationId, t.attemptId, examAttempts).onDelete('cascade')],
);
