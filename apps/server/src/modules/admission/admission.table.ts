import { admissionRoundStatusLabels, applicationStatusLabels } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, createTime, enumCheck, idTable, keyId, refId, stamps, tenantRefs } from '../../platform/columns';
import { semesters } from '../calendar/calendar.table';
import { departments } from '../department/department.table';
import { degrees } from '../education/education.table';
import { files } from '../file/file.table';
import { teams } from '../team/team.table';
import { users } from '../user/user.table';

// Admissions (issue 34): rounds and their form, applications (public drafts, then the staff's
// review), their append-only history, documents and messages to the applicant.

export const admissionRounds = idTable(
  'admission_rounds',
  {
    name: varchar('name', { length: 64 }).notNull(),
    semesterId: refId('semester_id'),
    gradeYear: integer('grade_year'),
    degreeId: refId('degree_id'),
    departmentId: refId('department_id'),
    opensAt: at('opens_at').notNull(),
    closesAt: at('closes_at').notNull(),
    quota: integer('quota'),
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
    extraFields: jsonb('extra_fields').notNull().default([]),
    teamId: refId('team_id'),
    description: varchar('description', { length: 2000 }),
    status: smallint('status').notNull().default(1),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('admission_rounds_name_uq').on(t.organizationId, sql`lower(${t.name})`),
    enumCheck('admission_rounds_status_ck', t.status, admissionRoundStatusLabels),
    ...tenantRefs(
      t,
      [t.semesterId, semesters],
      [t.degreeId, degrees],
      [t.departmentId, departments],
      [t.teamId, teams],
    ),
  ],
);

export const applications = idTable(
  'applications',
  {
    roundId: keyId('round_id'),
    // The applicant's key (Crockford base32 from crypto random); never shown to staff.
    trackingCode: varchar('tracking_code', { length: 32 }).notNull(),
    // The client's key of the first save, so a retried save makes no second draft.
    requestKey: varchar('request_key', { length: 64 }),
    status: smallint('status').notNull().default(1),
    realName: varchar('real_name', { length: 64 }).notNull(),
    sex: smallint('sex'),
    birthDate: date('birth_date', { mode: 'string' }),
    idNumber: varchar('id_number', { length: 32 }),
    phone: varchar('phone', { length: 20 }),
    email: varchar('email', { length: 254 }),
    priorSchool: varchar('prior_school', { length: 100 }),
    guardians: jsonb('guardians').notNull().default([]),
    answers: jsonb('answers').notNull().default({}),
    // Possible duplicates found at submission: [{kind, id, name, reason}].
    duplicateOf: jsonb('duplicate_of').notNull().default([]),
    submittedAt: at('submitted_at'),
    decidedAt: at('decided_at'),
    decidedBy: refId('decided_by'),
    interviewAt: at('interview_at'),
    // Staff-only.
    note: varchar('note', { length: 500 }),
    // The student account after enrolment.
    userId: refId('user_id'),
    ...stamps(),
  },
  (t) => [
    // Unique across organisations: a code names one application wherever it is typed.
    uniqueIndex('applications_tracking_code_uq').on(t.trackingCode),
    uniqueIndex('applications_request_key_uq').on(t.organizationId, t.requestKey),
    index('applications_round_status_ix').on(t.organizationId, t.roundId, t.status),
    index('applications_id_number_ix').on(t.organizationId, t.idNumber),
    index('applications_name_birth_ix').on(t.organizationId, sql`lower(${t.realName})`, t.birthDate),
    enumCheck('applications_status_ck', t.status, applicationStatusLabels),
    ...tenantRefs(t, [t.roundId, admissionRounds], [t.decidedBy, users], [t.userId, users]),
  ],
);

// Every status change, in order; never updated or deleted.
export const applicationEvents = idTable(
  'application_events',
  {
    applicationId: keyId('application_id'),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    actorId: refId('actor_id'),
    note: varchar('note', { length: 500 }),
    createTime: createTime(),
  },
  (t) => [
    index('application_events_app_ix').on(t.organizationId, t.applicationId, t.id),
    // One submission per application, whatever races.
    uniqueIndex('application_events_submitted_uq').on(t.organizationId, t.applicationId).where(sql`${t.toStatus} = 2`),
    ...tenantRefs(t, [t.applicationId, applications], [t.actorId, users]),
  ],
);

// A document of an application: an upload (fileId), or a request for one (requested, no file yet).
export const applicationDocuments = idTable(
  'application_documents',
  {
    applicationId: keyId('application_id'),
    fileId: refId('file_id'),
    kind: varchar('kind', { length: 32 }).notNull(),
    requested: boolean('requested').notNull().default(false),
    requestNote: varchar('request_note', { length: 200 }),
    createTime: createTime(),
  },
  (t) => [
    index('application_documents_app_ix').on(t.organizationId, t.applicationId),
    ...tenantRefs(t, [t.applicationId, applications], [t.fileId, files]),
  ],
);

// Messages from the school to the applicant, shown on their status page.
export const applicationMessages = idTable(
  'application_messages',
  {
    applicationId: keyId('application_id'),
    body: varchar('body', { length: 2000 }).notNull(),
    senderId: refId('sender_id'),
    createTime: createTime(),
  },
  (t) => [
    index('application_messages_app_ix').on(t.organizationId, t.applicationId),
    ...tenantRefs(t, [t.applicationId, applications], [t.senderId, users]),
  ],
);
