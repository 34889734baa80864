import {
  type Exam,
  type ExamInput,
  ExamPaperStatus,
  PaperType,
  type Team,
  type UserBrief,
  type zCalendarRequest,
  type zCandidateOverride,
  type zCandidatePageRequest,
  type zExamPageRequest,
} from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import type { z } from 'zod';
import { resourceApi, type TreeNode } from '../../crud/resource-api';
import { type Cancel, call } from '../../shell/request';
import { type BuiltPaperType, paperApi } from '../exam-paper/paper-api';

export type ExamPageRequest = z.input<typeof zExamPageRequest>;
export type ExamSave = Omit<ExamInput, 'id'> & { id?: number | null };

export const examApi = resourceApi<Exam, ExamSave, ExamSave, ExamPageRequest>('exam');

// The engine's actions of an exam (publish resolves the candidates; cancel and extend move a published one).
export const publishExam = (id: number, acceptWarnings: boolean) =>
  call(api.exam.publish, { params: { id }, body: { acceptWarnings } }, { loading: true });
export const cancelExam = (id: number, reason: string | null) =>
  call(api.exam.cancel, { params: { id }, body: { reason } }, { loading: true });
export const extendExam = (id: number, windowEnd: string) =>
  call(api.exam.extend, { params: { id }, body: { windowEnd } }, { loading: true });

export const examConflicts = (id: number, { signal }: Cancel = {}) =>
  call(api.exam.conflicts, { params: { id } }, { signal, retry: 2 });

export const examCalendar = (body: z.input<typeof zCalendarRequest>, { signal }: Cancel = {}) =>
  call(api.exam.calendar, { body }, { signal, retry: 2 });

export const examCandidates = (id: number, body: z.input<typeof zCandidatePageRequest>, { signal }: Cancel = {}) =>
  call(api.exam.candidates, { params: { id }, body }, { signal, retry: 2 });

export const overrideCandidate = (id: number, body: z.input<typeof zCandidateOverride>) =>
  call(api.exam.override, { params: { id }, body }, { loading: true });

// Published papers of one kind, searched by name: an exam takes exam papers, a homework task
// homework papers.
export const publishedPapers = (keyword: string, paperType: BuiltPaperType = PaperType.Exam) =>
  paperApi.page({
    keyword: keyword || undefined,
    status: ExamPaperStatus.Published,
    paperType,
    pageIndex: 1,
    pageSize: 50,
  });

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
