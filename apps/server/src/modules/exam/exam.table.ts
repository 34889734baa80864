import {
  attemptCountingLabels,
  cameraSourceLabels,
  candidateSourceLabels,
  candidateStatusLabels,
  examStateLabels,
  registrationModeLabels,
  showScoreLabels,
  studentExamStatusLabels,
} from '@lyceum/contract';
import { boolean, doublePrecision, index, integer, smallint, text, varchar } from 'drizzle-orm/pg-core';
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
import { teachVenues } from '../calendar/calendar.table';
import { departments } from '../department/department.table';
import { examPapers } from '../exam-paper/exam-paper.table';
import { teams } from '../team/team.table';
import { users } from '../user/user.table';

// An exam: a published paper given to candidates in a window, at a venue, under rules. Its status
// on the clock (not started, in progress, ended) is derived when read; `state` is the office's.
export const exams = tenantTable(
  'exams',
  {
    name: varchar('name', { length: 100 }).notNull(),
    paperId: keyId('paper_id'),
    windowStart: at('window_start').notNull(),
    windowEnd: at('window_end').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    latestEntryMinutes: integer('latest_entry_minutes'),
    graceSeconds: integer('grace_seconds').notNull().default(60),
    instructions: text('instructions'),
    gradeYears: gradeYears(),
    venueId: refId('venue_id'),
    virtualRoomId: varchar('virtual_room_id', { length: 64 }),
    registrationMode: smallint('registration_mode').notNull().default(1),
    registrationStart: at('registration_start'),
    registrationEnd: at('registration_end'),
    capacity: integer('capacity'),
    needsApproval: boolean('needs_approval').notNull().default(false),
    shuffleQuestions: boolean('shuffle_questions').notNull().default(false),
    shuffleOptions: boolean('shuffle_options').notNull().default(false),
    fullscreen: boolean('fullscreen').notNull().default(false),
    switchWarnAfter: integer('switch_warn_after').notNull().default(3),
    switchCollectAfter: integer('switch_collect_after'),
    cameraSource: smallint('camera_source'),
    snapshotIntervalSeconds: integer('snapshot_interval_seconds').notNull().default(60),
    showScore: smallint('show_score').notNull().default(3),
    allowReview: boolean('allow_review').notNull().default(false),
    // A practice exam's review opens at hand-in; otherwise once the exam has closed for everyone.
    reviewAfterHandIn: boolean('review_after_hand_in').notNull().default(false),
    // Sittings a student may have (a practice exam taken again), and which of them make the score.
    ...attemptRules(),
    state: smallint('state').notNull().default(1),
    // Approved and pending candidates, written whenever the list changes (never typed in).
    candidateCount: integer('candidate_count').notNull().default(0),
    pendingCount: integer('pending_count').notNull().default(0),
    cancelReason: varchar('cancel_reason', { length: 200 }),
    // Scores confirmed (decision 38): they lock, and students see them by the exam's rule.
    scoresConfirmedAt: at('scores_confirmed_at'),
    scoresConfirmedBy: refId('scores_confirmed_by'),
    // The paper of a homework task (decision 39): left out of every exam screen and check; its
    // scores show from `scores_shown_from` (the task's due time) when the task says so.
    homework: boolean('homework').notNull().default(false),
    scoresShownFrom: at('scores_shown_from'),
    creatorId: refId('creator_id'),
    ...publishStamps(),
  },
  (t) => [
    index('exams_window_ix').on(t.organizationId, t.windowStart, t.windowEnd),
    index('exams_paper_ix').on(t.organizationId, t.paperId),
    index('exams_venue_ix').on(t.organizationId, t.venueId),
    trigramIndex('exams_name_trgm', t.name),
    enumCheck('exams_state_ck', t.state, examStateLabels),
    enumCheck('exams_registration_mode_ck', t.registrationMode, registrationModeLabels),
    enumCheck('exams_show_score_ck', t.showScore, showScoreLabels),
    enumCheck('exams_camera_source_ck', t.cameraSource, cameraSourceLabels),
    enumCheck('exams_score_counting_ck', t.scoreCounting, attemptCountingLabels),
    ...tenantRefs(t, [t.paperId, examPapers], [t.venueId, teachVenues], [t.creatorId, users]),
  ],
);

// The exam's link sets (join tables with foreign keys): classes, departments and students it is
// addressed to, and its invigilators.
export const examTeams = linkTable('exam_teams', 'exam_id', exams, 'team_id', teams);
export const examDepartments = linkTable('exam_departments', 'exam_id', exams, 'department_id', departments);
export const examStudents = linkTable('exam_students', 'exam_id', exams, 'user_id', users);
export const examInvigilators = linkTable('exam_invigilators', 'exam_id', exams, 'user_id', users);

// Who sits an exam: written when an assigned exam is published (the targets resolved), or by each
// registration. One row per student and exam, guaranteed by the key.
export const examCandidates = keyedTable(
  'exam_candidates',
  {
    examId: keyId('exam_id'),
    userId: keyId('user_id'),
    source: smallint('source').notNull().default(1),
    status: smallint('status').notNull().default(2),
    studentStatus: smallint('student_status').notNull().default(1),
    seatNo: integer('seat_no'),
    // A per-exam accommodation for this candidate (null: the student's own).
    extraTimeFactor: doublePrecision('extra_time_factor'),
    extraMinutes: integer('extra_minutes'),
    // Time an invigilator added on exam day (applies to the attempt, started or not).
    addedMinutes: integer('added_minutes').notNull().default(0),
    registeredTime: createTime(),
    decidedTime: at('decided_time'),
  },
  (t) => [t.examId, t.userId],
  (t) => [
    ...ownedRefs('exam_candidates_user_ix', t, [t.examId, exams], [t.userId, users], true),
    enumCheck('exam_candidates_source_ck', t.source, candidateSourceLabels),
    enumCheck('exam_candidates_status_ck', t.status, candidateStatusLabels),
    enumCheck('exam_candidates_student_status_ck', t.studentStatus, studentExamStatusLabels),
  ],
);

// A student's accommodations: more time in every timed exam.
export const accommodations = keyedTable(
  'accommodations',
  {
    userId: keyId('user_id'),
    extraTimeFactor: doublePrecision('extra_time_factor').notNull().default(1),
    extraMinutes: integer('extra_minutes').notNull().default(0),
    note: varchar('note', { length: 200 }),
    updateTime: updateTime(),
  },
  (t) => [t.userId],
  (t) => [tenantRef(t.organizationId, t.userId, users).onDelete('cascade')],
);
