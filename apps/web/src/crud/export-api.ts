import type { ExportStarted, Lang } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { type Cancel, call, post, unwrap, withQuery } from '../shell/request';
import { downloadFrom } from '../shell/transfer';
import { cleanFilter, engineVerb } from './resource-api';
import './export-i18n';

// Asynchronous exports: any declared list's exportAsync starts one; the export endpoints list,
// download and delete the caller's own.
export const exportApi = {
  start: (resource: string, filter: object, lang: Lang) =>
    unwrap(post<ExportStarted>(withQuery(engineVerb(resource, 'exportAsync'), { lang }), cleanFilter(filter))),
  page: (pageIndex: number, pageSize: number, silent = false, { signal }: Cancel = {}) =>
    call(api.export.page, { body: { pageIndex, pageSize } }, { silent, signal, retry: 2 }),
  select: (id: number, { signal }: Cancel = {}) =>
    call(api.export.select, { params: { id } }, { silent: true, signal, retry: 2 }),
  // The file itself, not the envelope: a hand route of the server.
  download: (id: number) => downloadFrom(api.export.download, { params: { id } }),
  remove: (id: number) => call(api.export.remove, { params: { id } }, { loading: true }),
};

// The export list's path in the menu catalogue (Logs › Export list).
export const EXPORT_LIST_PATH = '/log/export';
export const EXPORT_LIST_PERMISSION = 'export:page';
