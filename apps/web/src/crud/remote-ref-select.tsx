import type { Page } from '@lyceum/contract';
import { useInfiniteQuery, useQueries } from '@tanstack/react-query';
import { Select, Spin, Typography } from 'antd';
import { type UIEvent, useMemo } from 'react';
import { post, unwrap } from '../shell/request';
import { labelOf } from './ref-label';
import { type AnyRow, engineVerb } from './resource-api';
import { useTypedSearch } from './typed-search';

export const REMOTE_PAGE_SIZE = 20;
// How close to the bottom of the drop-down (in pixels) scrolling asks for the next page.
const LOAD_MORE_MARGIN_PX = 48;

export interface RemoteRef {
  resource: string;
  labelKey?: string;
}

function fetchOne(resource: string, id: number): Promise<AnyRow> {
  // Silent: a row the caller may not read shows as its id, not as an error toast.
  return unwrap(post<AnyRow>(engineVerb(resource, 'select', { id }), undefined, { silent: true }));
}

// The label of one referenced row, fetched by id (react-query shares it between cells and pickers).
export function useRefLabels({ resource, labelKey = 'name' }: RemoteRef, ids: number[]): Map<number, string> {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: [resource, 'select', id],
      queryFn: () => fetchOne(resource, id),
      staleTime: 60_000,
      retry: false,
    })),
    combine: (results) =>
      new Map(results.flatMap((r, i) => (r.data ? [[ids[i], labelOf(r.data, labelKey)] as const] : []))),
  });
}

// A table cell naming a row of a large resource.
export function RemoteRefName({ refTo, id }: { refTo: RemoteRef; id: number }) {
  const names = useRefLabels(refTo, [id]);
  return <>{names.get(id) ?? <Typography.Text type="secondary">#{id}</Typography.Text>}</>;
}

interface Props {
  refTo: RemoteRef;
  multiple?: boolean;
  placeholder?: string;
  id?: string;
  'aria-label'?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  style?: React.CSSProperties;
}

// A reference picker for resources too large to load whole (users, questions): typing searches the
// server's /page with {keyword, pageIndex, pageSize: 20}, scrolling to the bottom loads the next page,
// and the chosen rows keep their names even when they are not on a loaded page (fetched by id).
export function RemoteRefSelect({ refTo, multiple = false, value, onChange, ...rest }: Props) {
  const labelKey = refTo.labelKey ?? 'name';
  const { open, keyword, selectProps } = useTypedSearch();
  const search = useInfiniteQuery({
    queryKey: [refTo.resource, 'search', keyword],
    queryFn: ({ pageParam }) =>
      unwrap(
        post<Page<AnyRow>>(
          engineVerb(refTo.resource, 'page'),
          { ...(keyword ? { keyword } : {}), pageIndex: pageParam, pageSize: REMOTE_PAGE_SIZE },
          { silent: true },
        ),
      ),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * REMOTE_PAGE_SIZE < last.total ? pages.length + 1 : undefined),
    // Nothing is fetched until the picker opens.
    enabled: open,
    staleTime: 30_000,
  });
  const chosen = useMemo(
    () =>
      (Array.isArray(value) ? value : value == null ? [] : [value]).filter((v): v is number => typeof v === 'number'),
    [value],
  );
  const loaded = useMemo(() => search.data?.pages.flatMap((p) => p.list) ?? [], [search.data]);
  const loadedIds = new Set(loaded.map((r) => r.id));
  const chosenNames = useRefLabels(
    refTo,
    chosen.filter((id) => !loadedIds.has(id)),
  );
  const options = [
    ...chosen.filter((id) => !loadedIds.has(id)).map((id) => ({ value: id, label: chosenNames.get(id) ?? `#${id}` })),
    ...loaded.map((row) => ({ value: row.id, label: labelOf(row, labelKey) })),
  ];

  function onPopupScroll(e: UIEvent<HTMLDivElement>) {
    const el = e.currentTarget;
    const nearBottom = el.scrollTop + el.clientHeight >= el.scrollHeight - LOAD_MORE_MARGIN_PX;
    if (nearBottom && search.hasNextPage && !search.isFetchingNextPage) void search.fetchNextPage();
  }

  return (
    <Select
      {...rest}
      value={value as number | number[] | undefined}
      onChange={(next) => onChange?.(next)}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      {...selectProps}
      options={options}
      loading={search.isFetching}
      onPopupScroll={onPopupScroll}
      notFoundContent={search.isFetching ? <Spin size="small" /> : undefined}
      popupRender={(menu) => (
        <>
          {menu}
          {search.isFetchingNextPage && (
            <div style={{ textAlign: 'center', padding: 4 }}>
              <Spin size="small" />
            </div>
          )}
        </>
      )}
    />
  );
}
