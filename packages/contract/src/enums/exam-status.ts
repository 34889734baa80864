import { defineEnum, type EnumValue } from '../labels';

// Where an exam stands on the clock (spec: exam status; 1 has no label). Never stored: derived from
// the window and the server's clock whenever it is read, so it cannot drift.
export const { values: ExamStatus, labels: examStatusLabels } = defineEnum({
  NotStarted: [2, 'Not started', '未开始', 'processing'],
  InProgress: [3, 'In progress', '进行中', 'success'],
  Ended: [4, 'Ended', '已结束', 'default'],
});
export type ExamStatus = EnumValue<typeof ExamStatus>;

// Whether an exam is a draft, given to its candidates, or called off. Stored: it changes only by
// the publish and cancel actions.
export const { values: ExamState, labels: examStateLabels } = defineEnum({
  Draft: [1, 'Draft', '草稿', 'default'],
  Published: [2, 'Published', '已发布', 'success'],
  Cancelled: [3, 'Cancelled', '已取消', 'error'],
});
export type ExamState = EnumValue<typeof ExamState>;

// How candidates come to an exam: assigned by the office, or registering themselves.
export const { values: RegistrationMode, labels: registrationModeLabels } = defineEnum({
  Assigned: [1, 'Assigned', '指定考生'],
  Open: [2, 'Open registration', '自主报名'],
});
export type RegistrationMode = EnumValue<typeof RegistrationMode>;

// A candidate's place on the list: registrations wait for approval when the exam asks for it;
// assigned candidates are approved from the start.
export const { values: CandidateStatus, labels: candidateStatusLabels } = defineEnum({
  Pending: [1, 'Awaiting approval', '待审核', 'warning'],
  Approved: [2, 'Approved', '已通过', 'success'],
  Rejected: [3, 'Rejected', '未通过', 'error'],
});
export type CandidateStatus = EnumValue<typeof CandidateStatus>;

// When a student sees their score.
export const { values: ShowScore, labels: showScoreLabels } = defineEnum({
  Never: [1, 'Never', '不显示'],
  AfterSubmit: [2, 'After handing in', '交卷后显示'],
  AfterConfirmed: [3, 'After scores are confirmed', '成绩确认后显示'],
});
export type ShowScore = EnumValue<typeof ShowScore>;

// Spec: student status (in an exam).
export const { values: StudentExamStatus, labels: studentExamStatusLabels } = defineEnum({
  NotEntered: [1, 'Not entered', '未进入考试'],
  Entered: [2, 'Entered', '已进入考试'],
});
export type StudentExamStatus = EnumValue<typeof StudentExamStatus>;
