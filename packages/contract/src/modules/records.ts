import { z } from 'zod';
import {
  PERSON_EVENT_KINDS,
  StatusChangeKind,
  StudentStatus,
  statusChangeKindLabels,
  statusChangeStateLabels,
  studentStatusLabels,
} from '../enums/academic';
import { codedIssue, formatRegex } from '../errors';
import { zDateText, zDateTime, zEmail, zEnum, zId, zIds, zOptionalText, zText } from '../fields';
import { type FormMeta, field } from '../resource-meta';

// Student records (issue 34): a student's record (number, cohort, degree, department, guardians,
// prior schooling, documents), their standing, the status changes that move it (requested,
// approved or rejected, applied on their effective date), and one timeline per person.

export const RECORD_GUARDIANS_MAX = 6;
export const RECORD_DOCUMENTS_MAX = 20;
const zYear = z.number().int().min(1900).max(2200);

// ---- guardians ----

export const zRecordGuardianInput = z.object({
  name: zText(64),
  phone: zText(20, 5).regex(...formatRegex(/^\+?[0-9][0-9 -]{4,19}$/, 'phone')),
  relation: zText(32),
  email: zEmail,
});
export type RecordGuardianInput = z.input<typeof zRecordGuardianInput>;
export const zRecordGuardian = z.object({
  guardianId: zId,
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  relation: z.string(),
  // Other students this guardian is linked to (siblings), by name.
  siblings: z.array(z.string()),
});
export type RecordGuardian = z.infer<typeof zRecordGuardian>;

// ---- records ----

export const zStudentRecord = z.object({
  id: zId,
  userId: zId,
  userName: z.string(),
  realName: z.string(),
  studentNo: z.string(),
  status: zEnum(studentStatusLabels),
  cohortYear: z.number().int().nullable(),
  degreeId: zId.nullable(),
  degreeName: z.string().nullable(),
  departmentId: zId.nullable(),
  departmentName: z.string().nullable(),
  enrolDate: z.string().nullable(),
  // Staff-only (never in the student's own record).
  idNumber: z.string().nullable(),
  birthDate: z.string().nullable(),
  priorSchool: z.string().nullable(),
  documentFileIds: z.array(z.number().int()),
  note: z.string().nullable(),
  applicationId: zId.nullable(),
  guardians: z.array(zRecordGuardian),
  createTime: zDateTime,
  updateTime: zDateTime,
});
export type StudentRecord = z.infer<typeof zStudentRecord>;

export const zStudentRecordFilter = z.object({
  keyword: z.string().trim().max(64).optional(),
  status: zEnum(studentStatusLabels).optional(),
  cohortYear: zYear.optional(),
  degreeId: zId.optional(),
  departmentId: zId.optional(),
  // The students of a class.
  teamId: zId.optional(),
});
export type StudentRecordFilter = z.input<typeof zStudentRecordFilter>;

// What staff edit on a record (its status moves only through status changes).
export const zStudentRecordEdit = z.object({
  studentNo: zText(32)
    .regex(...formatRegex(/^[A-Za-z0-9_-]+$/, 'keyChars'))
    .optional(),
  cohortYear: zYear.nullable().optional(),
  degreeId: zId.nullable().optional(),
  departmentId: zId.nullable().optional(),
  enrolDate: zDateText('date').nullable().optional(),
  idNumber: zOptionalText(32),
  birthDate: zDateText('date').nullable().optional(),
  priorSchool: zOptionalText(100),
  documentFileIds: z.array(zId).max(RECORD_DOCUMENTS_MAX).optional(),
  note: zOptionalText(500),
  // When given, the student's guardians become exactly these (matched by phone).
  guardians: z.array(zRecordGuardianInput).max(RECORD_GUARDIANS_MAX).optional(),
});
export type StudentRecordEdit = z.input<typeof zStudentRecordEdit>;

// Records for students who have none (a school starting out): the students of a class, or named.
export const zCreateMissing = z
  .object({ teamId: zId.optional(), userIds: zIds.optional(), cohortYear: zYear.optional() })
  .refine((v) => v.teamId !== undefined || v.userIds !== undefined, { path: ['teamId'], ...codedIssue('required') });
export const zCreatedMissing = z.object({ created: z.number().int(), skipped: z.number().int() });

// The student's own record: no ID number, no staff note.
export const zMyRecord = zStudentRecord.omit({ idNumber: true, note: true }).nullable();
export type MyRecord = z.infer<typeof zMyRecord>;

export const studentRecordMeta: FormMeta = {
  name: 'studentRecord',
  title: { en: 'Student records', zh: '学籍' },
  labelKey: 'studentNo',
  keyword: true,
  fields: [
    field('studentNo', ['Student number', '学号'], 'text', { required: true, width: 120 }),
    field('realName', ['Name', '姓名'], 'text', { form: false, width: 110 }),
    field('userName', ['User name', '用户名'], 'text', { form: false, width: 110 }),
    field('status', ['Status', '学籍状态'], 'enum', {
      enum: studentStatusLabels,
      form: false,
      filter: true,
      width: 100,
    }),
    field('cohortYear', ['Cohort', '入学年份'], 'number', { filter: true, width: 90 }),
    field('degreeName', ['Degree', '学历层次'], 'text', { form: false, width: 100 }),
    field('departmentName', ['Department', '院系'], 'text', { form: false, width: 120 }),
    field('enrolDate', ['Enrolled on', '入学日期'], 'date', { width: 110 }),
    field('birthDate', ['Birth date', '出生日期'], 'date', { width: 110 }),
    field('priorSchool', ['Prior school', '原就读学校'], 'text', { width: 140 }),
    field('idNumber', ['ID number', '身份证号'], 'text', { list: false, width: 160 }),
  ],
};

// ---- status changes ----

// What each kind moves the record to (a class change or a repeat keeps the status).
export function statusAfter(kind: StatusChangeKind, from: StudentStatus): StudentStatus {
  switch (kind) {
    case StatusChangeKind.Suspension:
      return StudentStatus.Suspended;
    case StatusChangeKind.Resumption:
      return StudentStatus.Enrolled;
    case StatusChangeKind.TransferOut:
      return StudentStatus.TransferredOut;
    case StatusChangeKind.Withdrawal:
      return StudentStatus.Withdrawn;
    default:
      return from;
  }
}
// The standings a kind may start from.
export function statusesFor(kind: StatusChangeKind): StudentStatus[] {
  if (kind === StatusChangeKind.Resumption) return [StudentStatus.Suspended];
  if (kind === StatusChangeKind.TransferOut || kind === StatusChangeKind.Withdrawal)
    return [StudentStatus.Enrolled, StudentStatus.Suspended];
  return [StudentStatus.Enrolled];
}
export const kindMovesClass = (kind: StatusChangeKind) =>
  kind === StatusChangeKind.RepeatYear || kind === StatusChangeKind.ClassTransfer;

export const zStatusChangeRequest = z
  .object({
    userId: zId,
    kind: zEnum(statusChangeKindLabels),
    effectiveDate: zDateText('date'),
    reason: zText(500),
    toTeamId: zId.nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (kindMovesClass(v.kind) && !v.toTeamId)
      ctx.addIssue({ code: 'custom', path: ['toTeamId'], ...codedIssue('required') });
  });
export type StatusChangeRequest = z.input<typeof zStatusChangeRequest>;
export const zStatusChangeDecision = z.object({ note: zOptionalText(500) });

export const zStatusChange = z.object({
  id: zId,
  userId: zId,
  realName: z.string(),
  studentNo: z.string().nullable(),
  kind: zEnum(statusChangeKindLabels),
  state: zEnum(statusChangeStateLabels),
  fromStatus: zEnum(studentStatusLabels),
  toStatus: zEnum(studentStatusLabels),
  effectiveDate: z.string(),
  reason: z.string(),
  toTeamId: zId.nullable(),
  toTeamName: z.string().nullable(),
  requestedBy: zId.nullable(),
  requestedByName: z.string().nullable(),
  decidedBy: zId.nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: zDateTime.nullable(),
  decisionNote: z.string().nullable(),
  appliedAt: zDateTime.nullable(),
  createTime: zDateTime,
});
export type StatusChange = z.infer<typeof zStatusChange>;
export const zStatusChangeFilter = z.object({
  keyword: z.string().trim().max(64).optional(),
  userId: zId.optional(),
  kind: zEnum(statusChangeKindLabels).optional(),
  state: zEnum(statusChangeStateLabels).optional(),
});
export const statusChangeMeta: FormMeta = {
  name: 'statusChange',
  title: { en: 'Status changes', zh: '学籍异动' },
  labelKey: 'reason',
  keyword: true,
  fields: [
    field('realName', ['Student', '学生'], 'text', { form: false, width: 110 }),
    field('studentNo', ['Student number', '学号'], 'text', { form: false, width: 110 }),
    field('kind', ['Kind', '异动类型'], 'enum', { enum: statusChangeKindLabels, filter: true, width: 110 }),
    field('state', ['State', '状态'], 'enum', { enum: statusChangeStateLabels, filter: true, width: 130 }),
    field('effectiveDate', ['Effective date', '生效日期'], 'date', { width: 110 }),
    field('reason', ['Reason', '原因'], 'text', { width: 200 }),
    field('requestedByName', ['Requested by', '申请人'], 'text', { form: false, width: 100 }),
    field('decidedByName', ['Decided by', '审批人'], 'text', { form: false, width: 100 }),
  ],
};
// How many approved changes the job applied.
export const zApplied = z.object({ applied: z.number().int() });

// ---- timeline ----

export const zPersonEvent = z.object({
  id: zId,
  kind: z.enum(PERSON_EVENT_KINDS),
  refType: z.string(),
  refId: zId,
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  actorName: z.string().nullable(),
  createTime: zDateTime,
});
export type PersonEventRow = z.infer<typeof zPersonEvent>;
export const zPersonTimeline = z.object({ list: z.array(zPersonEvent) });
export type PersonTimeline = z.infer<typeof zPersonTimeline>;
