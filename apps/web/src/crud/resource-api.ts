import type { Page } from '@lyceum/contract';
import { post, postWithLoading, unwrap } from '../shell/request';

// The generic endpoints every declared resource has on the server: /page, /select/{id}, /create, ...
export interface ResourceApi<Row, Create, Update, PageRequest> {
  key: string;
  page: (req: PageRequest) => Promise<Page<Row>>;
  select: (id: number) => Promise<Row>;
  create: (body: Create) => Promise<unknown>;
  update: (body: Update) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
  removeMany: (ids: number[]) => Promise<unknown>;
}

export function resourceApi<Row, Create, Update, PageRequest>(
  name: string,
): ResourceApi<Row, Create, Update, PageRequest> {
  const base = `/api/${name}`;
  return {
    key: name,
    page: (req) => unwrap(post<Page<Row>>(`${base}/page`, req)),
    select: (id) => unwrap(post<Row>(`${base}/select/${id}`)),
    create: (body) => unwrap(postWithLoading<unknown>(`${base}/create`, { ...body, id: null })),
    update: (body) => unwrap(postWithLoading<unknown>(`${base}/update`, body)),
    remove: (id) => unwrap(postWithLoading<unknown>(`${base}/delete/${id}`)),
    removeMany: (ids) => unwrap(postWithLoading<unknown>(`${base}/delete/ids`, { ids })),
  };
}
