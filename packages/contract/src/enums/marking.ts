import type { EnumLabel } from '../labels';

// Spec: marking flag, one answer to one question: a teacher has scored it (3) or not yet (1).
// Objective answers are scored by the machine and count as marked at once.
export const MarkingFlag = { NotMarked: 1, Marked: 3 } as const;
export type MarkingFlag = (typeof MarkingFlag)[keyof typeof MarkingFlag];
export const markingFlagLabels = {
  1: { en: 'Not marked', zh: '未批阅', color: 'warning' },
  3: { en: 'Marked', zh: '已批阅', color: 'success' },
} satisfies Record<MarkingFlag, EnumLabel>;

// Spec: review flag, whether a second marker has checked a hand-marked score.
export const ReviewFlag = { Reviewed: 1, NotReviewed: 2 } as const;
export type ReviewFlag = (typeof ReviewFlag)[keyof typeof ReviewFlag];
export const reviewFlagLabels = {
  1: { en: 'Reviewed', zh: '已复核', color: 'success' },
  2: { en: 'Not reviewed', zh: '未复核', color: 'default' },
} satisfies Record<ReviewFlag, EnumLabel>;

// Spec: paper answer status, where a candidate's score stands. 4 before they enter, 3 while they
// answer, 1 once the attempt ended (scored, not confirmed), 2 after the exam's scores are confirmed.
export const AnswerStatus = { NotConfirmed: 1, Confirmed: 2, InProgress: 3, NotStarted: 4 } as const;
export type AnswerStatus = (typeof AnswerStatus)[keyof typeof AnswerStatus];
export const answerStatusLabels = {
  1: { en: 'Score not confirmed', zh: '成绩未确认', color: 'warning' },
  2: { en: 'Score confirmed', zh: '成绩已确认', color: 'success' },
  3: { en: 'In progress', zh: '进行中', color: 'processing' },
  4: { en: 'Not started', zh: '未开始', color: 'default' },
} satisfies Record<AnswerStatus, EnumLabel>;

// Why a score changed (the audit of every change after the first automatic marking).
export const ScoreChangeKind = { Manual: 1, Review: 2, Regrade: 3, ThrowOut: 4, Query: 5, Reopened: 6 } as const;
export type ScoreChangeKind = (typeof ScoreChangeKind)[keyof typeof ScoreChangeKind];
export const scoreChangeKindLabels = {
  1: { en: 'Marked', zh: '批阅', color: 'processing' },
  2: { en: 'Reviewed', zh: '复核', color: 'success' },
  3: { en: 'Regraded', zh: '重新判分', color: 'warning' },
  4: { en: 'Question thrown out', zh: '作废试题', color: 'error' },
  5: { en: 'Mark query answered', zh: '成绩申诉处理', color: 'default' },
  6: { en: 'Paper reopened', zh: '答卷重新开放', color: 'warning' },
} satisfies Record<ScoreChangeKind, EnumLabel>;

// After an exam, a question found faulty: everyone gets full marks, or it leaves the total.
export const ThrowOutMode = { FullMarks: 1, Remove: 2 } as const;
export type ThrowOutMode = (typeof ThrowOutMode)[keyof typeof ThrowOutMode];
export const throwOutModeLabels = {
  1: { en: 'Full marks for everyone', zh: '全体给满分', color: 'success' },
  2: { en: 'Leaves the total', zh: '不计入总分', color: 'default' },
} satisfies Record<ThrowOutMode, EnumLabel>;

// A student's query on a mark.
export const QueryStatus = { Open: 1, Answered: 2 } as const;
export type QueryStatus = (typeof QueryStatus)[keyof typeof QueryStatus];
export const queryStatusLabels = {
  1: { en: 'Open', zh: '待处理', color: 'warning' },
  2: { en: 'Answered', zh: '已答复', color: 'success' },
} satisfies Record<QueryStatus, EnumLabel>;
