import { PAGE_SIZE_DEFAULT, type Page } from '@lyceum/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';

export interface PagedList<Row, Filter> {
  filters: Filter;
  setFilters: (next: Filter) => void;
  pageIndex: number;
  pageSize: number;
  setPage: (pageIndex: number, pageSize: number) => void;
  data: Page<Row> | undefined;
  loading: boolean;
  reload: () => Promise<void>;
}

// Filters and paging of one list, fetched through react-query; changing filters goes back to page 1.
export function usePagedList<Row, Filter extends object>(
  key: string,
  fetchPage: (req: Filter & { pageIndex: number; pageSize: number }) => Promise<Page<Row>>,
  initialFilters: Filter,
): PagedList<Row, Filter> {
  const client = useQueryClient();
  const [filters, setFilterState] = useState<Filter>(initialFilters);
  const [paging, setPaging] = useState({ pageIndex: 1, pageSize: PAGE_SIZE_DEFAULT });
  const query = useQuery({
    queryKey: [key, 'page', filters, paging],
    queryFn: () => fetchPage({ ...filters, ...paging }),
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
  const setPage = useCallback((pageIndex: number, pageSize: number) => setPaging({ pageIndex, pageSize }), []);
  const reload = useCallback(() => client.invalidateQueries({ queryKey: [key] }), [client, key]);
  return { filters, setFilters, ...paging, setPage, data, loading: query.isFetching, reload };
}
