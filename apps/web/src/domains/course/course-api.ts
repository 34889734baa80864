import {
  type AssignmentInput,
  type Course,
  type CourseInput,
  type ExamPaper,
  ExamPaperStatus,
  type PageRequest,
  type zCourseFilter,
  type zLearnerRequest,
} from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { cleanFilter, type Paged, resourceApi, type SaveOf } from '../../crud/resource-api';
import { useTabLocation } from '../../shell/layout/tabs-store';
import { type Cancel, call } from '../../shell/request';

export type CourseFilter = z.input<typeof zCourseFilter>;
export type CourseSave = SaveOf<CourseInput>;
export type LearnerFilter = Omit<z.input<typeof zLearnerRequest>, 'courseId' | 'pageIndex' | 'pageSize'>;

// Every query of the course screens sits under the resource's name, so an action refreshes them all.
export const COURSE_KEY = 'course';
export const coursePaths = {
  list: '/baseData/courseLearning',
  edit: '/baseData/courseEdit',
  learners: '/baseData/courseLearners',
} as const;
export const editPath = (id?: number) => (id ? `${coursePaths.edit}?id=${id}` : coursePaths.edit);
export const learnersPath = (id: number) => `${coursePaths.learners}?id=${id}`;

export const courseApi = resourceApi<Course, CourseSave, CourseSave, CourseFilter & PageRequest>(COURSE_KEY);

// The course's calls beyond the engine's verbs: publishing (with its preview), archiving, who takes
// it, and its learners.
export const courseCalls = {
  select: (id: number, { signal }: Cancel = {}) => call(api.course.select, { params: { id } }, { signal, retry: 2 }),
  publishPreview: (id: number) => call(api.course.publishPreview, { params: { id } }, { loading: true }),
  publish: (id: number) => call(api.course.publish, { params: { id }, body: {} }, { loading: true }),
  archive: (id: number) => call(api.course.archive, { params: { id }, body: {} }, { loading: true }),
  assignments: (id: number, { signal }: Cancel = {}) =>
    call(api.course.assignments, { params: { id } }, { signal, retry: 2 }),
  assign: (body: AssignmentInput) => call(api.course.assign, { body }, { loading: true }),
  unassign: (id: number) => call(api.course.unassign, { params: { id } }, { loading: true }),
  learners: (courseId: number, req: Paged<LearnerFilter>, { signal }: Cancel = {}) =>
    call(
      api.course.learners,
      { body: { ...(cleanFilter(req) as Paged<LearnerFilter>), courseId } },
      { signal, retry: 2 },
    ),
  learnerLessons: (courseId: number, userId: number, { signal }: Cancel = {}) =>
    call(api.course.learnerLessons, { body: { courseId, userId } }, { signal, retry: 2 }),
  learnersExport: (id: number, filter: LearnerFilter) =>
    call(api.course.learnersExport, { params: { id }, body: cleanFilter(filter) as LearnerFilter }, { loading: true }),
};

// The course a sub-page (editor, learners) names with ?id= (none: a new course).
export function useCourseIdOfTab(): number | null {
  const tab = useTabLocation();
  return Number(tab?.query.id ?? new URLSearchParams(window.location.search).get('id')) || null;
}

export function useCourse(id: number | null) {
  return useQuery({
    queryKey: [COURSE_KEY, 'select', id],
    queryFn: ({ signal }) => courseCalls.select(id as number, { signal }),
    enabled: id !== null,
  });
}

// Published papers (exam or homework) a quiz lesson can use, searched by name.
const paperApi = resourceApi<ExamPaper, never, never, PageRequest & { keyword?: string; status?: number }>('examPaper');
export const publishedPapers = (keyword: string) =>
  paperApi.page({ keyword: keyword || undefined, status: ExamPaperStatus.Published, pageIndex: 1, pageSize: 50 });
export const paperById = (id: number) => paperApi.select(id);
