import {
  completionRuleLabels,
  courseRangeLabels,
  courseStatusLabels,
  enrolmentSourceLabels,
  learnerStatusLabels,
  lessonTypeLabels,
  priceKindLabels,
  progressEventLabels,
} from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
  gradeYears,
  idTable,
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
import { courseCategories } from '../catalogue/catalogue.table';
import { certificateTemplates } from '../certificate/certificate.table';
import { departments } from '../department/department.table';
import { exams } from '../exam/exam.table';
import { examPapers } from '../exam-paper/exam-paper.table';
import { teams } from '../team/team.table';
import { users } from '../user/user.table';

// Courses (issue 30). The rows here are the draft editors change; `course_versions` keeps each
// published version as a snapshot, and students learn the latest one. Progress is keyed by lesson id
// (ids stay stable across edits, as in every owned collection), so an edit never loses it.
export const courses = tenantTable(
  'courses',
  {
    code: varchar('code', { length: 32 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    coverUrl: varchar('cover_url', { length: 512 }),
    categoryId: refId('category_id'),
    description: text('description').notNull().default(''),
    required: boolean('required').notNull().default(false),
    creditHours: doublePrecision('credit_hours').notNull().default(0),
    selfEnrol: boolean('self_enrol').notNull().default(true),
    sequential: boolean('sequential').notNull().default(false),
    priceKind: smallint('price_kind'),
    price: integer('price'),
    status: smallint('status').notNull().default(1),
    // The latest published version (0: never published), and whether the draft differs from it.
    version: integer('version').notNull().default(0),
    draftChanged: boolean('draft_changed').notNull().default(true),
    ownerId: refId('owner_id'),
    // The certificate a learner who completes the course is issued (issue 34); none: no certificate.
    certificateTemplateId: refId('certificate_template_id'),
    ...publishStamps(),
  },
  (t) => [
    uniqueIndex('courses_code_uq').on(t.organizationId, sql`lower(${t.code})`),
    trigramIndex('courses_title_trgm', t.title),
    enumCheck('courses_status_ck', t.status, courseStatusLabels),
    enumCheck('courses_price_kind_ck', t.priceKind, priceKindLabels),
    check('courses_price_ck', sql`${t.price} is null or ${t.price} >= 0`),
    ...tenantRefs(t, [t.categoryId, courseCategories], [t.ownerId, users]),
    ...tenantRefs(t, [t.certificateTemplateId, certificateTemplates]),
  ],
);

export const courseTeachers = linkTable('course_teachers', 'course_id', courses, 'user_id', users, true);

export const courseChapters = idTable(
  'course_chapters',
  {
    courseId: keyId('course_id'),
    sort: integer('sort').notNull().default(0),
    key: varchar('key', { length: 36 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    requires: varchar('requires', { length: 36 }).array().notNull().default(sql`'{}'::varchar[]`),
  },
  (t) => [
    index('course_chapters_course_ix').on(t.organizationId, t.courseId),
    tenantRef(t.organizationId, t.courseId, courses).onDelete('cascade'),
  ],
);

export const courseLessons = idTable(
  'course_lessons',
  {
    chapterId: keyId('chapter_id'),
    sort: integer('sort').notNull().default(0),
    key: varchar('key', { length: 36 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    lessonType: smallint('lesson_type').notNull(),
    fileUrl: varchar('file_url', { length: 512 }),
    durationSeconds: doublePrecision('duration_seconds'),
    body: text('body').notNull().default(''),
    paperId: refId('paper_id'),
    completionRule: smallint('completion_rule').notNull(),
    threshold: doublePrecision('threshold'),
    requires: varchar('requires', { length: 36 }).array().notNull().default(sql`'{}'::varchar[]`),
  },
  (t) => [
    index('course_lessons_chapter_ix').on(t.organizationId, t.chapterId),
    tenantRef(t.organizationId, t.chapterId, courseChapters).onDelete('cascade'),
    tenantRef(t.organizationId, t.paperId, examPapers),
    enumCheck('course_lessons_lesson_type_ck', t.lessonType, lessonTypeLabels),
    enumCheck('course_lessons_completion_rule_ck', t.completionRule, completionRuleLabels),
  ],
);

// Each published version: the outline students learn (chapters, lessons with their content and
// rules) as it was published. Lessons keep their ids from the draft.
export const courseVersions = keyedTable(
  'course_versions',
  {
    courseId: keyId('course_id'),
    version: integer('version').notNull(),
    content: jsonb('content').notNull(),
    lessonCount: integer('lesson_count').notNull(),
    publishedBy: refId('published_by'),
    publishTime: createTime(),
  },
  (t) => [t.courseId, t.version],
  (t) => [tenantRef(t.organizationId, t.courseId, courses).onDelete('cascade')],
);

// A quiz lesson's practice exam (hidden from the exam screens), made when the lesson is first published.
export const lessonExams = keyedTable(
  'lesson_exams',
  {
    lessonId: keyId('lesson_id'),
    courseId: keyId('course_id'),
    paperId: keyId('paper_id'),
    examId: keyId('exam_id'),
  },
  (t) => [t.lessonId, t.paperId],
  (t) => [
    uniqueIndex('lesson_exams_exam_uq').on(t.organizationId, t.examId),
    ...ownedRefs('lesson_exams_exam_ix', t, [t.courseId, courses], [t.examId, exams], true),
  ],
);

// Who a course is assigned to (the task range words, and departments with their sub-departments).
export const courseAssignments = tenantTable(
  'course_assignments',
  {
    courseId: keyId('course_id'),
    rangeType: smallint('range_type').notNull(),
    gradeYears: gradeYears(),
    required: boolean('required').notNull().default(true),
    dueTime: at('due_time'),
    creatorId: refId('creator_id'),
    createTime: createTime(),
  },
  (t) => [
    index('course_assignments_course_ix').on(t.organizationId, t.courseId),
    tenantRef(t.organizationId, t.courseId, courses).onDelete('cascade'),
    tenantRef(t.organizationId, t.creatorId, users),
    enumCheck('course_assignments_range_type_ck', t.rangeType, courseRangeLabels),
  ],
);
export const assignmentTeams = linkTable(
  'course_assignment_teams',
  'assignment_id',
  courseAssignments,
  'team_id',
  teams,
  true,
);
export const assignmentDepartments = linkTable(
  'course_assignment_departments',
  'assignment_id',
  courseAssignments,
  'department_id',
  departments,
  true,
);
export const assignmentStudents = linkTable(
  'course_assignment_students',
  'assignment_id',
  courseAssignments,
  'user_id',
  users,
  true,
);

// One row per learner and course: how they came (assignment, self, order, task), and the progress
// derived from their lesson progress against the latest version (rewritten with every change).
export const courseEnrolments = keyedTable(
  'course_enrolments',
  {
    courseId: keyId('course_id'),
    userId: keyId('user_id'),
    source: smallint('source').notNull(),
    // The assignment (or task) that brought them, when one did.
    sourceId: refId('source_id'),
    required: boolean('required').notNull().default(false),
    dueTime: at('due_time'),
    status: smallint('status').notNull().default(0),
    progress: doublePrecision('progress').notNull().default(0),
    lessonsDone: integer('lessons_done').notNull().default(0),
    lessons: integer('lessons').notNull().default(0),
    // Continue where they left off.
    lastLessonId: refId('last_lesson_id'),
    lastStudyAt: at('last_study_at'),
    // The version the student last opened (lessons published since are "new").
    seenVersion: integer('seen_version').notNull().default(0),
    enrolledAt: createTime(),
    completedAt: at('completed_at'),
    updateTime: updateTime(),
  },
  (t) => [t.courseId, t.userId],
  (t) => [
    ...ownedRefs('course_enrolments_user_ix', t, [t.courseId, courses], [t.userId, users], true),
    enumCheck('course_enrolments_source_ck', t.source, enrolmentSourceLabels),
    enumCheck('course_enrolments_status_ck', t.status, learnerStatusLabels),
    check('course_enrolments_progress_ck', sql`${t.progress} >= 0 and ${t.progress} <= 100`),
  ],
);

// A learner's state in one lesson, written beside the progress log in the same transaction (the
// log is the record; this is its sum). `lesson_id` has no foreign key: a lesson removed from the
// draft stays in the versions published before, and so does the progress made on it.
export const lessonProgress = keyedTable(
  'lesson_progress',
  {
    lessonId: keyId('lesson_id'),
    userId: keyId('user_id'),
    courseId: keyId('course_id'),
    status: smallint('status').notNull().default(0),
    // Merged watched ranges [[from, to], ...] in seconds, and their total.
    watched: jsonb('watched').notNull().default([]),
    watchedSeconds: doublePrecision('watched_seconds').notNull().default(0),
    position: doublePrecision('position').notNull().default(0),
    viewed: boolean('viewed').notNull().default(false),
    markedDone: boolean('marked_done').notNull().default(false),
    quizScore: doublePrecision('quiz_score'),
    attended: boolean('attended').notNull().default(false),
    completedAt: at('completed_at'),
    // The nonce the next heartbeat must carry, and when it was issued (by the database's clock).
    nonce: varchar('nonce', { length: 64 }),
    nonceAt: at('nonce_at'),
    updateTime: updateTime(),
  },
  (t) => [t.lessonId, t.userId],
  (t) => [
    index('lesson_progress_course_ix').on(t.organizationId, t.courseId, t.userId),
    tenantRef(t.organizationId, t.courseId, courses).onDelete('cascade'),
    tenantRef(t.organizationId, t.userId, users).onDelete('cascade'),
    enumCheck('lesson_progress_status_ck', t.status, learnerStatusLabels),
    check('lesson_progress_watched_ck', sql`${t.watchedSeconds} >= 0`),
  ],
);

// The append-only progress log: every open, counted heartbeat, mark and quiz score. A nonce is
// spent once (the unique index), so a replayed heartbeat is refused by the database itself.
export const progressLog = tenantTable(
  'progress_log',
  {
    userId: keyId('user_id'),
    courseId: keyId('course_id'),
    lessonId: keyId('lesson_id'),
    event: smallint('event').notNull(),
    fromSec: doublePrecision('from_sec'),
    toSec: doublePrecision('to_sec'),
    counted: doublePrecision('counted').notNull().default(0),
    rate: doublePrecision('rate'),
    hidden: boolean('hidden').notNull().default(false),
    nonce: varchar('nonce', { length: 64 }),
    createTime: createTime(),
  },
  (t) => [
    index('progress_log_user_ix').on(t.organizationId, t.userId, t.lessonId, t.id),
    uniqueIndex('progress_log_nonce_uq').on(t.organizationId, t.nonce),
    tenantRef(t.organizationId, t.courseId, courses).onDelete('cascade'),
    tenantRef(t.organizationId, t.userId, users).onDelete('cascade'),
    enumCheck('progress_log_event_ck', t.event, progressEventLabels),
  ],
);
