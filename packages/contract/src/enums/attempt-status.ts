import { defineEnum, type EnumValue } from '../labels';

// Spec: examination paper status, where one candidate's paper stands. 0 is "no attempt yet" (never
// stored: a candidate without an attempt row); 1 and 2 belong to paper-issuing workflows and are
// kept for the code table; an attempt row starts at 3 and ends in 4, 5, 6 or 8 (7 comes with marking).
export const { values: PaperStatus, labels: paperStatusLabels } = defineEnum({
  NotStarted: [0, 'Not started', '未开始', 'default'],
  NotIssued: [1, 'Paper not issued', '未发卷', 'default'],
  Issued: [2, 'Paper issued', '已发卷', 'processing'],
  Answering: [3, 'Answering', '答题中', 'processing'],
  HandedIn: [4, 'Handed in', '已交卷', 'success'],
  AutoCollected: [5, 'Collected automatically', '自动收卷', 'success'],
  ForceCollected: [6, 'Collected forcibly', '强制收卷', 'warning'],
  Marked: [7, 'Marked', '已阅卷', 'success'],
  Abnormal: [8, 'Ended abnormally', '异常结束', 'error'],
});
export type PaperStatus = EnumValue<typeof PaperStatus>;
// The statuses an attempt ends in: once in one of them it takes no more answers.
export const FINAL_PAPER_STATUSES: readonly number[] = [4, 5, 6, 7, 8];

// Spec: log detail types, the proctoring timeline of an attempt. 0, 4, 5 and 6 are written by the
// server itself; a client reports the others.
export const { values: ExamLogType, labels: examLogTypeLabels } = defineEnum({
  Start: [0, 'Exam start', '开始考试', 'processing'],
  Screenshot: [1, 'Screenshot', '截屏', 'default'],
  Snapshot: [2, 'Snapshot', '抓拍', 'default'],
  Answering: [3, 'Answering', '答题', 'default'],
  ManualSubmit: [4, 'Manual submit', '手动交卷', 'success'],
  AutoSubmit: [5, 'Automatic submit', '自动交卷', 'success'],
  ForcedCollection: [6, 'Forced collection', '强制收卷', 'warning'],
  ScreenSwitch: [7, 'Abnormal screen switch', '异常切屏', 'error'],
  AbnormalSubmit: [8, 'Abnormal submit', '异常交卷', 'error'],
  LeftApp: [9, 'Left the app', '离开应用', 'error'],
});
export type ExamLogType = EnumValue<typeof ExamLogType>;
// What a client may report (the server writes the others).
export const CLIENT_LOG_TYPES = [1, 2, 3, 7, 8, 9] as const;

// An invigilator's decision on a flagged attempt.
export const { values: ReviewDecision, labels: reviewDecisionLabels } = defineEnum({
  Cleared: [1, 'Cleared', '无异常', 'success'],
  Misconduct: [2, 'Misconduct', '违纪', 'error'],
});
export type ReviewDecision = EnumValue<typeof ReviewDecision>;
