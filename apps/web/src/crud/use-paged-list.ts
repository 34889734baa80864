import { PAGE_SIZE_DEFAULT, type Page } from '@lyceum/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';

export type SortOrder = 'ascend' | 'descend';
export interface Sort {
  sortField?: string;
  sortOrder?: SortOrder;
}

// What the list frame needs from any list, paged or not.
export interface ListSource<Filter> {
  filters: Filter;
  setFilters: (next: Filter) => void;
  loading: boolean;
  reload: () => Promise<void>;
  sort?: Sort;
  setSort?: (next: Sort) => void;
}

export interface PagedList<Row, Filter> extends ListSource<Filter> {
  pageIndex: number;
  pageSize: number;
  setPage: (pageIndex: number, pageSize: number) => void;
  data: Page<Row> | undefined;
}

type PageRequestOf<Filter> = Filter & Sort & { pageIndex: number; pageSize: number };

// Filters, sorting and paging of one list, fetched through react-query; changing filters goes back to page 1.
export function usePagedList<Row, Filter extends object>(
  key: string,
  // The signal cancels a page no longer wanted (the filters changed while it loaded).
  fetchPage: (req: PageRequestOf<Filter>, cancel: { signal?: AbortSignal }) => Promise<Page<Row>>,
  initialFilters: Filter,
  // What the fetch fixes beyond the filters (two screens listing one resource differently, such as exam
  // and homework papers): part of the cache key, so the screens never show each other's rows.
  fixed?: Record<string, unknown>,
): PagedList<Row, Filter> {
  const client = useQueryClient();
  const [filters, setFilterState] = useState<Filter>(initialFilters);
  const [sort, setSortState] = useState<Sort>({});
  const [paging, setPaging] = useState({ pageIndex: 1, pageSize: PAGE_SIZE_DEFAULT });
  const query = useQuery({
    queryKey: [key, 'page', filters, sort, paging, fixed ?? null],
    queryFn: ({ signal }) => fetchPage({ ...filters, ...sort, ...paging }, { signal }),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  // A deletion can leave the current page empty: step back to the last page that has rows.
  if (data && data.list.length === 0 && paging.pageIndex > 1 && data.total > 0) {
    setPaging({ ...paging, pageIndex: Math.max(1, Math.ceil(data.total / paging.pageSize)) });
  }
  const setFilters = useCallback((next: Filter) => {
    setFilterState(next);
    setPaging((p) => ({ ...p, pageIndex: 1 }));
  }, []);
  const setSort = useCallback((next: Sort) => setSortState(next), []);
  const setPage = useCallback((pageIndex: number, pageSize: number) => setPaging({ pageIndex, pageSize }), []);
  const reload = useCallback(() => client.invalidateQueries({ queryKey: [key] }), [client, key]);
  return { filters, setFilters, sort, setSort, ...paging, setPage, data, loading: query.isFetching, reload };
}

export interface TreeList<Row, Filter> extends ListSource<Filter> {
  data: Row[] | undefined;
}

// A whole tree at once (tree resources are small); filters keep matches and their ancestors.
export function useTreeList<Row, Filter extends object>(
  key: string,
  fetchTree: (filter: Filter) => Promise<Row[]>,
  initialFilters: Filter,
): TreeList<Row, Filter> {
  const client = useQueryClient();
  const [filters, setFilters] = useState<Filter>(initialFilters);
  const query = useQuery({ queryKey: [key, 'tree', filters], queryFn: () => fetchTree(filters) });
  const reload = useCallback(() => client.invalidateQueries({ queryKey: [key] }), [client, key]);
  return { filters, setFilters, data: query.data, loading: query.isFetching, reload };
}
