import type { EnumLabel } from '../labels';

// An asynchronous export's state, shown on the export list.
export const ExportStatus = { Queued: 1, Running: 2, Done: 3, Failed: 4 } as const;
export type ExportStatus = (typeof ExportStatus)[keyof typeof ExportStatus];
export const exportStatusLabels = {
  1: { en: 'Waiting', zh: '排队中', color: 'default' },
  2: { en: 'Running', zh: '导出中', color: 'processing' },
  3: { en: 'Ready', zh: '已完成', color: 'success' },
  4: { en: 'Failed', zh: '失败', color: 'error' },
} satisfies Record<ExportStatus, EnumLabel>;
