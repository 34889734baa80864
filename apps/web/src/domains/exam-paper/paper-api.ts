import { type ExamPaper, type ExamPaperInput, type PageRequest, PaperType } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { resourceApi } from '../../crud/resource-api';
import { useTabLocation } from '../../shell/layout/tabs-store';
import { call } from '../../shell/request';

export type PaperFilter = { keyword?: string; status?: number; mine?: boolean; paperType?: PaperType };
export type PaperSave = ExamPaperInput & { id?: number | null };

export const paperApi = resourceApi<ExamPaper, PaperSave, PaperSave, PaperFilter & PageRequest>('examPaper');

export const paperContent = (id: number, signal?: AbortSignal) =>
  call(api.examPaper.content, { params: { id } }, { signal, retry: 2 });

// The paper a builder or print tab names with ?id= (none for a new paper), with its content.
export function usePaperOfTab() {
  const tab = useTabLocation();
  const id = Number(tab?.query.id ?? new URLSearchParams(window.location.search).get('id')) || null;
  const loaded = useQuery({
    queryKey: ['examPaper', 'content', id],
    queryFn: ({ signal }) => paperContent(id as number, signal),
    enabled: id !== null,
  });
  return { id, loaded };
}

// The engine's actions of a paper: publish and withdraw; draw (a rule paper drawn once) and swap
// (one drawn question for another that matches its rule).
export const runPaperAction = (action: 'publish' | 'withdraw' | 'draw', id: number) =>
  call(api.examPaper[action], { params: { id }, body: {} }, { loading: true });
export const swapPaperItem = (id: number, itemId: number) =>
  call(api.examPaper.swap, { params: { id }, body: { itemId } }, { loading: true });

// Where each kind of paper is listed and built.
export const paperPaths = {
  [PaperType.Exam]: { list: '/exam/paper', builder: '/exam/paperEdit' },
  [PaperType.Homework]: { list: '/task/paper', builder: '/task/paperEdit' },
} as const;
export type BuiltPaperType = keyof typeof paperPaths;
