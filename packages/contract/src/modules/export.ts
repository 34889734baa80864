import { z } from 'zod';
import { exportStatusLabels } from '../enums/export-status';
import { zDateTime, zEnum } from '../fields';

// Asynchronous exports: started from any list's Export button, written by a background job, kept
// for EXPORT_KEEP_DAYS on the caller's export list.
export const EXPORT_KEEP_DAYS = 7;

export const zExportStarted = z.object({ exportId: z.number().int() });
export type ExportStarted = z.infer<typeof zExportStarted>;

export const zExportRow = z.object({
  id: z.number().int(),
  resource: z.string(),
  title: z.string(),
  lang: z.enum(['en', 'zh']),
  status: zEnum(exportStatusLabels),
  progress: z.number(),
  rowCount: z.number().int().nullable(),
  fileName: z.string().nullable(),
  fileSize: z.number().int().nullable(),
  error: z.string().nullable(),
  createTime: zDateTime,
  finishTime: zDateTime.nullable(),
  expireTime: zDateTime,
});
export type ExportRow = z.infer<typeof zExportRow>;

export const zExportPageRequest = z.object({
  pageIndex: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
