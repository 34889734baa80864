import { defineEnum, type EnumValue } from '../labels';

// Admissions, student records, graduation, training and certificates (issue 34).

// An application's path. Draft → submitted → under review → interview → accepted / waitlisted /
// rejected; accepted → enrolled / declined / withdrawn (a waitlisted one may still be accepted or
// rejected; an applicant may withdraw anything not yet decided). Every change is appended to
// application_events.
export const { values: ApplicationStatus, labels: applicationStatusLabels } = defineEnum({
  Draft: [1, 'Draft', '草稿', 'default'],
  Submitted: [2, 'Submitted', '已提交', 'processing'],
  UnderReview: [3, 'Under review', '审核中', 'processing'],
  Interview: [4, 'Interview', '面试', 'processing'],
  Accepted: [5, 'Accepted', '已录取', 'success'],
  Waitlisted: [6, 'Waitlisted', '候补', 'warning'],
  Rejected: [7, 'Rejected', '未录取', 'error'],
  Enrolled: [8, 'Enrolled', '已入学', 'success'],
  Declined: [9, 'Declined', '已放弃', 'default'],
  Withdrawn: [10, 'Withdrawn', '已撤回', 'default'],
});
export type ApplicationStatus = EnumValue<typeof ApplicationStatus>;

// Why an application was flagged as a possible duplicate of another applicant or student.
export const DUPLICATE_REASONS = ['idNumber', 'nameBirthDate', 'guardianPhone'] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

// A student's standing, kept on the student record and changed only by status changes.
export const { values: StudentStatus, labels: studentStatusLabels } = defineEnum({
  Enrolled: [1, 'Enrolled', '在读', 'success'],
  Suspended: [2, 'Suspended', '休学', 'warning'],
  TransferredOut: [3, 'Transferred out', '转出', 'default'],
  Graduated: [4, 'Graduated', '毕业', 'success'],
  Withdrawn: [5, 'Withdrawn', '退学', 'default'],
});
export type StudentStatus = EnumValue<typeof StudentStatus>;

// A change of standing, requested and approved, applied on its effective date.
export const { values: StatusChangeKind, labels: statusChangeKindLabels } = defineEnum({
  Suspension: [1, 'Suspension', '休学'],
  Resumption: [2, 'Resumption', '复学'],
  TransferOut: [3, 'Transfer out', '转学'],
  Withdrawal: [4, 'Withdrawal', '退学'],
  RepeatYear: [5, 'Repeat a year', '留级'],
  ClassTransfer: [6, 'Change of class', '转班'],
});
export type StatusChangeKind = EnumValue<typeof StatusChangeKind>;

export const { values: StatusChangeState, labels: statusChangeStateLabels } = defineEnum({
  Requested: [1, 'Requested', '待审批', 'processing'],
  Approved: [2, 'Approved, takes effect on its date', '已批准待生效', 'warning'],
  Applied: [3, 'In effect', '已生效', 'success'],
  Rejected: [4, 'Rejected', '已驳回', 'error'],
  Cancelled: [5, 'Cancelled', '已撤销', 'default'],
});
export type StatusChangeState = EnumValue<typeof StatusChangeState>;

export const { values: GraduationBatchStatus, labels: graduationBatchStatusLabels } = defineEnum({
  Draft: [1, 'Draft', '草稿', 'default'],
  Reviewing: [2, 'Reviewing', '审核中', 'processing'],
  Approved: [3, 'Approved', '已批准', 'warning'],
  Conferred: [4, 'Conferred', '已授予', 'success'],
});
export type GraduationBatchStatus = EnumValue<typeof GraduationBatchStatus>;

// A student's place in a graduation batch.
export const { values: GraduationDecision, labels: graduationDecisionLabels } = defineEnum({
  Pending: [1, 'Pending', '待审核', 'processing'],
  Approved: [2, 'Approved', '准予毕业', 'success'],
  Deferred: [3, 'Deferred', '暂缓', 'warning'],
});
export type GraduationDecision = EnumValue<typeof GraduationDecision>;

export const { values: DegreeAwardStatus, labels: degreeAwardStatusLabels } = defineEnum({
  Awarded: [1, 'Awarded', '已授予', 'success'],
  Revoked: [2, 'Revoked', '已撤销', 'error'],
});
export type DegreeAwardStatus = EnumValue<typeof DegreeAwardStatus>;

// What a graduation requirement checks (one audit line each).
export const REQUIREMENT_KINDS = ['courses', 'credits', 'exams', 'attendance', 'tuition'] as const;
export type RequirementKind = (typeof REQUIREMENT_KINDS)[number];

export const { values: TrainingSessionStatus, labels: trainingSessionStatusLabels } = defineEnum({
  Draft: [1, 'Draft', '草稿', 'default'],
  Open: [2, 'Open for booking', '开放报名', 'processing'],
  Closed: [3, 'Booking closed', '报名截止', 'warning'],
  Finished: [4, 'Finished', '已结束', 'success'],
  Cancelled: [5, 'Cancelled', '已取消', 'default'],
});
export type TrainingSessionStatus = EnumValue<typeof TrainingSessionStatus>;

// A registration's status; every change is appended to training_registration_events in order.
// Requested → approved → booked (a session without approval books at once), waitlisted when full,
// declined, cancelled; after the session: no-show, partly attended, attended, hours credited.
export const { values: RegistrationStatus, labels: registrationStatusLabels } = defineEnum({
  Requested: [1, 'Requested', '已申请', 'processing'],
  Approved: [2, 'Approved', '已批准', 'processing'],
  Booked: [3, 'Booked', '已预订', 'success'],
  Waitlisted: [4, 'Waitlisted', '候补', 'warning'],
  Declined: [5, 'Declined', '已拒绝', 'error'],
  Cancelled: [6, 'Cancelled', '已取消', 'default'],
  NoShow: [7, 'No-show', '缺席', 'error'],
  PartlyAttended: [8, 'Partly attended', '部分出席', 'warning'],
  Attended: [9, 'Attended', '已出席', 'success'],
  HoursCredited: [10, 'Hours credited', '学时已认定', 'success'],
});
export type RegistrationStatus = EnumValue<typeof RegistrationStatus>;

// What a certificate was issued for.
export const CERTIFICATE_SOURCES = ['course', 'programme', 'degree', 'manual'] as const;
export type CertificateSource = (typeof CERTIFICATE_SOURCES)[number];

// A certificate's stored status; "expired" is never stored: it is read from the expiry date.
export const { values: CertificateStatus, labels: certificateStatusLabels } = defineEnum({
  Valid: [1, 'Valid', '有效', 'success'],
  Revoked: [2, 'Revoked', '已撤销', 'error'],
  Superseded: [3, 'Superseded', '已被替代', 'default'],
});
export type CertificateStatus = EnumValue<typeof CertificateStatus>;
// What the public verification answers (stored status, or expired by date).
export const CERTIFICATE_STANDINGS = ['valid', 'revoked', 'expired', 'superseded'] as const;
export type CertificateStanding = (typeof CERTIFICATE_STANDINGS)[number];

// The kinds of entry on a person's timeline (person_events), from applicant to certificate holder.
export const PERSON_EVENT_KINDS = [
  'applied',
  'applicationStatus',
  'enrolled',
  'statusChange',
  'graduated',
  'degreeAwarded',
  'degreeRevoked',
  'trainingRegistration',
  'trainingOutcome',
  'certificateIssued',
  'certificateRevoked',
] as const;
export type PersonEventKind = (typeof PERSON_EVENT_KINDS)[number];
