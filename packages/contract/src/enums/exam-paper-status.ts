import { defineEnum, type EnumValue } from '../labels';

export const { values: ExamPaperStatus, labels: examPaperStatusLabels } = defineEnum({
  Unpublished: [1, 'Unpublished', '未发布', 'default'],
  Published: [2, 'Published', '已发布', 'success'],
  Withdrawn: [3, 'Withdrawn', '已撤回', 'warning'],
});
export type ExamPaperStatus = EnumValue<typeof ExamPaperStatus>;
