import { defineEnum, type EnumValue } from '../labels';

// Spec: marking flag, one answer to one question: a teacher has scored it (3) or not yet (1).
// Objective answers are scored by the machine and count as marked at once.
export const { values: MarkingFlag, labels: markingFlagLabels } = defineEnum({
  NotMarked: [1, 'Not marked', '未批阅', 'warning'],
  Marked: [3, 'Marked', '已批阅', 'success'],
});
export type MarkingFlag = EnumValue<typeof MarkingFlag>;

// Spec: review flag, whether a second marker has checked a hand-marked score.
export const { values: ReviewFlag, labels: reviewFlagLabels } = defineEnum({
  Reviewed: [1, 'Reviewed', '已复核', 'success'],
  NotReviewed: [2, 'Not reviewed', '未复核', 'default'],
});
export type ReviewFlag = EnumValue<typeof ReviewFlag>;

// Spec: paper answer status, where a candidate's score stands. 4 before they enter, 3 while they
// answer, 1 once the attempt ended (scored, not confirmed), 2 after the exam's scores are confirmed.
export const { values: AnswerStatus, labels: answerStatusLabels } = defineEnum({
  NotConfirmed: [1, 'Score not confirmed', '成绩未确认', 'warning'],
  Confirmed: [2, 'Score confirmed', '成绩已确认', 'success'],
  InProgress: [3, 'In progress', '进行中', 'processing'],
  NotStarted: [4, 'Not started', '未开始', 'default'],
});
export type AnswerStatus = EnumValue<typeof AnswerStatus>;

// Why a score changed (the audit of every change after the first automatic marking).
export const { values: ScoreChangeKind, labels: scoreChangeKindLabels } = defineEnum({
  Manual: [1, 'Marked', '批阅', 'processing'],
  Review: [2, 'Reviewed', '复核', 'success'],
  Regrade: [3, 'Regraded', '重新判分', 'warning'],
  ThrowOut: [4, 'Question thrown out', '作废试题', 'error'],
  Query: [5, 'Mark query answered', '成绩申诉处理', 'default'],
  Reopened: [6, 'Paper reopened', '答卷重新开放', 'warning'],
});
export type ScoreChangeKind = EnumValue<typeof ScoreChangeKind>;

// After an exam, a question found faulty: everyone gets full marks, or it leaves the total.
export const { values: ThrowOutMode, labels: throwOutModeLabels } = defineEnum({
  FullMarks: [1, 'Full marks for everyone', '全体给满分', 'success'],
  Remove: [2, 'Leaves the total', '不计入总分', 'default'],
});
export type ThrowOutMode = EnumValue<typeof ThrowOutMode>;

// A student's query on a mark.
export const { values: QueryStatus, labels: queryStatusLabels } = defineEnum({
  Open: [1, 'Open', '待处理', 'warning'],
  Answered: [2, 'Answered', '已答复', 'success'],
});
export type QueryStatus = EnumValue<typeof QueryStatus>;
