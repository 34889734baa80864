import type { EnumLabel } from '../labels';

// What a gradebook column is: an exam, or a homework task (which runs on an exam row of its own).
export const GradeItemKind = { Exam: 1, Homework: 2 } as const;
export type GradeItemKind = (typeof GradeItemKind)[keyof typeof GradeItemKind];
export const gradeItemKindLabels = {
  1: { en: 'Exams', zh: '考试' },
  2: { en: 'Homework', zh: '作业' },
} satisfies Record<GradeItemKind, EnumLabel>;

// Why a column does not count yet: its scores are provisional until they are final.
export const GradeWaiting = { NotConfirmed: 1, Open: 2, NotMarked: 3, Upcoming: 4 } as const;
export type GradeWaiting = (typeof GradeWaiting)[keyof typeof GradeWaiting];
export const gradeWaitingLabels = {
  1: { en: 'Scores not confirmed', zh: '成绩未确认', color: 'warning' },
  2: { en: 'Still open for hand-ins', zh: '仍在提交期', color: 'processing' },
  3: { en: 'Being marked', zh: '批改中', color: 'processing' },
  4: { en: 'Not started yet', zh: '尚未开始', color: 'default' },
} satisfies Record<GradeWaiting, EnumLabel>;
