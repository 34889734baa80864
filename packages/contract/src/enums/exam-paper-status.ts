import type { EnumLabel } from '../labels';

export const ExamPaperStatus = { Unpublished: 1, Published: 2, Withdrawn: 3 } as const;
export type ExamPaperStatus = (typeof ExamPaperStatus)[keyof typeof ExamPaperStatus];
export const examPaperStatusLabels = {
  1: { en: 'Unpublished', zh: '未发布', color: 'default' },
  2: { en: 'Published', zh: '已发布', color: 'success' },
  3: { en: 'Withdrawn', zh: '已撤回', color: 'warning' },
} satisfies Record<ExamPaperStatus, EnumLabel>;
