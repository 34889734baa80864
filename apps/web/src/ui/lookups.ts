import type { Team, UserBrief } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { resourceApi, type TreeNode } from '../crud/resource-api';
import { type Cancel, call } from '../shell/request';

// The lookups many screens share (people, classes, venues, departments), cached for
// a minute: the exam, homework, message, marking and gradebook screens all pick from them.

export const searchStudents = (keyword: string, { signal }: Cancel = {}) =>
  call(api.user.studentList, { body: { keyword: keyword || undefined, limit: 50 } }, { signal });
export const searchTeachers = (teacherName: string, { signal }: Cancel = {}) =>
  call(api.user.byTeacherName, { body: { teacherName, limit: 50 } }, { signal });
export const usersByIds = (ids: number[], { signal }: Cancel = {}): Promise<UserBrief[]> =>
  ids.length ? call(api.user.byIds, { body: { ids } }, { signal, retry: 2 }) : Promise.resolve([]);

const STALE = 60_000;
const teamApi = resourceApi<Team, never, never, never>('team');
const departmentApi = resourceApi<TreeNode, never, never, never>('department');

// Venues with their seats (the shared lists every staff member may read).
export function useVenues() {
  return useQuery({
    queryKey: ['common', 'list'],
    queryFn: ({ signal }) => call(api.common.lists, {}, { signal, retry: 2 }),
    staleTime: STALE,
    select: (lists) => lists.teachVenueList,
  });
}

export function useTeams() {
  return useQuery({ queryKey: ['team', 'options'], queryFn: () => teamApi.list({}, true), staleTime: STALE });
}

// Class names by id, for phrases like "Classes: 2024-1". A class the cached list does not know yet
// (made since the list was read) makes it read again, once per class, instead of showing "#6" until
// the page is reloaded (issue 36).
export function useTeamNames(): (id: number) => string | undefined {
  const teams = useTeams();
  const names = useMemo(() => new Map((teams.data ?? []).map((team) => [team.id, team.name])), [teams.data]);
  const missing = useRef(new Set<number>());
  const tried = useRef(new Set<number>());
  useEffect(() => {
    const ask = [...missing.current].filter((id) => !tried.current.has(id));
    missing.current.clear();
    if (!ask.length || !teams.isSuccess || teams.isFetching) return;
    for (const id of ask) tried.current.add(id);
    void teams.refetch();
  });
  return (id) => {
    const name = names.get(id);
    if (name === undefined) missing.current.add(id);
    return name;
  };
}

export function useDepartments() {
  return useQuery({
    queryKey: ['department', 'tree'],
    queryFn: () => departmentApi.tree(),
    staleTime: STALE,
  });
}
