import {
  liveClassStatusLabels,
  liveProviderKindLabels,
  liveRoleLabels,
  participationSourceLabels,
  recordingModeLabels,
  recordingStateLabels,
  recordingVisibilityLabels,
} from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
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
import { courses } from '../course/course.table';
import { teams } from '../team/team.table';
import { users } from '../user/user.table';

// Live classes (issue 32): the organisation's BigBlueButton servers, the live classes with their
// classes and teachers, the join log, what each participant did (from the provider's report, the
// join log or an import), the recordings, and every provider callback as it came.

// A BigBlueButton server of the organisation. The shared secret is kept sealed (AES-256-GCM under
// LYCEUM_SECRET, like SMTP passwords) and never returned.
export const liveProviders = idTable(
  'live_providers',
  {
    name: varchar('name', { length: 64 }).notNull(),
    kind: smallint('kind').notNull(),
    url: varchar('url', { length: 512 }).notNull(),
    checksumAlgorithm: varchar('checksum_algorithm', { length: 8 }).notNull().default('sha256'),
    secretSealed: varchar('secret_sealed', { length: 600 }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('live_providers_name_uq').on(t.organizationId, sql`lower(${t.name})`),
    uniqueIndex('live_providers_default_uq').on(t.organizationId).where(sql`${t.isDefault}`),
    enumCheck('live_providers_kind_ck', t.kind, liveProviderKindLabels),
  ],
);

export const liveClasses = idTable(
  'live_classes',
  {
    title: varchar('title', { length: 100 }).notNull(),
    description: varchar('description', { length: 2000 }),
    courseId: refId('course_id'),
    courseLessonId: refId('course_lesson_id'),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    joinOpensMinutes: smallint('join_opens_minutes').notNull().default(15),
    providerKind: smallint('provider_kind').notNull(),
    providerId: refId('provider_id'),
    externalUrl: varchar('external_url', { length: 1000 }),
    recordingMode: smallint('recording_mode').notNull().default(1),
    recordingVisibility: smallint('recording_visibility').notNull().default(1),
    presentPercent: smallint('present_percent').notNull().default(80),
    lateAfterMinutes: smallint('late_after_minutes').notNull().default(10),
    status: smallint('status').notNull().default(1),
    // The provider's meeting: our id for it (carries the organisation and the class, and a random
    // part), the per-meeting token of the callback addresses, and BigBlueButton's passwords.
    meetingId: varchar('meeting_id', { length: 100 }).notNull(),
    callbackToken: varchar('callback_token', { length: 64 }).notNull(),
    moderatorPw: varchar('moderator_pw', { length: 40 }).notNull(),
    attendeePw: varchar('attendee_pw', { length: 40 }).notNull(),
    // BigBlueButton's createTime of the running meeting (joins carry it, so an address made for
    // an earlier meeting of the same id does not enter a later one).
    meetingCreateTime: bigint('meeting_create_time', { mode: 'number' }),
    startedAt: at('started_at'),
    endedAt: at('ended_at'),
    reportAt: at('report_at'),
    cancelReason: varchar('cancel_reason', { length: 200 }),
    createdBy: keyId('created_by'),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('live_classes_meeting_uq').on(t.organizationId, t.meetingId),
    index('live_classes_starts_ix').on(t.organizationId, t.startsAt),
    index('live_classes_status_ix').on(t.organizationId, t.status, t.endsAt),
    check('live_classes_time_ck', sql`${t.startsAt} < ${t.endsAt}`),
    check('live_classes_percent_ck', sql`${t.presentPercent} between 1 and 100`),
    enumCheck('live_classes_status_ck', t.status, liveClassStatusLabels),
    enumCheck('live_classes_provider_kind_ck', t.providerKind, liveProviderKindLabels),
    enumCheck('live_classes_recording_mode_ck', t.recordingMode, recordingModeLabels),
    enumCheck('live_classes_recording_visibility_ck', t.recordingVisibility, recordingVisibilityLabels),
    // No foreign key to the course lesson: a draft's lessons come and go with its saves (as
    // progress keeps none, decision 53); the live class keeps the id and names it while it exists.
    ...tenantRefs(t, [t.courseId, courses], [t.providerId, liveProviders], [t.createdBy, users]),
  ],
);
export const liveClassTeams = linkTable('live_class_teams', 'live_class_id', liveClasses, 'team_id', teams);
export const liveClassTeachers = linkTable('live_class_teachers', 'live_class_id', liveClasses, 'user_id', users);

// The join log: every join Lyceum signed, never changed.
export const liveJoins = idTable(
  'live_joins',
  {
    liveClassId: keyId('live_class_id'),
    userId: keyId('user_id'),
    role: smallint('role').notNull(),
    ip: varchar('ip', { length: 64 }),
    createTime: createTime(),
  },
  (t) => [
    index('live_joins_class_ix').on(t.organizationId, t.liveClassId, t.userId, t.id),
    enumCheck('live_joins_role_ck', t.role, liveRoleLabels),
    ...tenantRefs(t, [t.liveClassId, liveClasses], [t.userId, users]),
  ],
);

// What each participant did in the session, one row per person: written from the provider's
// report (processed once), the join log, or an import, whichever the live class's report came from.
export const liveParticipants = idTable(
  'live_participants',
  {
    liveClassId: keyId('live_class_id'),
    userId: keyId('user_id'),
    role: smallint('role').notNull(),
    firstJoin: at('first_join'),
    lastLeave: at('last_leave'),
    seconds: integer('seconds').notNull().default(0),
    joins: integer('joins').notNull().default(0),
    engagement: jsonb('engagement'),
    source: smallint('source').notNull(),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('live_participants_uq').on(t.organizationId, t.liveClassId, t.userId),
    check('live_participants_seconds_ck', sql`${t.seconds} >= 0`),
    enumCheck('live_participants_role_ck', t.role, liveRoleLabels),
    enumCheck('live_participants_source_ck', t.source, participationSourceLabels),
    ...tenantRefs(t, [t.liveClassId, liveClasses], [t.userId, users]),
  ],
);

// A recording: its own state and visibility, set when it arrived and changed only on it.
export const liveRecordings = idTable(
  'live_recordings',
  {
    liveClassId: keyId('live_class_id'),
    recordId: varchar('record_id', { length: 128 }).notNull(),
    state: smallint('state').notNull(),
    visibility: smallint('visibility').notNull(),
    playbackUrl: varchar('playback_url', { length: 1000 }),
    startedAt: at('started_at'),
    endedAt: at('ended_at'),
    seconds: integer('seconds'),
    // When the students were told it can be watched: once per recording, the first time it is
    // published and visible to them (a conditional update, so two syncs at once tell them once).
    notifiedAt: at('notified_at'),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('live_recordings_record_uq').on(t.organizationId, t.recordId),
    index('live_recordings_class_ix').on(t.organizationId, t.liveClassId),
    enumCheck('live_recordings_state_ck', t.state, recordingStateLabels),
    enumCheck('live_recordings_visibility_ck', t.visibility, recordingVisibilityLabels),
    ...tenantRefs(t, [t.liveClassId, liveClasses]),
  ],
);

// Every verified provider callback as it came, once: the dedupe key (the meeting instance for a
// meeting-end report, the recording id for recording-ready) is unique, so a callback sent twice,
// or twenty times at once, is processed by exactly one of them.
export const liveCallbacks = idTable(
  'live_callbacks',
  {
    liveClassId: keyId('live_class_id'),
    provider: varchar('provider', { length: 16 }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    dedupeKey: varchar('dedupe_key', { length: 200 }).notNull(),
    payload: jsonb('payload').notNull(),
    createTime: createTime(),
  },
  (t) => [
    uniqueIndex('live_callbacks_dedupe_uq').on(t.organizationId, t.provider, t.kind, t.dedupeKey),
    ...tenantRefs(t, [t.liveClassId, liveClasses]),
  ],
);
