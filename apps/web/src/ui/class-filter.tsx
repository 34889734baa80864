import { SelectFilter } from '../crud/filter-fields';
import { useTeams } from './lookups';

// The filter by class (`teamId`) over the organisation's classes, for the lists of several screens.
export function ClassFilter(props: {
  label: string;
  width: number;
  placeholder?: string | false;
  searchable?: boolean;
}) {
  const teams = useTeams();
  return (
    <SelectFilter
      name="teamId"
      {...props}
      loading={teams.isPending}
      options={(teams.data ?? []).map((team) => ({ value: team.id, label: team.name }))}
    />
  );
}
