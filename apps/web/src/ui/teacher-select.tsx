import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import type { CSSProperties } from 'react';
import { searchingProps, useTypedSearch } from '../crud/typed-search';
import { searchTeachers, usersByIds } from './lookups';
import { personName } from './user-search-select';

// One teacher, searched on the server as one types; the chosen one keeps their name (read by id
// when the search has not brought it). The timetable's pickers and the live-class list's filter.
export interface TeacherSelectProps {
  id?: string;
  value?: number | null;
  onChange?: (id: number | null) => void;
  placeholder?: string;
  'aria-label'?: string;
  allowClear?: boolean;
  style?: CSSProperties;
  status?: 'error';
  disabled?: boolean;
}

export function TeacherSelect({ value, onChange, allowClear = true, ...rest }: TeacherSelectProps) {
  const { open, keyword, selectProps } = useTypedSearch();
  const found = useQuery({
    queryKey: ['user', 'teacher', 'search', keyword],
    queryFn: ({ signal }) => searchTeachers(keyword, { signal }),
    enabled: open,
    staleTime: 30_000,
  });
  const named = useQuery({
    queryKey: ['user', 'byIds', value == null ? [] : [value]],
    queryFn: ({ signal }) => usersByIds(value == null ? [] : [value], { signal }),
    enabled: value != null,
    staleTime: 60_000,
  });
  const rows = new Map([...(named.data ?? []), ...(found.data ?? [])].map((u) => [u.id, personName(u)]));
  const options = [...rows].map(([id, label]) => ({ value: id, label }));
  if (value != null && !rows.has(value)) options.unshift({ value, label: `#${value}` });
  return (
    <Select
      {...rest}
      value={value ?? undefined}
      onChange={(id?: number) => onChange?.(id ?? null)}
      allowClear={allowClear}
      {...selectProps}
      options={options}
      {...searchingProps(found.isFetching)}
    />
  );
}
