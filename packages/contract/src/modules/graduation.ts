import { z } from 'zod';
import {
  degreeAwardStatusLabels,
  GraduationDecision,
  graduationBatchStatusLabels,
  graduationDecisionLabels,
  REQUIREMENT_KINDS,
  studentStatusLabels,
} from '../enums/academic';
import { zDateText, zDateTime, zEnum, zId, zOptionalText, zText } from '../fields';
import { type FormMeta, field } from '../resource-meta';

// Graduation and degrees (issue 34): requirement sets per degree, department and cohort; a
// per-student audit of what is met and what is missing (with a what-if); graduation batches
// (draft → reviewing → approved → conferred) whose students are decided one by one or in bulk;
// degree awards with certificate numbers, revoked with a reason.

export const REQUIREMENT_IDS_MAX = 200;
// The most students one batch call adds, decides or refreshes.
export const BATCH_STUDENTS_MAX = 2000;
const zYear = z.number().int().min(1900).max(2200);

// ---- requirement sets ----

const requirementFields = {
  name: zText(64),
  degreeId: zId,
  // None: every department of the degree.
  departmentId: zId.nullable().optional(),
  // None: every cohort (entry year).
  cohortYear: zYear.nullable().optional(),
  // Courses whose enrolment must be completed.
  requiredCourseIds: z.array(zId).max(REQUIREMENT_IDS_MAX).default([]),
  // Credit hours of completed courses (0: not checked).
  minCredits: z.number().min(0).max(100_000).default(0),
  // Exams whose counted score must reach the paper's pass score, once confirmed.
  requiredExamIds: z.array(zId).max(REQUIREMENT_IDS_MAX).default([]),
  // The weighted attendance rate, in per cent, over every session taken (none: not checked).
  minAttendancePct: z.number().min(0).max(100).nullable().optional(),
  // Nothing still owed on issued tuition invoices.
  tuitionCleared: z.boolean().default(false),
  note: zOptionalText(500),
};
export const zGraduationRequirementCreate = z.object({ id: z.null().optional(), ...requirementFields });
export const zGraduationRequirementUpdate = z.object({ id: zId, ...requirementFields });
export type GraduationRequirementInput = z.input<typeof zGraduationRequirementCreate>;
export const zGraduationRequirement = z.object({
  id: zId,
  organizationId: zId,
  name: z.string(),
  degreeId: zId,
  departmentId: zId.nullable(),
  cohortYear: z.number().int().nullable(),
  requiredCourseIds: z.array(zId),
  minCredits: z.number(),
  requiredExamIds: z.array(zId),
  minAttendancePct: z.number().nullable(),
  tuitionCleared: z.boolean(),
  note: z.string().nullable(),
  createTime: zDateTime,
  updateTime: zDateTime,
});
export type GraduationRequirement = z.infer<typeof zGraduationRequirement>;
export const zGraduationRequirementFilter = z.object({
  keyword: z.string().trim().max(64).optional(),
  degreeId: zId.optional(),
  departmentId: zId.optional(),
  cohortYear: zYear.optional(),
});
export const graduationRequirementMeta: FormMeta = {
  name: 'graduationRequirement',
  title: { en: 'Graduation requirements', zh: '毕业要求' },
  keyword: true,
  fields: [
    field('name', ['Name', '名称'], 'text', { required: true, sortable: true }),
    field('degreeId', ['Degree', '学历层次'], 'ref', { ref: { resource: 'degree' }, required: true, filter: true }),
    field('departmentId', ['Department', '院系'], 'ref', { ref: { resource: 'department' }, filter: true }),
    field('cohortYear', ['Cohort', '入学年份'], 'number', { width: 100, filter: true }),
    field('requiredCourseIds', ['Required courses', '必修课程'], 'refs', {
      ref: { resource: 'course', labelKey: 'title', remote: true },
      list: false,
    }),
    field('minCredits', ['Minimum credit hours', '最低学时'], 'number', { width: 120 }),
    field('requiredExamIds', ['Exams to pass', '须通过的考试'], 'refs', {
      ref: { resource: 'exam', remote: true },
      list: false,
    }),
    field('minAttendancePct', ['Minimum attendance %', '最低出勤率 %'], 'number', { width: 130 }),
    field('tuitionCleared', ['Tuition cleared', '学费结清'], 'boolean', { width: 110 }),
    field('note', ['Note', '备注'], 'textarea', { list: false }),
  ],
};

// ---- the audit ----

const zNamed = z.object({ id: zId, name: z.string() });
// One requirement kind as it stands for the student. `required` and `actual` are counts (courses,
// exams), credit hours, per cent (attendance) or minor units owed (tuition: `required` is 0);
// `short` is what is still lacking in the same unit (0 when met); `missing` names the courses or
// exams not done; `assumed` lists what the what-if took as done.
export const zAuditLine = z.object({
  kind: z.enum(REQUIREMENT_KINDS),
  met: z.boolean(),
  required: z.number(),
  actual: z.number().nullable(),
  short: z.number(),
  missing: z.array(zNamed),
  assumed: z.array(zNamed),
  currency: z.string().nullable(),
});
export type AuditLine = z.infer<typeof zAuditLine>;
// Why no requirement was checked: the student has no record, or no requirement set fits it.
export const AUDIT_GAPS = ['noRecord', 'noRequirement'] as const;
export const zAudit = z
  .object({
    studentId: zId,
    realName: z.string(),
    userName: z.string(),
    studentNo: z.string().nullable(),
    status: zEnum(studentStatusLabels).nullable(),
    degreeId: zId.nullable(),
    departmentId: zId.nullable(),
    cohortYear: z.number().int().nullable(),
    requirement: z.object({ id: zId, name: z.string() }).nullable(),
    gap: z.enum(AUDIT_GAPS).nullable(),
    // Every line met (and a requirement set found).
    eligible: z.boolean(),
    lines: z.array(zAuditLine),
    // A what-if audit: what it assumed done (nothing is written).
    whatIf: z.boolean(),
    checkedAt: zDateTime,
  })
  .meta({ id: 'GraduationAudit' });
export type Audit = z.infer<typeof zAudit>;
// Assume these courses completed and these exams passed (the student's what-if).
export const zAuditRequest = z.object({
  assumeCourseIds: z.array(zId).max(REQUIREMENT_IDS_MAX).optional(),
  assumeExamIds: z.array(zId).max(REQUIREMENT_IDS_MAX).optional(),
});
export type AuditRequest = z.input<typeof zAuditRequest>;

// ---- batches ----

const batchFields = {
  name: zText(64),
  degreeId: zId,
  cohortYear: zYear,
  // The day degrees are conferred on (default: the day of conferral).
  conferDate: zDateText('date').nullable().optional(),
  note: zOptionalText(500),
};
export const zGraduationBatchCreate = z.object({ id: z.null().optional(), ...batchFields });
export const zGraduationBatchUpdate = z.object({ id: zId, ...batchFields });
export const zGraduationBatch = z.object({
  id: zId,
  organizationId: zId,
  name: z.string(),
  degreeId: zId,
  cohortYear: z.number().int(),
  conferDate: z.string().nullable(),
  note: z.string().nullable(),
  status: zEnum(graduationBatchStatusLabels),
  approvedBy: zId.nullable(),
  approvedAt: zDateTime.nullable(),
  conferredBy: zId.nullable(),
  conferredAt: zDateTime.nullable(),
  // The students in it by decision, and those whose latest audit is all met.
  students: z.number().int(),
  pending: z.number().int(),
  approved: z.number().int(),
  deferred: z.number().int(),
  eligible: z.number().int(),
  createTime: zDateTime,
  updateTime: zDateTime,
});
export type GraduationBatch = z.infer<typeof zGraduationBatch>;
export const zGraduationBatchFilter = z.object({
  keyword: z.string().trim().max(64).optional(),
  degreeId: zId.optional(),
  cohortYear: zYear.optional(),
  status: zEnum(graduationBatchStatusLabels).optional(),
});
export const graduationBatchMeta: FormMeta = {
  name: 'graduationBatch',
  title: { en: 'Graduation batches', zh: '毕业批次' },
  keyword: true,
  fields: [
    field('name', ['Name', '名称'], 'text', { required: true, sortable: true }),
    field('degreeId', ['Degree', '学历层次'], 'ref', { ref: { resource: 'degree' }, required: true, filter: true }),
    field('cohortYear', ['Cohort', '入学年份'], 'number', { required: true, width: 100, filter: true }),
    field('conferDate', ['Conferral date', '授予日期'], 'date', { width: 120 }),
    field('status', ['Status', '状态'], 'enum', {
      enum: graduationBatchStatusLabels,
      form: false,
      filter: true,
      width: 100,
    }),
    field('students', ['Students', '人数'], 'number', { form: false, width: 100 }),
    field('approved', ['Approved', '准予毕业'], 'number', { form: false, width: 110 }),
    field('note', ['Note', '备注'], 'textarea', { list: false }),
  ],
};
export const zBatchNote = z.object({ note: zOptionalText(500) });

// A student of a batch with the audit taken when added (or last refreshed) and the decision.
export const zBatchStudent = z.object({
  userId: zId,
  realName: z.string(),
  userName: z.string(),
  studentNo: z.string().nullable(),
  decision: zEnum(graduationDecisionLabels),
  note: z.string().nullable(),
  decidedBy: zId.nullable(),
  decidedAt: zDateTime.nullable(),
  eligible: z.boolean(),
  audit: zAudit.nullable(),
  auditedAt: zDateTime.nullable(),
  // The award made at conferral.
  awardId: zId.nullable(),
  certificateNo: z.string().nullable(),
});
export type BatchStudent = z.infer<typeof zBatchStudent>;
export const zBatchStudents = z.object({ list: z.array(zBatchStudent) });
export type BatchStudents = z.infer<typeof zBatchStudents>;

// Students added by class, by the batch's cohort (records of its degree and entry year, enrolled),
// or named. Anyone already in the batch is skipped.
export const zBatchAdd = z.object({
  teamIds: z.array(zId).max(200).optional(),
  cohort: z.boolean().optional(),
  userIds: z.array(zId).max(BATCH_STUDENTS_MAX).optional(),
});
export const zBatchAdded = z.object({ added: z.number().int(), skipped: z.number().int() });
export const zBatchUserIds = z.object({ userIds: z.array(zId).min(1).max(BATCH_STUDENTS_MAX) });
// Audits taken again (all students, or those named).
export const zBatchRefresh = z.object({ userIds: z.array(zId).min(1).max(BATCH_STUDENTS_MAX).optional() });
export const zBatchCount = z.object({ count: z.number().int() });
export const zBatchDecide = z.object({
  userIds: z.array(zId).min(1).max(BATCH_STUDENTS_MAX),
  decision: z.union([z.literal(GraduationDecision.Approved), z.literal(GraduationDecision.Deferred)]),
  note: zOptionalText(500),
});
export type BatchDecide = z.input<typeof zBatchDecide>;

// ---- awards ----

export const zDegreeAward = z.object({
  id: zId,
  organizationId: zId,
  userId: zId,
  realName: z.string(),
  userName: z.string(),
  degreeId: zId,
  degreeName: z.string(),
  batchId: zId,
  batchName: z.string(),
  certificateNo: z.string(),
  // The certificate issued with it (its code opens the public verification).
  certificateId: zId.nullable(),
  certificateCode: z.string().nullable(),
  awardedOn: z.string(),
  status: zEnum(degreeAwardStatusLabels),
  revokedAt: zDateTime.nullable(),
  revokedBy: zId.nullable(),
  revokeReason: z.string().nullable(),
  createTime: zDateTime,
});
export type DegreeAward = z.infer<typeof zDegreeAward>;
export const zDegreeAwardFilter = z.object({
  keyword: z.string().trim().max(64).optional(),
  degreeId: zId.optional(),
  batchId: zId.optional(),
  status: zEnum(degreeAwardStatusLabels).optional(),
});
export const zDegreeRevoke = z.object({ reason: zText(200) });
export const degreeAwardMeta: FormMeta = {
  name: 'degreeAward',
  title: { en: 'Degree awards', zh: '学位授予' },
  keyword: true,
  fields: [
    field('certificateNo', ['Certificate no.', '证书编号'], 'text', { width: 170 }),
    field('realName', ['Student', '学生'], 'text', { width: 120 }),
    field('userName', ['User name', '用户名'], 'text', { width: 120 }),
    field('degreeId', ['Degree', '学历层次'], 'ref', { ref: { resource: 'degree' }, filter: true }),
    field('batchName', ['Batch', '毕业批次'], 'text'),
    field('awardedOn', ['Awarded on', '授予日期'], 'date', { width: 120 }),
    field('status', ['Status', '状态'], 'enum', { enum: degreeAwardStatusLabels, filter: true, width: 100 }),
    field('revokeReason', ['Reason revoked', '撤销原因'], 'text'),
  ],
};
