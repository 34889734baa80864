import type { ImportReport, Lang, Page } from '@lyceum/contract';
import { post, postWithLoading, unwrap } from '../shell/request';
import { download, uploadRaw } from '../shell/transfer';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// What /api/{name}/import answers.
export type { ImportReport };

// A row of any declared resource, as the meta-driven screens see it.
export type AnyRow = { id: number } & Record<string, unknown>;
export type TreeNode = AnyRow & { children?: TreeNode[] };

// The generic endpoints every declared resource has on the server: /page, /select/{id}, /create, ...
export interface ResourceApi<Row, Create, Update, PageRequest> {
  key: string;
  page: (req: PageRequest) => Promise<Page<Row>>;
  list: (filter?: object, silent?: boolean) => Promise<Row[]>;
  tree: (filter?: object) => Promise<TreeNode[]>;
  select: (id: number) => Promise<Row>;
  create: (body: Create) => Promise<unknown>;
  update: (body: Update) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
  removeMany: (ids: number[]) => Promise<unknown>;
  exportFile: (filter: object, lang: Lang) => Promise<string>;
  template: (lang: Lang) => Promise<string>;
  // Reasons and column headers come back in `lang` (every error is also coded for translation).
  importFile: (
    file: Blob,
    dryRun: boolean,
    lang: Lang,
    onProgress?: (fraction: number) => void,
  ) => Promise<ImportReport>;
}

// Empty filter values are left out, so "no choice" never reaches the server as '' or null.
export function cleanFilter(filter: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== null && v !== ''));
}

export function resourceApi<Row, Create, Update, PageRequest>(
  name: string,
): ResourceApi<Row, Create, Update, PageRequest> {
  const base = `/api/${name}`;
  return {
    key: name,
    page: (req) => unwrap(post<Page<Row>>(`${base}/page`, cleanFilter(req as object))),
    list: (filter = {}, silent = false) => unwrap(post<Row[]>(`${base}/list`, cleanFilter(filter), { silent })),
    tree: (filter = {}) => unwrap(post<TreeNode[]>(`${base}/tree`, cleanFilter(filter))),
    select: (id) => unwrap(post<Row>(`${base}/select/${id}`)),
    create: (body) => unwrap(postWithLoading<unknown>(`${base}/create`, { ...body, id: null })),
    update: (body) => unwrap(postWithLoading<unknown>(`${base}/update`, body)),
    remove: (id) => unwrap(postWithLoading<unknown>(`${base}/delete/${id}`)),
    removeMany: (ids) => unwrap(postWithLoading<unknown>(`${base}/delete/ids`, { ids })),
    exportFile: (filter, lang) => download('POST', `${base}/export?lang=${lang}`, cleanFilter(filter)),
    template: (lang) => download('GET', `${base}/template?lang=${lang}`),
    importFile: (file, dryRun, lang, onProgress) =>
      unwrap(
        uploadRaw<ImportReport>(`${base}/import?dryRun=${dryRun}&lang=${lang}`, file, {
          contentType: XLSX_TYPE,
          onProgress,
        }),
      ),
  };
}
