import {
  type EndpointOutput,
  type PageRequest,
  Permission,
  type Question,
  type QuestionInput,
  type StudentAnswer,
  type zQuestionFilter,
} from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { resourceApi, type TreeNode } from '../../crud/resource-api';
import { call } from '../../shell/request';

export type QuestionFilter = z.input<typeof zQuestionFilter>;
export type QuestionPageRequest = QuestionFilter &
  PageRequest & { sortField?: string; sortOrder?: 'ascend' | 'descend' };
export type QuestionSave = QuestionInput & { id?: number | null };

// The course category tree (subjects) is a declared resource: its /tree is the engine's.
const courseCategoryApi = resourceApi<NamedNode, never, never, never>('courseCategory');

export const questionApi = resourceApi<Question, QuestionSave, QuestionSave, QuestionPageRequest>('question');

// The permissions the question screens check (the catalogue's `crud('question')` buttons plus the editor pages).
export const QP = {
  page: Permission.questionPage,
  edit: Permission.questionEdit,
  create: Permission.questionCreate,
  update: Permission.questionUpdate,
  remove: Permission.questionDelete,
} as const;

export type QuestionVersion = EndpointOutput<typeof api.question.versions>[number];

export interface NamedNode {
  id: number;
  name: string;
  children?: NamedNode[];
}

export const copyQuestion = (id: number) => call(api.question.copy, { params: { id } }, { loading: true });
export const questionVersions = (id: number, signal?: AbortSignal) =>
  call(api.question.versions, { params: { id } }, { signal, retry: 2 });
export const importAiken = (text: string, score: number, dryRun: boolean) =>
  call(api.question.importAiken, { body: { text, score, dryRun } }, { loading: true });
export const bulkTag = (ids: number[], tagIds: number[]) =>
  call(api.question.bulkTag, { body: { ids, tagIds } }, { loading: true });
export const tryAnswerOnServer = (question: QuestionInput, answer: unknown, signal?: AbortSignal) =>
  call(api.question.tryAnswer, { body: { question, answer: answer as StudentAnswer } }, { signal, retry: 1 });

const STALE = 60_000;

// The engine's tree rows carry every column; the pickers need the name and the children.
function named(nodes: TreeNode[]): NamedNode[] {
  return nodes.map((n) => ({ id: n.id, name: String(n.name ?? ''), children: named(n.children ?? []) }));
}

// Degrees, categories, subjects, tags and people: the look-ups every question screen shares.
export function useCommonLists() {
  return useQuery({
    queryKey: ['common', 'list'],
    queryFn: ({ signal }) => call(api.common.lists, {}, { signal, retry: 2 }),
    staleTime: STALE,
  });
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

export function useUsers() {
  return useQuery({
    queryKey: ['user', 'brief'],
    queryFn: ({ signal }) => call(api.user.ofOrganization, { body: {} }, { signal, silent: true }),
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
