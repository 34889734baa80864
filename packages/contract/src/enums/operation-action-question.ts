import { action, type OperationActionLabel } from './operation-action-kit';

// The operation log's verbs of the question bank's files in other systems' formats (issue 35).
export const questionActionLabels = {
  exportAs: action(
    'Export (Moodle XML, GIFT or QTI)',
    '导出（Moodle XML、GIFT 或 QTI）',
    'exported {{target}} records for another system',
    'export {{target}} records for another system',
    '导出{{target}}供其他系统使用',
  ),
} satisfies Record<string, OperationActionLabel>;
