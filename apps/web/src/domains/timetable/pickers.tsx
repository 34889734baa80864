import { Select } from 'antd';
import type { CSSProperties } from 'react';
import { useTeams, useVenues } from '../../ui/lookups';
import { TeacherSelect } from '../../ui/teacher-select';

// The one-of pickers of the screen: a teacher searched on the server as one types (ui/teacher-select),
// a class and a venue from the shared lists (typed to filter).
export { TeacherSelect };

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
