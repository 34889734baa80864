import { registrationStatusLabels, trainingSessionStatusLabels } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
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
import { certificateTemplates } from '../certificate/certificate.table';
import { users } from '../user/user.table';

// Training (issue 34): centres and their venues, programmes, sessions with their trainers, and
// registrations with their append-only status history. Places are counted from the registrations
// with the session row held, never kept in a counter; one live registration per session and person.

export const trainingCentres = idTable(
  'training_centres',
  {
    name: varchar('name', { length: 100 }).notNull(),
    code: varchar('code', { length: 32 }).notNull(),
    address: varchar('address', { length: 200 }),
    // [{name, phone, email, role}]
    contacts: jsonb('contacts').notNull().default([]),
    note: varchar('note', { length: 500 }),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('training_centres_name_uq').on(t.organizationId, sql`lower(${t.name})`),
    uniqueIndex('training_centres_code_uq').on(t.organizationId, sql`lower(${t.code})`),
  ],
);

export const trainingVenues = idTable(
  'training_venues',
  {
    centreId: keyId('centre_id'),
    name: varchar('name', { length: 64 }).notNull(),
    capacity: integer('capacity').notNull().default(0),
    note: varchar('note', { length: 200 }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('training_venues_centre_ix').on(t.organizationId, t.centreId),
    check('training_venues_capacity_ck', sql`${t.capacity} >= 0`),
    ...tenantRefs(t, [t.centreId, trainingCentres]),
  ],
);

export const trainingProgrammes = idTable(
  'training_programmes',
  {
    name: varchar('name', { length: 100 }).notNull(),
    code: varchar('code', { length: 32 }).notNull(),
    hoursRequired: doublePrecision('hours_required').notNull(),
    validityMonths: integer('validity_months'),
    certificateTemplateId: refId('certificate_template_id'),
    requiresApproval: boolean('requires_approval').notNull().default(false),
    description: varchar('description', { length: 2000 }),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('training_programmes_name_uq').on(t.organizationId, sql`lower(${t.name})`),
    uniqueIndex('training_programmes_code_uq').on(t.organizationId, sql`lower(${t.code})`),
    check('training_programmes_hours_ck', sql`${t.hoursRequired} > 0`),
    ...tenantRefs(t, [t.certificateTemplateId, certificateTemplates]),
  ],
);

export const trainingSessions = idTable(
  'training_sessions',
  {
    programmeId: keyId('programme_id'),
    centreId: keyId('centre_id'),
    venueId: refId('venue_id'),
    title: varchar('title', { length: 100 }).notNull(),
    startAt: at('start_at').notNull(),
    endAt: at('end_at').notNull(),
    bookingDeadline: at('booking_deadline'),
    capacity: integer('capacity').notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
    hours: doublePrecision('hours').notNull(),
    status: smallint('status').notNull().default(1),
    note: varchar('note', { length: 500 }),
    ...stamps(),
  },
  (t) => [
    index('training_sessions_programme_ix').on(t.organizationId, t.programmeId),
    index('training_sessions_start_ix').on(t.organizationId, t.startAt),
    check('training_sessions_capacity_ck', sql`${t.capacity} > 0`),
    check('training_sessions_time_ck', sql`${t.endAt} > ${t.startAt}`),
    check('training_sessions_fee_ck', sql`${t.fee} >= 0`),
    enumCheck('training_sessions_status_ck', t.status, trainingSessionStatusLabels),
    ...tenantRefs(t, [t.programmeId, trainingProgrammes], [t.centreId, trainingCentres], [t.venueId, trainingVenues]),
  ],
);

export const trainingSessionTrainers = linkTable(
  'training_session_trainers',
  'session_id',
  trainingSessions,
  'user_id',
  users,
);

export const trainingRegistrations = idTable(
  'training_registrations',
  {
    sessionId: keyId('session_id'),
    userId: keyId('user_id'),
    status: smallint('status').notNull(),
    // The order on the waitlist (taken with the session row held); null once off it.
    waitSeq: integer('wait_seq'),
    hoursCredited: doublePrecision('hours_credited'),
    note: varchar('note', { length: 200 }),
    requestKey: varchar('request_key', { length: 64 }),
    ...stamps(),
  },
  (t) => [
    // One live registration per session and person (declined and cancelled ones may be many).
    uniqueIndex('training_registrations_live_uq')
      .on(t.organizationId, t.sessionId, t.userId)
      .where(sql`${t.status} not in (5, 6)`),
    uniqueIndex('training_registrations_key_uq')
      .on(t.organizationId, t.userId, t.requestKey)
      .where(sql`${t.requestKey} is not null`),
    index('training_registrations_session_ix').on(t.organizationId, t.sessionId, t.status),
    index('training_registrations_user_ix').on(t.organizationId, t.userId),
    check('training_registrations_hours_ck', sql`${t.hoursCredited} is null or ${t.hoursCredited} >= 0`),
    enumCheck('training_registrations_status_ck', t.status, registrationStatusLabels),
    ...tenantRefs(t, [t.sessionId, trainingSessions], [t.userId, users]),
  ],
);

// Every status change of a registration, in order (append-only).
export const trainingRegistrationEvents = idTable(
  'training_registration_events',
  {
    registrationId: keyId('registration_id'),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    actorId: refId('actor_id'),
    note: varchar('note', { length: 200 }),
    createTime: createTime(),
  },
  (t) => [
    index('training_registration_events_reg_ix').on(t.organizationId, t.registrationId, t.id),
    enumCheck('training_registration_events_to_ck', t.toStatus, registrationStatusLabels),
    ...tenantRefs(t, [t.registrationId, trainingRegistrations], [t.actorId, users]),
  ],
);
