import { LiveProviderKind } from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import type { CSSProperties } from 'react';
import { useTeams } from '../../ui/lookups';
import { LIVE_KEY, liveCalls, PROVIDER_KEY } from './live-api';
import { useLiveTexts } from './live-words';

// The pickers of the live-class screens: one teacher (the list's filter), classes, a course's live
// lessons and the BigBlueButton account.

interface OneProps {
  id?: string;
  value?: number | null;
  onChange?: (id: number | null) => void;
  placeholder?: string;
  'aria-label'?: string;
  style?: CSSProperties;
  disabled?: boolean;
}

export function ClassesPick(props: {
  id?: string;
  value?: number[];
  onChange?: (ids: number[]) => void;
  placeholder?: string;
}) {
  const teams = useTeams();
  return (
    <Select
      {...props}
      mode="multiple"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={teams.isPending}
      options={(teams.data ?? []).map((team) => ({ value: team.id, label: team.name }))}
    />
  );
}

// The live lessons of the chosen course (none chosen: nothing to pick).
export function LiveLessonPick({ courseId, ...props }: OneProps & { courseId: number | null | undefined }) {
  const { t } = useLiveTexts();
  const lessons = useQuery({
    queryKey: [LIVE_KEY, 'courseLessons', courseId],
    queryFn: ({ signal }) => liveCalls.liveLessons(courseId as number, { signal }),
    enabled: courseId != null,
    staleTime: 60_000,
  });
  const options = lessons.data ?? [];
  return (
    <Select
      {...props}
      value={props.value ?? undefined}
      onChange={(id?: number) => props.onChange?.(id ?? null)}
      allowClear
      disabled={courseId == null}
      loading={lessons.isFetching}
      showSearch={{ optionFilterProp: 'label' }}
      options={options}
      notFoundContent={courseId == null ? undefined : t('live.noLiveLessons')}
    />
  );
}

// The BigBlueButton account: "server default" (0) or one of the organisation's enabled accounts.
// People who may not read the accounts see the default only.
export function AccountPick(props: { id?: string; value?: number; onChange?: (id: number) => void }) {
  const { t } = useLiveTexts();
  const providers = useQuery({
    queryKey: [PROVIDER_KEY, 'options'],
    queryFn: ({ signal }) => liveCalls.providers({ signal }),
    staleTime: 60_000,
  });
  const accounts = (providers.data ?? []).filter(
    (p) => p.kind === LiveProviderKind.BigBlueButton && (p.enabled || p.id === props.value),
  );
  return (
    <Select
      {...props}
      loading={providers.isPending}
      options={[
        { value: 0, label: t('live.serverDefault') },
        ...accounts.map((p) => ({
          value: p.id,
          label: p.isDefault ? t('live.accountDefault', { name: p.name }) : p.name,
        })),
      ]}
    />
  );
}
