import { PERSON_EVENT_KINDS } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, varchar } from 'drizzle-orm/pg-core';
import { createTime, idTable, keyId, refId, tenantRefs } from '../../platform/columns';
import { users } from '../user/user.table';

// One timeline per person (issue 34): applicant, student, graduate, trainee, certificate holder.
// Append-only: each module that changes someone's standing adds a row in the same transaction
// (recordPersonEvent); nothing updates or deletes one. An applicant without an account yet has
// rows under their application (`applicationId`), joined to their user when they enrol.
export const personEvents = idTable(
  'person_events',
  {
    userId: refId('user_id'),
    applicationId: refId('application_id'),
    kind: varchar('kind', { length: 32 }).notNull(),
    // What it refers to: 'application', 'studentRecord', 'statusChange', 'degreeAward', 'trainingRegistration', 'certificate'.
    refType: varchar('ref_type', { length: 32 }).notNull(),
    refId: keyId('ref_id'),
    // What the timeline shows beside the kind's label: { status, title, reason, ... } (no free HTML).
    detail: jsonb('detail').notNull().default({}),
    actorId: refId('actor_id'),
    createTime: createTime(),
  },
  (t) => [
    index('person_events_user_ix').on(t.organizationId, t.userId, t.createTime),
    index('person_events_application_ix').on(t.organizationId, t.applicationId),
    check('person_events_who_ck', sql`${t.userId} is not null or ${t.applicationId} is not null`),
    check('person_events_kind_ck', sql.raw(`kind in (${PERSON_EVENT_KINDS.map((k) => `'${k}'`).join(', ')})`)),
    ...tenantRefs(t, [t.userId, users], [t.actorId, users]),
  ],
);
