import { useQuery } from '@tanstack/react-query';
import { Select, Spin, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { searchingProps, useTypedSearch } from '../../crud/typed-search';
import { personName } from '../../ui/user-search-select';
import { findClassTeachers, useMajors, useSemesters, useUserBrief } from './team-api';

// How a class's references show: by name, or "—" when the class has none. An id the caller cannot
// name (a teacher may not read departments) shows as the id, greyed.

const Unnamed = ({ id }: { id: number }) => <Typography.Text type="secondary">#{id}</Typography.Text>;

export function MajorName({ id }: { id: number | null }) {
  const majors = useMajors();
  if (id === null) return <>—</>;
  const name = majors.data?.find((m) => m.value === id)?.label;
  return name ? name : <Unnamed id={id} />;
}

export function SemesterName({ id }: { id: number | null }) {
  const semesters = useSemesters();
  if (id === null) return <>—</>;
  const name = semesters.data?.find((s) => s.value === id)?.label;
  return name ? name : <Unnamed id={id} />;
}

export function TeacherName({ id }: { id: number | null }) {
  const user = useUserBrief(id);
  if (id === null) return <>—</>;
  if (user.isPending) return <Spin size="small" />;
  return user.data ? <span title={user.data.userName}>{user.data.realName}</span> : <Unnamed id={id} />;
}

interface TeacherSelectProps {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  placeholder?: string;
  style?: CSSProperties;
  disabled?: boolean;
  'aria-label'?: string;
}

// Picks a class teacher: any enabled teacher, searched by user name or real name as one types.
export function TeacherSelect({ value, onChange, ...rest }: TeacherSelectProps) {
  const { open, keyword, selectProps } = useTypedSearch();
  const found = useQuery({
    queryKey: ['user', 'classTeachers', keyword],
    queryFn: ({ signal }) => findClassTeachers(keyword, { signal }),
    enabled: open,
    staleTime: 30_000,
  });
  const chosen = useUserBrief(value ?? null);
  const options = (found.data ?? []).map((u) => ({ value: u.id, label: personName(u) }));
  if (value && chosen.data && !options.some((o) => o.value === value))
    options.unshift({ value, label: personName(chosen.data) });
  return (
    <Select
      {...rest}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      allowClear
      {...selectProps}
      options={options}
      {...searchingProps(found.isFetching)}
    />
  );
}
