import {
  attemptCountingLabels,
  taskRangeLabels,
  taskRevealLabels,
  taskStatusLabels,
  taskTypeLabels,
  taskUserStatusLabels,
} from '@lyceum/contract';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  at,
  createTime,
  enumCheck,
  linkTable,
  organizationId,
  refId,
  tenantId,
  tenantRef,
  trigramIndex,
  updateTime,
} from '../../platform/columns';
import { examAttempts } from '../exam/attempt.table';
import { exams } from '../exam/exam.table';
import { examPapers } from '../exam-paper/exam-paper.table';
import { organizations } from '../organization/organization.table';
import { teams } from '../team/team.table';
import { users } from '../user/user.table';

// A task (decision 39): homework, or later a course or article to study, given to grades, classes
// or students. A published homework task runs on an exam row of its own (`exams.homework`), so the
// exam page, the answer journal, collection and marking serve homework unchanged.
export const tasks = pgTable(
  'tasks',
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
    id: tenantId(),
    name: varchar('name', { length: 100 }).notNull(),
    description: text('description'),
    taskType: smallint('task_type').notNull().default(1),
    rangeType: smallint('range_type').notNull().default(2),
    gradeYears: integer('grade_years').array().notNull().default([]),
    paperId: refId('paper_id'),
    // Courses or articles to study (task types 2 and 3): {kind, targetId, title}.
    items: jsonb('items').notNull().default([]),
    startTime: at('start_time').notNull(),
    dueTime: at('due_time').notNull(),
    passScore: doublePrecision('pass_score'),
    lateAccepted: boolean('late_accepted').notNull().default(false),
    lateUntil: at('late_until'),
    latePenalty: integer('late_penalty').notNull().default(0),
    attemptsAllowed: integer('attempts_allowed').notNull().default(1),
    scoreCounting: smallint('score_counting').notNull().default(1),
    reveal: smallint('reveal').notNull().default(1),
    showKey: boolean('show_key').notNull().default(true),
    instantFeedback: boolean('instant_feedback').notNull().default(false),
    status: smallint('status').notNull().default(0),
    examId: refId('exam_id'),
    creatorId: refId('creator_id'),
    publishTime: at('publish_time'),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('tasks_due_ix').on(t.organizationId, t.dueTime),
    index('tasks_exam_ix').on(t.organizationId, t.examId),
    trigramIndex('tasks_name_trgm', t.name),
    enumCheck('tasks_task_type_ck', t.taskType, taskTypeLabels),
    enumCheck('tasks_range_type_ck', t.rangeType, taskRangeLabels),
    enumCheck('tasks_status_ck', t.status, taskStatusLabels),
    enumCheck('tasks_reveal_ck', t.reveal, taskRevealLabels),
    enumCheck('tasks_score_counting_ck', t.scoreCounting, attemptCountingLabels),
    tenantRef(t.organizationId, t.paperId, examPapers),
    tenantRef(t.organizationId, t.examId, exams),
    tenantRef(t.organizationId, t.creatorId, users),
  ],
);

export const taskTeams = linkTable('task_teams', 'task_id', tasks, 'team_id', teams, true);
export const taskStudents = linkTable('task_students', 'task_id', tasks, 'user_id', users, true);

// One row per student a published task reaches (spec: per-user task status). Status, score and
// hand-ins are written from the student's paper by one statement (task-status.ts) whenever the
// paper moves, and by a sweep when the last hand-in time passes.
export const taskUsers = pgTable(
  'task_users',
  {
    organizationId: organizationId(),
    taskId: bigint('task_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
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
  (t) => [
    primaryKey({ columns: [t.organizationId, t.taskId, t.userId] }),
    index('task_users_user_ix').on(t.organizationId, t.userId),
    enumCheck('task_users_status_ck', t.status, taskUserStatusLabels),
    tenantRef(t.organizationId, t.taskId, tasks).onDelete('cascade'),
    tenantRef(t.organizationId, t.userId, users).onDelete('cascade'),
  ],
);

// Immediate feedback: an objective answer checked while working (its answer is then final).
export const taskChecks = pgTable(
  'task_checks',
  {
    organizationId: organizationId(),
    attemptId: bigint('attempt_id', { mode: 'number' }).notNull(),
    questionId: bigint('question_id', { mode: 'number' }).notNull(),
    correct: boolean('correct').notNull(),
    score: doublePrecision('score').notNull(),
    max: doublePrecision('max').notNull(),
    checkedAt: createTime(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.attemptId, t.questionId] }),
    tenantRef(t.organizationId, t.attemptId, examAttempts).onDelete('cascade'),
  ],
);
