import type { EnumLabel } from '../labels';

// Where an exam stands on the clock (spec: exam status; 1 has no label). Never stored: derived from
// the window and the server's clock whenever it is read, so it cannot drift.
export const ExamStatus = { NotStarted: 2, InProgress: 3, Ended: 4 } as const;
export type ExamStatus = (typeof ExamStatus)[keyof typeof ExamStatus];
export const examStatusLabels = {
  2: { en: 'Not started', zh: '未开始', color: 'processing' },
  3: { en: 'In progress', zh: '进行中', color: 'success' },
  4: { en: 'Ended', zh: '已结束', color: 'default' },
} satisfies Record<ExamStatus, EnumLabel>;

// Whether an exam is a draft, given to its candidates, or called off. Stored: it changes only by
// the publish and cancel actions.
export const ExamState = { Draft: 1, Published: 2, Cancelled: 3 } as const;
export type ExamState = (typeof ExamState)[keyof typeof ExamState];
export const examStateLabels = {
  1: { en: 'Draft', zh: '草稿', color: 'default' },
  2: { en: 'Published', zh: '已发布', color: 'success' },
  3: { en: 'Cancelled', zh: '已取消', color: 'error' },
} satisfies Record<ExamState, EnumLabel>;

// How candidates come to an exam: assigned by the office, or registering themselves.
export const RegistrationMode = { Assigned: 1, Open: 2 } as const;
export type RegistrationMode = (typeof RegistrationMode)[keyof typeof RegistrationMode];
export const registrationModeLabels = {
  1: { en: 'Assigned', zh: '指定考生' },
  2: { en: 'Open registration', zh: '自主报名' },
} satisfies Record<RegistrationMode, EnumLabel>;

// A candidate's place on the list: registrations wait for approval when the exam asks for it;
// assigned candidates are approved from the start.
export const CandidateStatus = { Pending: 1, Approved: 2, Rejected: 3 } as const;
export type CandidateStatus = (typeof CandidateStatus)[keyof typeof CandidateStatus];
export const candidateStatusLabels = {
  1: { en: 'Awaiting approval', zh: '待审核', color: 'warning' },
  2: { en: 'Approved', zh: '已通过', color: 'success' },
  3: { en: 'Rejected', zh: '未通过', color: 'error' },
} satisfies Record<CandidateStatus, EnumLabel>;

// When a student sees their score.
export const ShowScore = { Never: 1, AfterSubmit: 2, AfterConfirmed: 3 } as const;
export type ShowScore = (typeof ShowScore)[keyof typeof ShowScore];
export const showScoreLabels = {
  1: { en: 'Never', zh: '不显示' },
  2: { en: 'After handing in', zh: '交卷后显示' },
  3: { en: 'After scores are confirmed', zh: '成绩确认后显示' },
} satisfies Record<ShowScore, EnumLabel>;

// Spec: student status (in an exam).
export const StudentExamStatus = { NotEntered: 1, Entered: 2 } as const;
export type StudentExamStatus = (typeof StudentExamStatus)[keyof typeof StudentExamStatus];
export const studentExamStatusLabels = {
  1: { en: 'Not entered', zh: '未进入考试' },
  2: { en: 'Entered', zh: '已进入考试' },
} satisfies Record<StudentExamStatus, EnumLabel>;
