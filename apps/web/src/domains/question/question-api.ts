import {
  type CommonLists,
  type EndpointOutput,
  type PageRequest,
  Permission,
  type Question,
  type QuestionInput,
  questionEndpoints,
  type StudentAnswer,
  type UserBrief,
  type zQuestionFilter,
} from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { resourceApi } from '../../crud/resource-api';
import { call, get, post, unwrap } from '../../shell/request';

export type QuestionFilter = z.input<typeof zQuestionFilter>;
export type QuestionPageRequest = QuestionFilter &
  PageRequest & { sortField?: string; sortOrder?: 'ascend' | 'descend' };
export type QuestionSave = QuestionInput & { id?: number | null };

export const questionApi = resourceApi<Question, QuestionSave, QuestionSave, QuestionPageRequest>('question');

// The permissions the question screens check (the catalogue's `crud('question')` buttons plus the editor pages).
export const QP = {
  page: Permission.questionPage,
  edit: Permission.questionEdit,
  create: Permission.questionCreate,
  update: Permission.questionUpdate,
  remove: Permission.questionDelete,
} as const;

export type QuestionVersion = EndpointOutput<typeof questionEndpoints.versions>[number];

export interface NamedNode {
  id: number;
  name: string;
  children?: NamedNode[];
}

const api = questionEndpoints;
export const copyQuestion = (id: number) => call(api.copy, { params: { id } }, { loading: true });
export const questionVersions = (id: number, signal?: AbortSignal) =>
  call(api.versions, { params: { id } }, { signal, retry: 2 });
export const importAiken = (text: string, score: number, dryRun: boolean) =>
  call(api.importAiken, { body: { text, score, dryRun } }, { loading: true });
export const bulkTag = (ids: number[], tagIds: number[]) =>
  call(api.bulkTag, { body: { ids, tagIds } }, { loading: true });
export const tryAnswerOnServer = (question: QuestionInput, answer: unknown, signal?: AbortSignal) =>
  call(api.tryAnswer, { body: { question, answer: answer as StudentAnswer } }, { signal, retry: 1 });

const STALE = 60_000;

// Degrees, categories, subjects, tags and people: the look-ups every question screen shares.
export function useCommonLists() {
  return useQuery({
    queryKey: ['common', 'list'],
    queryFn: () => unwrap(get<CommonLists>('/api/common/list')),
    staleTime: STALE,
  });
}

export function useSubjects() {
  return useQuery({
    queryKey: ['courseCategory', 'tree'],
    queryFn: () => unwrap(post<NamedNode[]>('/api/courseCategory/tree', {})),
    staleTime: STALE,
  });
}

// Type 1 tags and type 2 knowledge points, as two groups of one tree select.
export function useTagTree() {
  return useQuery({
    queryKey: ['tag', 'common-tree'],
    queryFn: async () => {
      const [tags, points] = await Promise.all([
        unwrap(get<NamedNode[]>('/api/common/tag/tree', { type: 1 })),
        unwrap(get<NamedNode[]>('/api/common/tag/tree', { type: 2 })),
      ]);
      return { tags, points };
    },
    staleTime: STALE,
  });
}

export function useUsers() {
  return useQuery({
    queryKey: ['user', 'brief'],
    queryFn: () => unwrap(post<UserBrief[]>('/api/user/select/organizationId', {}, { silent: true })),
    staleTime: STALE,
    retry: false,
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
