import type { GradeBand, GradebookSetup } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../shell/request';

export const GRADEBOOK_KEY = 'gradebook';

export function useGradebook(teamId: number | undefined, semesterId: number | undefined) {
  return useQuery({
    queryKey: [GRADEBOOK_KEY, teamId, semesterId],
    queryFn: ({ signal }) =>
      call(api.gradebook.get, { body: { teamId: teamId!, semesterId: semesterId! } }, { signal, retry: 2 }),
    enabled: teamId !== undefined && semesterId !== undefined,
  });
}

export function useMyGrades(semesterId: number | undefined) {
  return useQuery({
    queryKey: [GRADEBOOK_KEY, 'my', semesterId],
    queryFn: ({ signal }) => call(api.gradebook.my, { body: { semesterId } }, { signal, retry: 2 }),
  });
}

export const gradebookApi = {
  setup: (body: GradebookSetup) => call(api.gradebook.setup, { body }, { loading: true }),
  export: (teamId: number, semesterId: number) =>
    call(api.gradebook.export, { body: { teamId, semesterId } }, { loading: true }),
  saveScale: (bands: GradeBand[]) => call(api.gradebook.saveScale, { body: { bands } }, { loading: true }),
};

// "A ≥ 90 · B ≥ 80 · … · F" as the page's legend writes a scale.
export const bandsText = (bands: readonly GradeBand[]) =>
  [...bands]
    .sort((a, b) => b.minPercent - a.minPercent)
    .map((b) => (b.minPercent > 0 ? `${b.label} ≥ ${b.minPercent} %` : b.label))
    .join(' · ');

// A percentage as the gradebook writes it: one decimal, or a dash.
export const pct = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${v.toFixed(1)} %`);
