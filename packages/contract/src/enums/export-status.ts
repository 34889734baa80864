import { defineEnum, type EnumValue } from '../labels';

// An asynchronous export's state, shown on the export list.
export const { values: ExportStatus, labels: exportStatusLabels } = defineEnum({
  Queued: [1, 'Waiting', '排队中', 'default'],
  Running: [2, 'Running', '导出中', 'processing'],
  Done: [3, 'Ready', '已完成', 'success'],
  Failed: [4, 'Failed', '失败', 'error'],
});
export type ExportStatus = EnumValue<typeof ExportStatus>;
