import type { UserBrief } from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useMemo } from 'react';
import { searchingProps, useTypedSearch } from '../crud/typed-search';
import type { Cancel } from '../shell/request';
import { usersByIds } from '../ui/lookups';

export const personName = (u: UserBrief) => `${u.realName} (${u.userName})`;

interface Props {
  // Who the picker searches (students, teachers), by what was typed.
  kind: string;
  search: (text: string, cancel: Cancel) => Promise<UserBrief[]>;
  placeholder: string;
  id?: string;
  'aria-label'?: string;
  value?: number[];
  onChange?: (ids: number[]) => void;
}

// Several people picked by searching the server as one types; the chosen keep their names (fetched
// by id) even when the current search does not list them.
export function UserSearchSelect({ kind, search, value, onChange, ...rest }: Props) {
  const { open, keyword, selectProps } = useTypedSearch();
  const found = useQuery({
    queryKey: ['user', kind, 'search', keyword],
    queryFn: ({ signal }) => search(keyword, { signal }),
    enabled: open,
    staleTime: 30_000,
  });
  const chosen = value ?? [];
  const chosenKey = [...chosen].sort((a, b) => a - b);
  const named = useQuery({
    queryKey: ['user', 'byIds', chosenKey],
    queryFn: ({ signal }) => usersByIds(chosenKey, { signal }),
    enabled: chosen.length > 0,
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
  const options = useMemo(() => {
    const rows = new Map<number, UserBrief>();
    for (const u of named.data ?? []) rows.set(u.id, u);
    for (const u of found.data ?? []) rows.set(u.id, u);
    const seen = new Set(rows.keys());
    return [
      ...[...rows.values()].map((u) => ({ value: u.id, label: personName(u) })),
      ...chosen.filter((id) => !seen.has(id)).map((id) => ({ value: id, label: `#${id}` })),
    ];
  }, [named.data, found.data, chosen]);

  return (
    <Select
      {...rest}
      mode="multiple"
      allowClear
      value={chosen}
      onChange={(ids: number[]) => onChange?.(ids)}
      {...selectProps}
      options={options}
      {...searchingProps(found.isFetching)}
    />
  );
}
