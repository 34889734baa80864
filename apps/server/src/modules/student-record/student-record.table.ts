import { statusChangeKindLabels, statusChangeStateLabels, studentStatusLabels } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, enumCheck, idTable, keyId, ownedRefs, refId, stamps, tenantRefs } from '../../platform/columns';
import { departments } from '../department/department.table';
import { degrees } from '../education/education.table';
import { teams } from '../team/team.table';
import { users } from '../user/user.table';

// A student's record (issue 34): one per student account, made at enrolment or by staff for students
// who predate it. `status` changes only through status changes (or graduation), never by an edit.
export const studentRecords = idTable(
  'student_records',
  {
    userId: keyId('user_id'),
    studentNo: varchar('student_no', { length: 32 }).notNull(),
    status: smallint('status').notNull().default(1),
    cohortYear: integer('cohort_year'),
    degreeId: refId('degree_id'),
    departmentId: refId('department_id'),
    enrolDate: date('enrol_date', { mode: 'string' }),
    // Staff-only: never in a student's own projection.
    idNumber: varchar('id_number', { length: 32 }),
    birthDate: date('birth_date', { mode: 'string' }),
    priorSchool: varchar('prior_school', { length: 100 }),
    // Files kept on the record (certificates of prior schooling, ID scans).
    documentFileIds: bigint('document_file_ids', { mode: 'number' }).array().notNull().default([]),
    // Staff-only.
    note: varchar('note', { length: 500 }),
    applicationId: refId('application_id'),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('student_records_user_uq').on(t.organizationId, t.userId),
    uniqueIndex('student_records_no_uq').on(t.organizationId, sql`lower(${t.studentNo})`),
    index('student_records_status_ix').on(t.organizationId, t.status),
    index('student_records_id_number_ix').on(t.organizationId, t.idNumber),
    enumCheck('student_records_status_ck', t.status, studentStatusLabels),
    ...tenantRefs(t, [t.userId, users], [t.degreeId, degrees], [t.departmentId, departments]),
  ],
);

// A guardian, one per phone number in an organisation: two siblings' records name the same row.
export const guardians = idTable(
  'guardians',
  {
    name: varchar('name', { length: 64 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    email: varchar('email', { length: 254 }),
    ...stamps(),
  },
  (t) => [uniqueIndex('guardians_phone_uq').on(t.organizationId, t.phone)],
);

// Which guardians a student has, and how they are related.
export const studentGuardians = idTable(
  'student_guardians',
  {
    userId: keyId('user_id'),
    guardianId: keyId('guardian_id'),
    relation: varchar('relation', { length: 32 }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    uniqueIndex('student_guardians_uq').on(t.organizationId, t.userId, t.guardianId),
    ...ownedRefs('student_guardians_guardian_ix', t, [t.userId, users], [t.guardianId, guardians]),
  ],
);

// A change of a student's standing: requested, approved or rejected, applied on its effective date
// (at once when that is today or past, else by the job). Rows are never deleted; a mistaken one is
// cancelled, and an applied one is undone by another change (a resumption after a suspension).
export const statusChanges = idTable(
  'status_changes',
  {
    userId: keyId('user_id'),
    kind: smallint('kind').notNull(),
    state: smallint('state').notNull().default(1),
    fromStatus: smallint('from_status').notNull(),
    toStatus: smallint('to_status').notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    reason: varchar('reason', { length: 500 }).notNull(),
    // The class a repeat or a change of class moves the student to.
    toTeamId: refId('to_team_id'),
    requestedBy: refId('requested_by'),
    decidedBy: refId('decided_by'),
    decidedAt: at('decided_at'),
    decisionNote: varchar('decision_note', { length: 500 }),
    appliedAt: at('applied_at'),
    ...stamps(),
  },
  (t) => [
    index('status_changes_user_ix').on(t.organizationId, t.userId),
    index('status_changes_due_ix').on(t.state, t.effectiveDate),
    // One open (requested or approved, not yet applied) change per student at a time.
    uniqueIndex('status_changes_open_uq').on(t.organizationId, t.userId).where(sql`${t.state} in (1, 2)`),
    enumCheck('status_changes_kind_ck', t.kind, statusChangeKindLabels),
    enumCheck('status_changes_state_ck', t.state, statusChangeStateLabels),
    enumCheck('status_changes_from_ck', t.fromStatus, studentStatusLabels),
    enumCheck('status_changes_to_ck', t.toStatus, studentStatusLabels),
    ...tenantRefs(t, [t.userId, users], [t.toTeamId, teams], [t.requestedBy, users], [t.decidedBy, users]),
  ],
);
