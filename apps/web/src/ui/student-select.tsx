import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { type CSSProperties, useMemo } from 'react';
import { searchingProps, useTypedSearch } from '../crud/typed-search';
import { searchStudents, usersByIds } from './lookups';
import { personName } from './user-search-select';

interface Props {
  id?: string;
  value?: number | null;
  onChange?: (id: number | undefined) => void;
  placeholder?: string;
  style?: CSSProperties;
  disabled?: boolean;
  'aria-label'?: string;
}

// One student, found by typing a name (the points ledger's and the goods orders' filters, adjusting
// points); the chosen one keeps their name, fetched by id, when the search no longer lists them.
export function StudentSelect({ value, onChange, ...rest }: Props) {
  const { open, keyword, selectProps } = useTypedSearch();
  const found = useQuery({
    queryKey: ['user', 'student', 'search', keyword],
    queryFn: ({ signal }) => searchStudents(keyword, { signal }),
    enabled: open,
    staleTime: 30_000,
  });
  const chosen = value ?? undefined;
  const named = useQuery({
    queryKey: ['user', 'byIds', chosen === undefined ? [] : [chosen]],
    queryFn: ({ signal }) => usersByIds(chosen === undefined ? [] : [chosen], { signal }),
    enabled: chosen !== undefined,
    staleTime: 60_000,
  });
  const options = useMemo(() => {
    const rows = new Map((named.data ?? []).map((u) => [u.id, u]));
    for (const u of found.data ?? []) rows.set(u.id, u);
    const list = [...rows.values()].map((u) => ({ value: u.id, label: personName(u) }));
    if (chosen !== undefined && !rows.has(chosen)) list.push({ value: chosen, label: `#${chosen}` });
    return list;
  }, [named.data, found.data, chosen]);

  return (
    <Select<number>
      {...rest}
      allowClear
      value={chosen}
      onChange={(id) => onChange?.(id ?? undefined)}
      {...selectProps}
      options={options}
      {...searchingProps(found.isFetching)}
    />
  );
}
