import type {
  CheckRequest,
  GenerateRequest,
  LessonCreateInput,
  LessonFilter,
  LessonMoveInput,
  LessonRow,
  LessonSubstituteInput,
  LessonSwapInput,
  PageRequest,
  TeachingAssignment,
  TeachingAssignmentInput,
  TermDay,
  TermDayInput,
  TimetableSettingsInput,
} from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { resourceApi, type SaveOf } from '../../crud/resource-api';
import { type Cancel, call } from '../../shell/request';
import { WEEK_KEY } from './week-api';

// Every call of the teaching-management screen. Queries sit under the resource they read, so a
// change refreshes every tab that shows it: the week grid and the lesson list after a lesson
// changes, the assignments after generation.

export const KEYS = {
  settings: 'timetable',
  assignment: 'teachingAssignment',
  termDay: 'termDay',
  lesson: 'lesson',
  // The week grids (H2's week views).
  week: WEEK_KEY,
} as const;

// The semester the screen shows (picked above the tabs).
export interface SemesterRef {
  id: number;
  name: string;
}

export type AssignmentFilter = { keyword?: string; semesterId?: number; teamId?: number; teacherId?: number };
export type TermDayFilter = { semesterId?: number; kind?: number };
export type AssignmentSave = SaveOf<TeachingAssignmentInput>;
export type TermDaySave = SaveOf<TermDayInput>;

export const assignmentApi = resourceApi<
  TeachingAssignment,
  AssignmentSave,
  AssignmentSave,
  AssignmentFilter & PageRequest
>(KEYS.assignment);
export const termDayApi = resourceApi<TermDay, TermDaySave, TermDaySave, TermDayFilter & PageRequest>(KEYS.termDay);
export const lessonApi = resourceApi<LessonRow, LessonCreateInput, never, LessonFilter & PageRequest>(KEYS.lesson);

// Generation may write a whole term: it gets longer than the usual request.
const GENERATE_TIMEOUT_MS = 5 * 60_000;

export const timetableCalls = {
  settings: ({ signal }: Cancel = {}) => call(api.timetable.settings, {}, { signal, retry: 2 }),
  saveSettings: (body: TimetableSettingsInput) => call(api.timetable.saveSettings, { body }, { loading: true }),
  generate: (body: GenerateRequest) =>
    call(api.timetable.generate, { body }, { loading: true, timeoutMs: GENERATE_TIMEOUT_MS }),
  check: (body: CheckRequest) => call(api.timetable.check, { body }, { loading: true, timeoutMs: GENERATE_TIMEOUT_MS }),
  assignment: (id: number, { signal }: Cancel = {}) =>
    call(api.teachingAssignment.select, { params: { id } }, { signal, retry: 2 }),
  lesson: (id: number, { signal }: Cancel = {}) => call(api.lesson.select, { params: { id } }, { signal, retry: 2 }),
  createLesson: (body: LessonCreateInput) =>
    call(api.lesson.create, { body: { ...body, id: null } }, { loading: true }),
  move: (id: number, body: LessonMoveInput) => call(api.lesson.move, { params: { id }, body }, { loading: true }),
  cancel: (id: number, reason: string | null) =>
    call(api.lesson.cancel, { params: { id }, body: { reason } }, { loading: true }),
  restore: (id: number) => call(api.lesson.restore, { params: { id }, body: {} }, { loading: true }),
  substitute: (id: number, body: LessonSubstituteInput) =>
    call(api.lesson.substitute, { params: { id }, body }, { loading: true }),
  swap: (body: LessonSwapInput) => call(api.lesson.swap, { body }, { loading: true }),
  freeTeachers: (id: number, { signal }: Cancel = {}) =>
    call(api.lesson.freeTeachers, { params: { id } }, { signal, retry: 2 }),
};

// The time zone and periods (the defaults until the school saves its own).
export function useTimetableSettings() {
  return useQuery({
    queryKey: [KEYS.settings, 'settings'],
    queryFn: ({ signal }) => timetableCalls.settings({ signal }),
    staleTime: 60_000,
  });
}

// One lesson as the drawer shows it (fresh after each change).
export function useLesson(id: number | null) {
  return useQuery({
    queryKey: [KEYS.lesson, 'select', id],
    queryFn: ({ signal }) => timetableCalls.lesson(id as number, { signal }),
    enabled: id !== null,
  });
}

// After a lesson changes: the week grids, the lesson lists and the assignments' lesson counts.
export function useRefreshLessons() {
  const client = useQueryClient();
  return useCallback(() => {
    for (const key of [KEYS.week, KEYS.lesson, KEYS.assignment]) void client.invalidateQueries({ queryKey: [key] });
  }, [client]);
}
