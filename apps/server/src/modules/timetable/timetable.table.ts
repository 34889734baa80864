import {
  bookingOwnerLabels,
  bookingResourceLabels,
  lessonStatusLabels,
  termDayKindLabels,
  weekParityLabels,
} from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, jsonb, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import {
  at,
  createTime,
  enumCheck,
  idTable,
  keyId,
  organizationId,
  ownedRefs,
  refId,
  stamps,
  tenantRefs,
  updateTime,
} from '../../platform/columns';
import { organizations } from '../../platform/organizations.table';
import { semesters, teachVenues } from '../calendar/calendar.table';
import { courses } from '../course/course.table';
import { teams } from '../team/team.table';
import { users } from '../user/user.table';

// Teaching management (issue 31): the organisation's period times, the term's calendar exceptions,
// teaching assignments with their weekly patterns, the lesson occurrences generated from them, and
// the time bookings every clash is decided on.

// One row per organisation: the zone lessons are timed in and the day's periods
// (`[{no: 1, start: '08:00', end: '08:45'}, ...]`, checked by the contract's schema).
export const timetableSettings = pgTable('timetable_settings', {
  organizationId: organizationId()
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  timeZone: varchar('time_zone', { length: 64 }).notNull().default('Asia/Shanghai'),
  periods: jsonb('periods').notNull().default([]),
  updateTime: updateTime(),
});

// A day of a term that is not a plain week day: a holiday or closure (no lessons), or a make-up day
// that follows another weekday's timetable (1 Monday … 7 Sunday).
export const termDays = idTable(
  'term_days',
  {
    semesterId: keyId('semester_id'),
    day: date('day', { mode: 'string' }).notNull(),
    kind: smallint('kind').notNull(),
    followsWeekday: smallint('follows_weekday'),
    note: varchar('note', { length: 200 }),
    createTime: createTime(),
  },
  (t) => [
    uniqueIndex('term_days_day_uq').on(t.organizationId, t.day),
    enumCheck('term_days_kind_ck', t.kind, termDayKindLabels),
    check(
      'term_days_follows_ck',
      sql`(${t.kind} = 3) = (${t.followsWeekday} is not null) and coalesce(${t.followsWeekday}, 1) between 1 and 7`,
    ),
    ...tenantRefs(t, [t.semesterId, semesters]),
  ],
);

// Who teaches what to which class in a term, where, and how many periods a week.
export const teachingAssignments = idTable(
  'teaching_assignments',
  {
    semesterId: keyId('semester_id'),
    courseId: refId('course_id'),
    subject: varchar('subject', { length: 64 }).notNull(),
    teamId: keyId('team_id'),
    teacherId: keyId('teacher_id'),
    // A second teacher who is in the room too (booked like the first).
    assistantId: refId('assistant_id'),
    venueId: refId('venue_id'),
    periodsPerWeek: smallint('periods_per_week').notNull().default(1),
    note: varchar('note', { length: 200 }),
    ...stamps(),
  },
  (t) => [
    index('teaching_assignments_semester_ix').on(t.organizationId, t.semesterId, t.teamId),
    check('teaching_assignments_periods_ck', sql`${t.periodsPerWeek} between 0 and 60`),
    check('teaching_assignments_assistant_ck', sql`${t.assistantId} is distinct from ${t.teacherId}`),
    ...tenantRefs(
      t,
      [t.semesterId, semesters],
      [t.courseId, courses],
      [t.teamId, teams],
      [t.teacherId, users],
      [t.assistantId, users],
      [t.venueId, teachVenues],
    ),
  ],
);

// A weekly pattern of an assignment: a weekday, a period range or a time range, week parity, and
// the dates it runs between (the term's, when not given). Owned by the assignment.
export const timetableSlots = idTable(
  'timetable_slots',
  {
    assignmentId: keyId('assignment_id'),
    weekday: smallint('weekday').notNull(),
    periodFrom: smallint('period_from'),
    periodTo: smallint('period_to'),
    // 'HH:MM' in the organisation's zone, when not by periods.
    startTime: varchar('start_time', { length: 5 }),
    endTime: varchar('end_time', { length: 5 }),
    parity: smallint('parity').notNull().default(0),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
    venueId: refId('venue_id'),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [
    check('timetable_slots_weekday_ck', sql`${t.weekday} between 1 and 7`),
    check(
      'timetable_slots_when_ck',
      sql`(${t.periodFrom} is not null and ${t.periodTo} is not null and ${t.periodFrom} <= ${t.periodTo}) or (${t.startTime} is not null and ${t.endTime} is not null and ${t.startTime} < ${t.endTime})`,
    ),
    enumCheck('timetable_slots_parity_ck', t.parity, weekParityLabels),
    ...ownedRefs('timetable_slots_assignment_ix', t, [t.assignmentId, teachingAssignments], [t.venueId, teachVenues]),
  ],
);

// A lesson occurrence: one lesson on one day. Generated from a slot (assignment and slot set) or
// made by hand (an extra lesson). A moved lesson keeps where it was; a substituted one, its teacher.
export const lessons = idTable(
  'lessons',
  {
    semesterId: keyId('semester_id'),
    assignmentId: refId('assignment_id'),
    slotId: refId('slot_id'),
    title: varchar('title', { length: 64 }).notNull(),
    teamId: keyId('team_id'),
    teacherId: keyId('teacher_id'),
    assistantId: refId('assistant_id'),
    originalTeacherId: refId('original_teacher_id'),
    venueId: refId('venue_id'),
    day: date('day', { mode: 'string' }).notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    periodFrom: smallint('period_from'),
    periodTo: smallint('period_to'),
    status: smallint('status').notNull().default(1),
    // Where a moved lesson was: {day, startsAt, endsAt, venueId}.
    movedFrom: jsonb('moved_from'),
    note: varchar('note', { length: 200 }),
    ...stamps(),
  },
  (t) => [
    index('lessons_day_ix').on(t.organizationId, t.day),
    index('lessons_team_ix').on(t.organizationId, t.teamId, t.startsAt),
    index('lessons_teacher_ix').on(t.organizationId, t.teacherId, t.startsAt),
    // A slot generates one lesson a day: generating twice adds nothing.
    uniqueIndex('lessons_slot_day_uq').on(t.organizationId, t.slotId, t.day),
    check('lessons_time_ck', sql`${t.startsAt} < ${t.endsAt}`),
    enumCheck('lessons_status_ck', t.status, lessonStatusLabels),
    // `slot_id` has no foreign key on purpose: a pattern removed from an assignment leaves the
    // lessons already held (with their attendance); the timetable service removes the future ones.
    ...tenantRefs(
      t,
      [t.semesterId, semesters],
      [t.assignmentId, teachingAssignments],
      [t.teamId, teams],
      [t.teacherId, users],
      [t.assistantId, users],
      [t.originalTeacherId, users],
      [t.venueId, teachVenues],
    ),
  ],
);

// The clash engine: every lesson, exam sitting and live class books its teachers, room and classes
// here, in its own transaction; three exclusion constraints (written in the migration, since
// drizzle-kit has none: `bookings_teacher_ex`, `bookings_venue_ex`, `bookings_team_ex`) refuse two
// overlapping bookings of one resource, so two processes can never both take a room. Rows with
// `shared` may overlap one another (an exam's classes: two exams of a class warn, decision 43) but
// not any other row. Back-to-back bookings do not clash (ranges are half-open).
export const bookings = idTable(
  'bookings',
  {
    resource: smallint('resource').notNull(),
    resourceId: keyId('resource_id'),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    ownerKind: smallint('owner_kind').notNull(),
    ownerId: keyId('owner_id'),
    shared: boolean('shared').notNull().default(false),
  },
  (t) => [
    index('bookings_owner_ix').on(t.organizationId, t.ownerKind, t.ownerId),
    check('bookings_time_ck', sql`${t.startsAt} < ${t.endsAt}`),
    enumCheck('bookings_resource_ck', t.resource, bookingResourceLabels),
    enumCheck('bookings_owner_ck', t.ownerKind, bookingOwnerLabels),
  ],
);

// A personal calendar feed (iCalendar): the secret is kept as a hash; revoking deletes the row.
export const calendarFeeds = idTable(
  'calendar_feeds',
  {
    userId: keyId('user_id'),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createTime: createTime(),
    lastReadAt: at('last_read_at'),
  },
  (t) => [
    uniqueIndex('calendar_feeds_user_uq').on(t.organizationId, t.userId),
    uniqueIndex('calendar_feeds_token_uq').on(t.tokenHash),
    ...tenantRefs(t, [t.userId, users]),
  ],
);
