import { defineEnum, type EnumValue } from '../labels';

// What a gradebook column is: an exam, or a homework task (which runs on an exam row of its own).
export const { values: GradeItemKind, labels: gradeItemKindLabels } = defineEnum({
  Exam: [1, 'Exams', '考试'],
  Homework: [2, 'Homework', '作业'],
});
export type GradeItemKind = EnumValue<typeof GradeItemKind>;

// Why a column does not count yet: its scores are provisional until they are final.
export const { values: GradeWaiting, labels: gradeWaitingLabels } = defineEnum({
  NotConfirmed: [1, 'Scores not confirmed', '成绩未确认', 'warning'],
  Open: [2, 'Still open for hand-ins', '仍在提交期', 'processing'],
  NotMarked: [3, 'Being marked', '批改中', 'processing'],
  Upcoming: [4, 'Not started yet', '尚未开始', 'default'],
});
export type GradeWaiting = EnumValue<typeof GradeWaiting>;
