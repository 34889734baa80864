import { endpointPath, type ImportReport, type Lang, type Page } from '@lyceum/contract';
import { engine } from '@lyceum/contract/routes';
import { post, postWithLoading, unwrap, withQuery } from '../shell/request';
import { download, uploadRaw } from '../shell/transfer';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// What a resource's import answers.
export type { ImportReport };

// A row of any declared resource, as the meta-driven screens see it.
export type AnyRow = { id: number } & Record<string, unknown>;
export type TreeNode = AnyRow & { children?: TreeNode[] };

// The generic verbs every declared resource has on the server: page, select, create, ...
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

// A record as its form saves it: a new one has no id yet.
export type SaveOf<Input> = Omit<Input, 'id'> & { id?: number | null };

// A request for one page of a list: its filter and the page.
export type Paged<Filter> = Filter & { pageIndex: number; pageSize: number };

// Empty filter values are left out, so "no choice" never reaches the server as '' or null.
export function cleanFilter(filter: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== null && v !== ''));
}

// The engine's verbs of a resource, from the route table, by the name its meta carries.
interface VerbRef {
  path: string;
}
type EngineRefs = Partial<Record<string, VerbRef>>;
const byName: Partial<Record<string, EngineRefs>> = engine;

export function engineVerb(resource: string, verb: string, params?: Record<string, unknown>): string {
  const ref = byName[resource]?.[verb];
  if (!ref) throw new Error(`${resource} has no ${verb} verb in the route table`);
  return endpointPath(ref.path, params);
}

export function resourceApi<Row, Create, Update, PageRequest>(
  name: string,
): ResourceApi<Row, Create, Update, PageRequest> {
  const to = (verb: string, params?: Record<string, unknown>) => engineVerb(name, verb, params);
  return {
    key: name,
    page: (req) => unwrap(post<Page<Row>>(to('page'), cleanFilter(req as object))),
    list: (filter = {}, silent = false) => unwrap(post<Row[]>(to('list'), cleanFilter(filter), { silent })),
    tree: (filter = {}) => unwrap(post<TreeNode[]>(to('tree'), cleanFilter(filter))),
    select: (id) => unwrap(post<Row>(to('select', { id }))),
    create: (body) => unwrap(postWithLoading<unknown>(to('create'), { ...body, id: null })),
    update: (body) => unwrap(postWithLoading<unknown>(to('update'), body)),
    remove: (id) => unwrap(postWithLoading<unknown>(to('remove', { id }))),
    removeMany: (ids) => unwrap(postWithLoading<unknown>(to('removeMany'), { ids })),
    exportFile: (filter, lang) => download('POST', withQuery(to('exportFile'), { lang }), cleanFilter(filter)),
    template: (lang) => download('GET', withQuery(to('template'), { lang })),
    importFile: (file, dryRun, lang, onProgress) =>
      unwrap(
        uploadRaw<ImportReport>(withQuery(to('importFile'), { dryRun, lang }), file, {
          contentType: XLSX_TYPE,
          onProgress,
        }),
      ),
  };
}
