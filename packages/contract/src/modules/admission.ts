import { z } from 'zod';
import { applicationStatusLabels, DUPLICATE_REASONS } from '../enums/academic';
import { userSexLabels } from '../enums/user-sex';
import { formatRegex } from '../errors';
import { zDateText, zDateTime, zDomain, zEnum, zId, zOptionalText, zPhone, zText } from '../fields';
import { defineEnum, type EnumValue } from '../labels';
import { type FormMeta, field } from '../resource-meta';

// Admissions (issue 34): rounds with their form, the public application (saved and resumed with a
// tracking code, submitted once), its documents, the staff's review and the enrolment that makes
// the student. The tracking code is the applicant's only key: staff rows never carry it.

export const { values: AdmissionRoundStatus, labels: admissionRoundStatusLabels } = defineEnum({
  Draft: [1, 'Draft', '草稿', 'default'],
  Open: [2, 'Open', '开放报名', 'processing'],
  Closed: [3, 'Closed', '已关闭', 'warning'],
});
export type AdmissionRoundStatus = EnumValue<typeof AdmissionRoundStatus>;

// What an applicant may upload (PDF, JPEG or PNG, at most 10 MB each, 10 per application).
export const APPLICATION_DOCUMENT_KINDS = ['idCard', 'birthCertificate', 'transcript', 'photo', 'other'] as const;
export type ApplicationDocumentKind = (typeof APPLICATION_DOCUMENT_KINDS)[number];
export const applicationDocumentKindLabels = {
  idCard: { en: 'ID card', zh: '身份证件' },
  birthCertificate: { en: 'Birth certificate', zh: '出生证明' },
  transcript: { en: 'School report', zh: '成绩单' },
  photo: { en: 'Photo', zh: '照片' },
  other: { en: 'Other', zh: '其他' },
} as const satisfies Record<ApplicationDocumentKind, { en: string; zh: string }>;
export const APPLICATION_DOCUMENTS_MAX = 10;
export const APPLICATION_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const EXTRA_FIELDS_MAX = 20;
export const GUARDIANS_MAX = 4;
export const DECIDE_MAX = 200;
// Crockford base32 (no I, L, O, U): 20 characters from 100 random bits.
export const TRACKING_CODE_LENGTH = 20;
export const zTrackingCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(...formatRegex(/^[0-9A-HJKMNP-TV-Z]{16,32}$/, 'pattern'));

// ---- rounds ----

export const zExtraField = z.object({
  key: z
    .string()
    .trim()
    .regex(...formatRegex(/^[a-z][a-zA-Z0-9_]{0,31}$/, 'keyChars')),
  label: z.object({ en: zText(64), zh: zText(64) }),
  type: z.enum(['text', 'select', 'date']),
  required: z.boolean().default(false),
  options: z.array(zText(64)).max(30).default([]),
});
export type ExtraField = z.output<typeof zExtraField>;

const roundFields = {
  name: zText(64),
  semesterId: zId.nullable().optional(),
  // The grade (class grade year) or the programme (degree, department) the round admits to.
  gradeYear: z.number().int().min(1900).max(2200).nullable().optional(),
  degreeId: zId.nullable().optional(),
  departmentId: zId.nullable().optional(),
  opensAt: zDateText('date-time'),
  closesAt: zDateText('date-time'),
  // The most applicants accepted (accepted and enrolled count); none: no limit.
  quota: z.number().int().min(1).max(100000).nullable().optional(),
  // Minor units of the organisation's currency; 0: no fee (online payment of it is not built yet).
  fee: z.number().int().min(0).max(100_000_000).default(0),
  // The class accepted applicants join by default.
  teamId: zId.nullable().optional(),
  description: zOptionalText(2000),
};
function checkRound(r: { opensAt: string; closesAt: string; extraFields?: ExtraField[] }, ctx: z.core.$RefinementCtx) {
  if (Date.parse(r.closesAt) <= Date.parse(r.opensAt))
    ctx.addIssue({ code: 'custom', path: ['closesAt'], message: 'must be after opensAt' });
  const keys = new Set<string>();
  (r.extraFields ?? []).forEach((f, i) => {
    if (keys.has(f.key)) ctx.addIssue({ code: 'custom', path: ['extraFields', i, 'key'], message: 'is repeated' });
    keys.add(f.key);
    if (f.type === 'select' && !f.options.length)
      ctx.addIssue({ code: 'custom', path: ['extraFields', i, 'options'], message: 'a select needs options' });
  });
}
const zExtraFields = z.array(zExtraField).max(EXTRA_FIELDS_MAX);
export const zAdmissionRoundCreate = z
  .object({ id: z.null().optional(), ...roundFields, extraFields: zExtraFields.default([]) })
  .superRefine((r, ctx) => checkRound(r, ctx));
// An update without extraFields keeps the round's form as it is.
export const zAdmissionRoundUpdate = z
  .object({ id: zId, ...roundFields, extraFields: zExtraFields.optional() })
  .superRefine((r, ctx) => checkRound(r, ctx));
export const zAdmissionRound = z.object({
  id: zId,
  organizationId: zId,
  name: z.string(),
  semesterId: zId.nullable(),
  gradeYear: z.number().int().nullable(),
  degreeId: zId.nullable(),
  departmentId: zId.nullable(),
  opensAt: zDateTime,
  closesAt: zDateTime,
  quota: z.number().int().nullable(),
  fee: z.number().int(),
  extraFields: z.array(zExtraField),
  teamId: zId.nullable(),
  description: z.string().nullable(),
  status: zEnum(admissionRoundStatusLabels),
  // Applications submitted (drafts not counted) and places taken (accepted and enrolled).
  applications: z.number().int(),
  taken: z.number().int(),
  createTime: zDateTime,
  updateTime: zDateTime,
});
export type AdmissionRound = z.infer<typeof zAdmissionRound>;
export const zAdmissionRoundFilter = z.object({
  keyword: z.string().trim().max(64).optional(),
  status: zEnum(admissionRoundStatusLabels).optional(),
});
export const admissionRoundMeta: FormMeta = {
  name: 'admissionRound',
  title: { en: 'Admission rounds', zh: '招生批次' },
  keyword: true,
  fields: [
    field('name', ['Name', '名称'], 'text', { required: true }),
    field('status', ['Status', '状态'], 'enum', { enum: admissionRoundStatusLabels, filter: true, form: false }),
    field('semesterId', ['Semester', '学期'], 'ref', { ref: { resource: 'semester' } }),
    field('gradeYear', ['Grade', '年级'], 'number', { width: 90 }),
    field('degreeId', ['Programme', '学历层次'], 'ref', { ref: { resource: 'degree' }, list: false }),
    field('departmentId', ['Department', '院系'], 'ref', { ref: { resource: 'department' }, list: false }),
    field('opensAt', ['Opens', '开始时间'], 'datetime', { required: true, width: 160 }),
    field('closesAt', ['Closes', '截止时间'], 'datetime', { required: true, width: 160 }),
    field('quota', ['Quota', '名额'], 'number', { width: 90 }),
    field('fee', ['Fee (minor units)', '报名费（分）'], 'number', { width: 110 }),
    field('teamId', ['Class for the admitted', '录取后编入班级'], 'ref', { ref: { resource: 'team' }, list: false }),
    field('applications', ['Applications', '申请数'], 'number', { form: false, width: 100 }),
    field('taken', ['Places taken', '已录取'], 'number', { form: false, width: 100 }),
    field('description', ['Description', '说明'], 'textarea', { list: false }),
  ],
};

// ---- the applicant's form ----

export const zGuardianInput = z.object({
  name: zText(64),
  phone: zText(20).regex(...formatRegex(/^\+?[0-9][0-9 -]{4,19}$/, 'phone')),
  relation: zText(32),
});
export const zApplicantFields = z.object({
  roundId: zId,
  realName: zText(64),
  sex: zEnum(userSexLabels).nullable().optional(),
  birthDate: zDateText('date').nullable().optional(),
  idNumber: zOptionalText(32, /^[0-9A-Za-z-]{4,32}$/),
  phone: zPhone,
  email: zOptionalText(254, /^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'email'),
  priorSchool: zOptionalText(100),
  guardians: z.array(zGuardianInput).max(GUARDIANS_MAX).default([]),
  // The round's extra fields by key; checked against the round's form on save and submit.
  answers: z.record(z.string().max(32), z.string().trim().max(500)).default({}),
});
export type ApplicantFields = z.output<typeof zApplicantFields>;

export const zApplyRoundRequest = z.object({ domain: zDomain });
export const zPublicRound = z.object({
  id: zId,
  name: z.string(),
  opensAt: zDateTime,
  closesAt: zDateTime,
  gradeYear: z.number().int().nullable(),
  fee: z.number().int(),
  description: z.string().nullable(),
  extraFields: z.array(zExtraField),
});
export const zApplyRounds = z.object({ organizationName: z.string(), rounds: z.array(zPublicRound) });

// Save a draft: a new one (its requestKey makes a retried save answer the same draft) or the one the
// tracking code names, while it is still a draft.
export const zApplySave = z.object({
  domain: zDomain,
  trackingCode: zTrackingCode.optional(),
  requestKey: z.string().trim().min(8).max(64).optional(),
  form: zApplicantFields,
});
export const zApplySubmit = z.object({
  domain: zDomain,
  trackingCode: zTrackingCode.optional(),
  requestKey: z.string().trim().min(8).max(64).optional(),
  // Sent with the submit, the form is saved first (a draft only).
  form: zApplicantFields.optional(),
});
export const zApplyTrack = z.object({ domain: zDomain, trackingCode: zTrackingCode });
export const zApplySaved = z.object({
  trackingCode: z.string(),
  status: zEnum(applicationStatusLabels),
  submittedAt: zDateTime.nullable(),
});
export const zApplicationDocument = z.object({
  id: zId,
  kind: z.enum(APPLICATION_DOCUMENT_KINDS),
  fileId: zId.nullable(),
  name: z.string().nullable(),
  size: z.number().int().nullable(),
  // Staff asked for (another) upload of this kind.
  requested: z.boolean(),
  requestNote: z.string().nullable(),
  createTime: zDateTime,
});
export const zApplicantMessage = z.object({ id: zId, body: z.string(), createTime: zDateTime });
// What the tracking code shows: the status, the staff's messages, the documents (requested ones
// flagged), and the form itself while it is a draft (to resume it).
export const zApplyStatus = z.object({
  trackingCode: z.string(),
  status: zEnum(applicationStatusLabels),
  roundId: zId,
  roundName: z.string(),
  realName: z.string(),
  submittedAt: zDateTime.nullable(),
  decidedAt: zDateTime.nullable(),
  interviewAt: zDateTime.nullable(),
  messages: z.array(zApplicantMessage),
  documents: z.array(zApplicationDocument),
  form: z
    .object({
      realName: z.string(),
      sex: z.number().int().nullable(),
      birthDate: z.string().nullable(),
      idNumber: z.string().nullable(),
      phone: z.string().nullable(),
      email: z.string().nullable(),
      priorSchool: z.string().nullable(),
      guardians: z.array(z.object({ name: z.string(), phone: z.string(), relation: z.string() })),
      answers: z.record(z.string(), z.string()),
    })
    .nullable(),
});
export type ApplyStatus = z.infer<typeof zApplyStatus>;
export const zApplyUploadQuery = z.object({
  domain: zDomain,
  trackingCode: zTrackingCode,
  kind: z.enum(APPLICATION_DOCUMENT_KINDS),
});

// ---- staff ----

export const zDuplicateFlag = z.object({
  kind: z.enum(['application', 'student']),
  id: zId,
  name: z.string(),
  reason: z.enum(DUPLICATE_REASONS),
});
export type DuplicateFlag = z.infer<typeof zDuplicateFlag>;
export const zApplication = z.object({
  id: zId,
  organizationId: zId,
  roundId: zId,
  roundName: z.string(),
  status: zEnum(applicationStatusLabels),
  realName: z.string(),
  sex: z.number().int().nullable(),
  birthDate: z.string().nullable(),
  idNumber: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  priorSchool: z.string().nullable(),
  guardians: z.array(z.object({ name: z.string(), phone: z.string(), relation: z.string() })),
  answers: z.record(z.string(), z.string()),
  duplicateOf: z.array(zDuplicateFlag),
  submittedAt: zDateTime.nullable(),
  decidedAt: zDateTime.nullable(),
  decidedBy: zId.nullable(),
  interviewAt: zDateTime.nullable(),
  note: z.string().nullable(),
  userId: zId.nullable(),
  createTime: zDateTime,
  updateTime: zDateTime,
});
export type Application = z.infer<typeof zApplication>;
export const zApplicationFilter = z.object({
  keyword: z.string().trim().max(64).optional(),
  roundId: zId.optional(),
  status: zEnum(applicationStatusLabels).optional(),
  duplicates: z.boolean().optional(),
});
export const applicationMeta: FormMeta = {
  name: 'application',
  title: { en: 'Applications', zh: '报名申请' },
  labelKey: 'realName',
  keyword: true,
  fields: [
    field('realName', ['Applicant', '申请人'], 'text', { width: 120 }),
    field('roundName', ['Round', '招生批次'], 'text', { width: 160 }),
    field('status', ['Status', '状态'], 'enum', { enum: applicationStatusLabels, filter: true, width: 110 }),
    field('birthDate', ['Birth date', '出生日期'], 'date', { width: 110 }),
    field('phone', ['Phone', '电话'], 'text', { width: 130 }),
    field('email', ['E-mail', '电子邮箱'], 'text', { list: false }),
    field('idNumber', ['ID number', '证件号码'], 'text', { list: false }),
    field('priorSchool', ['Prior school', '原就读学校'], 'text', { list: false }),
    field('submittedAt', ['Submitted', '提交时间'], 'datetime', { width: 160, sortable: true }),
    field('interviewAt', ['Interview', '面试时间'], 'datetime', { list: false }),
    field('decidedAt', ['Decided', '决定时间'], 'datetime', { list: false }),
    field('note', ['Staff note', '内部备注'], 'text', { list: false }),
  ],
};

export const zApplicationEvent = z.object({
  id: zId,
  fromStatus: z.number().int().nullable(),
  toStatus: z.number().int(),
  actorId: zId.nullable(),
  actorName: z.string().nullable(),
  note: z.string().nullable(),
  createTime: zDateTime,
});
export const zApplicationDetail = zApplication.extend({
  events: z.array(zApplicationEvent),
  documents: z.array(zApplicationDocument),
  messages: z.array(zApplicantMessage),
  round: zAdmissionRound.pick({ id: true, name: true, teamId: true, extraFields: true, quota: true }),
});
export type ApplicationDetail = z.infer<typeof zApplicationDetail>;

export const zDecisionNote = z.object({ note: zOptionalText(500) });
export const zInterviewInput = z.object({ interviewAt: zDateText('date-time'), note: zOptionalText(500) });
export const APPLICATION_DECISIONS = ['review', 'interview', 'accept', 'waitlist', 'reject'] as const;
export const zApplicationDecide = z.object({
  ids: z.array(zId).min(1).max(DECIDE_MAX),
  decision: z.enum(APPLICATION_DECISIONS),
  note: zOptionalText(500),
});
export const zDecided = z.object({ decided: z.number().int() });
export const zStaffNote = z.object({ note: zOptionalText(500) });
export const zApplicantMessageInput = z.object({ body: zText(2000) });
export const zRequestDocument = z.object({ kind: z.enum(APPLICATION_DOCUMENT_KINDS), note: zOptionalText(200) });
export const zApplicationMatches = z.object({
  list: z.array(zDuplicateFlag.extend({ studentNo: z.string().nullable() })),
});

// Enrolment: a new student account (user name chosen or the student number; the password made and
// answered once unless given), or an existing student's account staff picked among the matches.
export const zEnrolInput = z.object({
  linkUserId: zId.nullable().optional(),
  userName: zOptionalText(64, /^[A-Za-z0-9_.@-]{2,64}$/, 'userName'),
  studentNo: zOptionalText(32),
  // The class to join instead of the round's.
  teamId: zId.nullable().optional(),
});
export const zEnrolled = z.object({
  userId: zId,
  userName: z.string(),
  studentNo: z.string(),
  recordId: zId,
  // Only when a new account was made, and only in this answer.
  initialPassword: z.string().nullable(),
  teamId: zId.nullable(),
  linkedGuardianIds: z.array(zId),
});
export type Enrolled = z.infer<typeof zEnrolled>;
