import type { ExportRow, ExportStarted, Lang, Page } from '@lyceum/contract';
import { post, postWithLoading, unwrap } from '../shell/request';
import { download } from '../shell/transfer';
import { cleanFilter } from './resource-api';
import './export-i18n';

// Asynchronous exports: any declared list's /exportAsync starts one; /api/export/* lists, downloads
// and deletes the caller's own.
export const exportApi = {
  start: (resource: string, filter: object, lang: Lang) =>
    unwrap(post<ExportStarted>(`/api/${resource}/exportAsync?lang=${lang}`, cleanFilter(filter))),
  page: (pageIndex: number, pageSize: number, silent = false) =>
    unwrap(post<Page<ExportRow>>('/api/export/page', { pageIndex, pageSize }, { silent })),
  select: (id: number) => unwrap(post<ExportRow>(`/api/export/select/${id}`, undefined, { silent: true })),
  download: (id: number) => download('GET', `/api/export/download/${id}`),
  remove: (id: number) => unwrap(postWithLoading<unknown>(`/api/export/delete/${id}`)),
};

// The export list's path in the menu catalogue (Logs › Export list).
export const EXPORT_LIST_PATH = '/log/export';
export const EXPORT_LIST_PERMISSION = 'export:page';
