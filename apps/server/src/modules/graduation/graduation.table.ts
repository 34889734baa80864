import { degreeAwardStatusLabels, graduationBatchStatusLabels, graduationDecisionLabels } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
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
  keyedTable,
  keyId,
  linkTable,
  ownedRefs,
  refId,
  stamps,
  tenantRefs,
} from '../../platform/columns';
import { courses } from '../course/course.table';
import { departments } from '../department/department.table';
import { degrees } from '../education/education.table';
import { exams } from '../exam/exam.table';
import { users } from '../user/user.table';

// Graduation and degrees (issue 34): requirement sets, batches with their students' audits and
// decisions, and the degrees awarded. Awards are never deleted: a revoked one keeps its number.

// What a student of a degree (and department, and cohort, when set) must have done to graduate.
// One set per degree, department and cohort (none counting as its own value), so the set that fits
// a student is never ambiguous.
export const graduationRequirements = idTable(
  'graduation_requirements',
  {
    name: varchar('name', { length: 64 }).notNull(),
    degreeId: keyId('degree_id'),
    departmentId: refId('department_id'),
    cohortYear: integer('cohort_year'),
    minCredits: doublePrecision('min_credits').notNull().default(0),
    minAttendancePct: doublePrecision('min_attendance_pct'),
    tuitionCleared: boolean('tuition_cleared').notNull().default(false),
    note: varchar('note', { length: 500 }),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('graduation_requirements_name_uq').on(t.organizationId, sql`lower(${t.name})`),
    uniqueIndex('graduation_requirements_fit_uq').on(
      t.organizationId,
      t.degreeId,
      sql`coalesce(${t.departmentId}, 0)`,
      sql`coalesce(${t.cohortYear}, 0)`,
    ),
    check('graduation_requirements_credits_ck', sql`${t.minCredits} >= 0`),
    check(
      'graduation_requirements_attendance_ck',
      sql`${t.minAttendancePct} is null or ${t.minAttendancePct} between 0 and 100`,
    ),
    ...tenantRefs(t, [t.degreeId, degrees], [t.departmentId, departments]),
  ],
);
export const requirementCourses = linkTable(
  'graduation_requirement_courses',
  'requirement_id',
  graduationRequirements,
  'course_id',
  courses,
);
export const requirementExams = linkTable(
  'graduation_requirement_exams',
  'requirement_id',
  graduationRequirements,
  'exam_id',
  exams,
);

export const graduationBatches = idTable(
  'graduation_batches',
  {
    name: varchar('name', { length: 64 }).notNull(),
    degreeId: keyId('degree_id'),
    cohortYear: integer('cohort_year').notNull(),
    conferDate: date('confer_date', { mode: 'string' }),
    note: varchar('note', { length: 500 }),
    status: smallint('status').notNull().default(1),
    approvedBy: refId('approved_by'),
    approvedAt: at('approved_at'),
    conferredBy: refId('conferred_by'),
    conferredAt: at('conferred_at'),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('graduation_batches_name_uq').on(t.organizationId, sql`lower(${t.name})`),
    enumCheck('graduation_batches_status_ck', t.status, graduationBatchStatusLabels),
    ...tenantRefs(t, [t.degreeId, degrees], [t.approvedBy, users], [t.conferredBy, users]),
  ],
);

// A student in a batch: the audit taken when added (or refreshed) and the decision on them.
export const graduationBatchStudents = keyedTable(
  'graduation_batch_students',
  {
    batchId: keyId('batch_id'),
    userId: keyId('user_id'),
    decision: smallint('decision').notNull().default(1),
    note: varchar('note', { length: 500 }),
    decidedBy: refId('decided_by'),
    decidedAt: at('decided_at'),
    eligible: boolean('eligible').notNull().default(false),
    audit: jsonb('audit'),
    auditedAt: at('audited_at'),
    createTime: createTime(),
  },
  (t) => [t.batchId, t.userId],
  (t) => [
    ...ownedRefs('graduation_batch_students_user_ix', t, [t.batchId, graduationBatches], [t.userId, users]),
    enumCheck('graduation_batch_students_decision_ck', t.decision, graduationDecisionLabels),
    ...tenantRefs(t, [t.decidedBy, users]),
  ],
);

// A degree conferred on a student by a batch. The number is the organisation's (DEG-year-sequence);
// the certificate (certificate module) carries the code the public verifies.
export const degreeAwards = idTable(
  'degree_awards',
  {
    userId: keyId('user_id'),
    degreeId: keyId('degree_id'),
    batchId: keyId('batch_id'),
    certificateNo: varchar('certificate_no', { length: 32 }).notNull(),
    awardedOn: date('awarded_on', { mode: 'string' }).notNull(),
    status: smallint('status').notNull().default(1),
    certificateId: refId('certificate_id'),
    certificateCode: varchar('certificate_code', { length: 64 }),
    awardedBy: refId('awarded_by'),
    revokedAt: at('revoked_at'),
    revokedBy: refId('revoked_by'),
    revokeReason: varchar('revoke_reason', { length: 200 }),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('degree_awards_no_uq').on(t.organizationId, sql`lower(${t.certificateNo})`),
    uniqueIndex('degree_awards_batch_user_uq').on(t.organizationId, t.batchId, t.userId),
    // One standing award of a degree per student.
    uniqueIndex('degree_awards_live_uq').on(t.organizationId, t.userId, t.degreeId).where(sql`${t.status} = 1`),
    index('degree_awards_user_ix').on(t.organizationId, t.userId),
    enumCheck('degree_awards_status_ck', t.status, degreeAwardStatusLabels),
    ...tenantRefs(
      t,
      [t.userId, users],
      [t.degreeId, degrees],
      [t.batchId, graduationBatches],
      [t.awardedBy, users],
      [t.revokedBy, users],
    ),
  ],
);
