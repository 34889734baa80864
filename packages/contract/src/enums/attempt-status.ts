import type { EnumLabel } from '../labels';

// Spec: examination paper status, where one candidate's paper stands. 0 is "no attempt yet" (never
// stored: a candidate without an attempt row); 1 and 2 belong to paper-issuing workflows and are
// kept for the code table; an attempt row starts at 3 and ends in 4, 5, 6 or 8 (7 comes with marking).
export const PaperStatus = {
  NotStarted: 0,
  NotIssued: 1,
  Issued: 2,
  Answering: 3,
  HandedIn: 4,
  AutoCollected: 5,
  ForceCollected: 6,
  Marked: 7,
  Abnormal: 8,
} as const;
export type PaperStatus = (typeof PaperStatus)[keyof typeof PaperStatus];
export const paperStatusLabels = {
  0: { en: 'Not started', zh: '未开始', color: 'default' },
  1: { en: 'Paper not issued', zh: '未发卷', color: 'default' },
  2: { en: 'Paper issued', zh: '已发卷', color: 'processing' },
  3: { en: 'Answering', zh: '答题中', color: 'processing' },
  4: { en: 'Handed in', zh: '已交卷', color: 'success' },
  5: { en: 'Collected automatically', zh: '自动收卷', color: 'success' },
  6: { en: 'Collected forcibly', zh: '强制收卷', color: 'warning' },
  7: { en: 'Marked', zh: '已阅卷', color: 'success' },
  8: { en: 'Ended abnormally', zh: '异常结束', color: 'error' },
} satisfies Record<PaperStatus, EnumLabel>;
// The statuses an attempt ends in: once in one of them it takes no more answers.
export const FINAL_PAPER_STATUSES: readonly number[] = [4, 5, 6, 7, 8];

// Spec: log detail types, the proctoring timeline of an attempt. 0, 4, 5 and 6 are written by the
// server itself; a client reports the others.
export const ExamLogType = {
  Start: 0,
  Screenshot: 1,
  Snapshot: 2,
  Answering: 3,
  ManualSubmit: 4,
  AutoSubmit: 5,
  ForcedCollection: 6,
  ScreenSwitch: 7,
  AbnormalSubmit: 8,
  LeftApp: 9,
} as const;
export type ExamLogType = (typeof ExamLogType)[keyof typeof ExamLogType];
export const examLogTypeLabels = {
  0: { en: 'Exam start', zh: '开始考试', color: 'processing' },
  1: { en: 'Screenshot', zh: '截屏', color: 'default' },
  2: { en: 'Snapshot', zh: '抓拍', color: 'default' },
  3: { en: 'Answering', zh: '答题', color: 'default' },
  4: { en: 'Manual submit', zh: '手动交卷', color: 'success' },
  5: { en: 'Automatic submit', zh: '自动交卷', color: 'success' },
  6: { en: 'Forced collection', zh: '强制收卷', color: 'warning' },
  7: { en: 'Abnormal screen switch', zh: '异常切屏', color: 'error' },
  8: { en: 'Abnormal submit', zh: '异常交卷', color: 'error' },
  9: { en: 'Left the app', zh: '离开应用', color: 'error' },
} satisfies Record<ExamLogType, EnumLabel>;
// What a client may report (the server writes the others).
export const CLIENT_LOG_TYPES = [1, 2, 3, 7, 8, 9] as const;

// An invigilator's decision on a flagged attempt.
export const ReviewDecision = { Cleared: 1, Misconduct: 2 } as const;
export type ReviewDecision = (typeof ReviewDecision)[keyof typeof ReviewDecision];
export const reviewDecisionLabels = {
  1: { en: 'Cleared', zh: '无异常', color: 'success' },
  2: { en: 'Misconduct', zh: '违纪', color: 'error' },
} satisfies Record<ReviewDecision, EnumLabel>;
