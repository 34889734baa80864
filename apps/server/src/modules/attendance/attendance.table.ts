import {
  alertRuleKindLabels,
  attendanceKindLabels,
  dayAttendanceLabels,
  leaveStatusLabels,
  markSourceLabels,
} from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  jsonb,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  at,
  createTime,
  enumCheck,
  idTable,
  keyId,
  linkTable,
  refId,
  stamps,
  tenantRefs,
} from '../../platform/columns';
import { files } from '../file/file.table';
import { liveClasses } from '../live-class/live-class.table';
import { teams } from '../team/team.table';
import { lessons } from '../timetable/timetable.table';
import { users } from '../user/user.table';

// Attendance (issue 31): the organisation's statuses, a session per lesson occurrence (or live class,
// or ad hoc), marks as an append-only log with their evidence, leave requests, the daily roll-up and
// the early-warning rules.

// A status the organisation names (present, late, ...): its kind for roll-ups, its weight in rates
// (1 counts fully present, 0 absent), and whether a mark with it needs a reason.
export const attendanceStatuses = idTable(
  'attendance_statuses',
  {
    name: varchar('name', { length: 32 }).notNull(),
    kind: smallint('kind').notNull(),
    weight: doublePrecision('weight').notNull().default(1),
    requiresReason: boolean('requires_reason').notNull().default(false),
    // What a taking screen starts every student on (one per organisation).
    isDefault: boolean('is_default').notNull().default(false),
    sort: smallint('sort').notNull().default(0),
    createTime: createTime(),
  },
  (t) => [
    uniqueIndex('attendance_statuses_name_uq').on(t.organizationId, sql`lower(${t.name})`),
    uniqueIndex('attendance_statuses_default_uq').on(t.organizationId).where(sql`${t.isDefault}`),
    enumCheck('attendance_statuses_kind_ck', t.kind, attendanceKindLabels),
    check('attendance_statuses_weight_ck', sql`${t.weight} between 0 and 1`),
  ],
);

// One roll call: of a lesson occurrence (one per lesson), a live class, or ad hoc (an assembly).
// `takenAt` is when the teacher first submitted it; `qrSecret` seeds the rotating check-in code.
export const attendanceSessions = idTable(
  'attendance_sessions',
  {
    lessonId: refId('lesson_id'),
    liveClassId: refId('live_class_id'),
    teamId: keyId('team_id'),
    teacherId: keyId('teacher_id'),
    title: varchar('title', { length: 64 }).notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    qrSecret: varchar('qr_secret', { length: 64 }).notNull(),
    qrOpen: boolean('qr_open').notNull().default(false),
    takenAt: at('taken_at'),
    takenBy: refId('taken_by'),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('attendance_sessions_lesson_uq').on(t.organizationId, t.lessonId),
    // A live class has one roll call per class it is for (issue 32).
    uniqueIndex('attendance_sessions_live_uq').on(t.organizationId, t.liveClassId, t.teamId),
    index('attendance_sessions_team_ix').on(t.organizationId, t.teamId, t.startsAt),
    // The school's sessions of a period (statistics, the untaken board).
    index('attendance_sessions_starts_ix').on(t.organizationId, t.startsAt),
    index('attendance_sessions_teacher_ix').on(t.organizationId, t.teacherId, t.startsAt),
    check('attendance_sessions_time_ck', sql`${t.startsAt} < ${t.endsAt}`),
    ...tenantRefs(
      t,
      [t.lessonId, lessons],
      [t.liveClassId, liveClasses],
      [t.teamId, teams],
      [t.teacherId, users],
      [t.takenBy, users],
    ),
  ],
);

// Leave: a student's (or staff on their behalf) request for a time range, with a reason and
// documents; approval writes excused marks for the lessons it covers, future ones included.
export const leaveRequests = idTable(
  'leave_requests',
  {
    studentId: keyId('student_id'),
    fromAt: at('from_at').notNull(),
    toAt: at('to_at').notNull(),
    reason: varchar('reason', { length: 500 }).notNull(),
    status: smallint('status').notNull().default(1),
    createdBy: keyId('created_by'),
    reviewedBy: refId('reviewed_by'),
    reviewedAt: at('reviewed_at'),
    reviewNote: varchar('review_note', { length: 500 }),
    ...stamps(),
  },
  (t) => [
    index('leave_requests_student_ix').on(t.organizationId, t.studentId, t.fromAt),
    index('leave_requests_status_ix').on(t.organizationId, t.status),
    check('leave_requests_time_ck', sql`${t.fromAt} < ${t.toAt}`),
    enumCheck('leave_requests_status_ck', t.status, leaveStatusLabels),
    ...tenantRefs(t, [t.studentId, users], [t.createdBy, users], [t.reviewedBy, users]),
  ],
);
// A leave request's documents (a doctor's note), as a link set of uploaded files.
export const leaveRequestFiles = linkTable('leave_request_files', 'leave_id', leaveRequests, 'file_id', files);
// The lessons a leave names, when it names lessons rather than only a time range (kept when a
// lesson moves, so the excuse follows it).
export const leaveRequestLessons = linkTable('leave_request_lessons', 'leave_id', leaveRequests, 'lesson_id', lessons);

// The log: every mark ever made, never changed. The current mark of a student in a session is the
// latest office mark if there is one, else the latest mark (attendance-marks.ts).
export const attendanceMarks = idTable(
  'attendance_marks',
  {
    sessionId: keyId('session_id'),
    studentId: keyId('student_id'),
    statusId: keyId('status_id'),
    source: smallint('source').notNull(),
    reason: varchar('reason', { length: 500 }),
    // The evidence beyond the source: the QR window, the minutes attended, the import's row.
    evidence: jsonb('evidence'),
    leaveId: refId('leave_id'),
    markedBy: keyId('marked_by'),
    createTime: createTime(),
  },
  (t) => [
    index('attendance_marks_session_ix').on(t.organizationId, t.sessionId, t.studentId, t.id),
    index('attendance_marks_student_ix').on(t.organizationId, t.studentId, t.createTime),
    enumCheck('attendance_marks_source_ck', t.source, markSourceLabels),
    ...tenantRefs(
      t,
      [t.sessionId, attendanceSessions],
      [t.studentId, users],
      [t.statusId, attendanceStatuses],
      [t.leaveId, leaveRequests],
      [t.markedBy, users],
    ),
  ],
);

// The daily roll-up of each student's marks (the nightly job; re-run for a day, it replaces the day).
export const attendanceDays = idTable(
  'attendance_days',
  {
    studentId: keyId('student_id'),
    day: date('day', { mode: 'string' }).notNull(),
    result: smallint('result').notNull(),
    lessons: smallint('lessons').notNull(),
    // The weighted share present, 0..1.
    rate: doublePrecision('rate').notNull(),
    createTime: createTime(),
  },
  (t) => [
    uniqueIndex('attendance_days_student_day_uq').on(t.organizationId, t.studentId, t.day),
    index('attendance_days_day_ix').on(t.organizationId, t.day),
    enumCheck('attendance_days_result_ck', t.result, dayAttendanceLabels),
    ...tenantRefs(t, [t.studentId, users]),
  ],
);

// Early-warning rules: N consecutive absences, or a rate below x % over the last `days` days.
export const attendanceAlertRules = idTable(
  'attendance_alert_rules',
  {
    kind: smallint('kind').notNull(),
    threshold: doublePrecision('threshold').notNull(),
    days: smallint('days').notNull().default(30),
    enabled: boolean('enabled').notNull().default(true),
    ...stamps(),
  },
  (t) => [
    enumCheck('attendance_alert_rules_kind_ck', t.kind, alertRuleKindLabels),
    check('attendance_alert_rules_threshold_ck', sql`${t.threshold} > 0`),
  ],
);

// An alert sent: once per rule, student and the day it fired (the dedupe key of the message).
export const attendanceAlerts = idTable(
  'attendance_alerts',
  {
    ruleId: keyId('rule_id'),
    studentId: keyId('student_id'),
    day: date('day', { mode: 'string' }).notNull(),
    detail: jsonb('detail'),
    createTime: createTime(),
  },
  (t) => [
    uniqueIndex('attendance_alerts_uq').on(t.organizationId, t.ruleId, t.studentId, t.day),
    ...tenantRefs(t, [t.ruleId, attendanceAlertRules], [t.studentId, users]),
  ],
);
