import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import type { CSSProperties } from 'react';
import { searchingProps, useTypedSearch } from '../../crud/typed-search';
import { searchTeachers, usersByIds, useTeams, useVenues } from '../../ui/lookups';
import { personName } from '../../ui/user-search-select';

// The one-of pickers of the screen: a teacher searched on the server as one types, a class and a
// venue from the shared lists (typed to filter).

interface PickerProps {
  id?: string;
  value?: number | null;
  onChange?: (id: number | null) => void;
  placeholder?: string;
  'aria-label'?: string;
  allowClear?: boolean;
  style?: CSSProperties;
  status?: 'error';
}

export function TeacherSelect({ value, onChange, allowClear = true, ...rest }: PickerProps) {
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

export function TeamSelect({ value, onChange, allowClear = true, ...rest }: PickerProps) {
  const teams = useTeams();
  return (
    <Select
      {...rest}
      value={value ?? undefined}
      onChange={(id?: number) => onChange?.(id ?? null)}
      allowClear={allowClear}
      showSearch={{ optionFilterProp: 'label' }}
      loading={teams.isPending}
      options={(teams.data ?? []).map((team) => ({ value: team.id, label: team.name }))}
    />
  );
}

export function VenueSelect({ value, onChange, allowClear = true, ...rest }: PickerProps) {
  const venues = useVenues();
  return (
    <Select
      {...rest}
      value={value ?? undefined}
      onChange={(id?: number) => onChange?.(id ?? null)}
      allowClear={allowClear}
      showSearch={{ optionFilterProp: 'label' }}
      loading={venues.isPending}
      options={(venues.data ?? []).map((v) => ({ value: v.id, label: v.name }))}
    />
  );
}
