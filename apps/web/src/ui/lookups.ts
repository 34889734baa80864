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
// The course category tree (subjects) is a declared resource: its tree is the engine's.
const courseCategoryApi = resourceApi<NamedNode, never, never, never>('courseCategory');
const departmentApi = resourceApi<TreeNode, never, never, never>('department');

// The shared lists (degrees, categories, semesters, venues, ...) every staff member may read, read
// once for all the hooks below.
const commonLists = {
  queryKey: ['common', 'list'],
  queryFn: ({ signal }: { signal: AbortSignal }) => call(api.common.lists, {}, { signal, retry: 2 }),
  staleTime: STALE,
};

// Venues with their seats.
export function useVenues() {
  return useQuery({ ...commonLists, select: (lists) => lists.teachVenueList });
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

// All the shared lists.
export function useCommonLists() {
  return useQuery(commonLists);
}

// The terms, the current one flagged (the class, gradebook and statistics pickers).
export function useSemesters() {
  return useQuery({
    ...commonLists,
    select: (lists) => lists.semesterList.map((s) => ({ value: s.id, label: s.name, current: s.current })),
  });
}

export interface NamedNode {
  id: number;
  name: string;
  children?: NamedNode[];
}

// The engine's tree rows carry every column; the pickers need the name and the children.
function named(nodes: TreeNode[]): NamedNode[] {
  return nodes.map((n) => ({ id: n.id, name: String(n.name ?? ''), children: named(n.children ?? []) }));
}

export function useSubjects() {
  return useQuery({
    queryKey: ['courseCategory', 'tree'],
    queryFn: async () => named(await courseCategoryApi.tree()),
    staleTime: STALE,
  });
}

// Type 1 tags and type 2 knowledge points, as two groups of one tree select.
export function useTagTree() {
  return useQuery({
    queryKey: ['tag', 'common-tree'],
    queryFn: async ({ signal }) => {
      const tree = (type: number) => call(api.common.tagTree, { query: { type } }, { signal, retry: 2 });
      const [tags, points] = await Promise.all([tree(1), tree(2)]);
      return { tags, points };
    },
    staleTime: STALE,
  });
}

export interface TreeOption {
  value: number | string;
  title: string;
  selectable?: boolean;
  children?: TreeOption[];
}

export function toTreeOptions(nodes: NamedNode[] | undefined): TreeOption[] {
  return (nodes ?? []).map((n) => ({ value: n.id, title: n.name, children: toTreeOptions(n.children) }));
}
