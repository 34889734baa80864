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
import { resourceApi } from '../../crud/resource-api';
import {
  type NamedNode,
  type TreeOption,
  toTreeOptions,
  useCommonLists,
  useSubjects,
  useTagTree,
} from '../../ui/lookups';

// The shared look-ups, still reachable from the question screens' own API module.
export { type NamedNode, type TreeOption, toTreeOptions, useCommonLists, useSubjects, useTagTree };

import { call } from '../../shell/request';

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
  importFile: Permission.questionImport,
  exportFile: Permission.questionExport,
} as const;

export type QuestionVersion = EndpointOutput<typeof api.question.versions>[number];

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

// Degrees, categories, subjects, tags and people: the look-ups every question screen shares.

export function useUsers() {
  return useQuery({
    queryKey: ['user', 'brief'],
    queryFn: ({ signal }) => call(api.user.ofOrganization, { body: {} }, { signal, silent: true }),
    staleTime: STALE,
    retry: false,
  });
}
