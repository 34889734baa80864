import type {
  MarkedPaper,
  MarkOverview,
  MarkQueue,
  zAnswerQueryRequest,
  zAssignMarkersRequest,
  zMarkExamRequest,
  zMarkPapersRequest,
  zMarkRequest,
  zQueriesRequest,
  zRegradeRequest,
  zReviewMarkRequest,
  zScoreHistoryRequest,
} from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext } from 'react';
import type { z } from 'zod';
import { cleanFilter, type Paged } from '../../crud/resource-api';
import { type Cancel, call } from '../../shell/request';

// Exams › Marking and the screens it opens (catalogue sub-pages with the page's permission).
export const MARKING_PATH = '/exam/answer';
export const markPaths = {
  overview: (examId: number) => `/answer/list?examId=${examId}`,
  byQuestion: (examId: number, questionId: number) => `/answer/edit?examId=${examId}&questionId=${questionId}`,
  byStudent: (examId: number, attemptId: number) => `/answer/edit?examId=${examId}&attemptId=${attemptId}`,
  read: (examId: number, attemptId: number) => `/answer/read?examId=${examId}&attemptId=${attemptId}`,
  print: (examId: number, attemptIds: number[]) => `/answer/print?examId=${examId}&attemptIds=${attemptIds.join(',')}`,
};

// The page the marking screens run in. The same screens mark an exam (Exams › Marking, the default)
// and the hidden exam a homework task runs on (the task's own page, which provides its routes and
// adds its actions), so a marker who came from a task stays on the task's page.
export interface MarkHost {
  overview: (examId: number) => string;
  byQuestion: (examId: number, questionId: number) => string;
  byStudent: (examId: number, attemptId: number) => string;
  read: (examId: number, attemptId: number) => string;
  print: (examId: number, attemptIds: number[]) => string;
  // The list the overview goes back to, and its button's text (default: all exams to mark).
  home: string;
  homeLabel?: string;
  // The text of the way back to the overview (default: back to the exam).
  backLabel?: string;
  // The host's own buttons in the overview's header and in one paper's toolbar.
  overviewActions?: ReactNode;
  paperActions?: (examId: number, attemptId: number) => ReactNode;
}
export const MarkHostContext = createContext<MarkHost>({ ...markPaths, home: MARKING_PATH });
export const useMarkHost = () => useContext(MarkHostContext);

// The print page goes back to the page that opened it (?back=), else to the exam's overview.
export function printBack(query: Record<string, string> | undefined, examId: number): string {
  const back = query?.back ?? new URLSearchParams(window.location.search).get('back');
  // Only a path inside the app: never another site.
  return back?.startsWith('/') && !back.startsWith('//') ? back : markPaths.overview(examId);
}

// Every query of marking sits under this key: a saved mark, an assignment or a regrade invalidates
// them all (progress, papers, queue, history move together).
export const MARK_KEY = 'marking';

type PageOf<S extends z.ZodType> = Paged<z.input<S>>;
export type MarkExamFilter = Omit<z.input<typeof zMarkExamRequest>, 'pageIndex' | 'pageSize'>;
export type PapersFilter = Omit<z.input<typeof zMarkPapersRequest>, 'pageIndex' | 'pageSize' | 'examId'>;

export const markExams = (req: PageOf<typeof zMarkExamRequest>, { signal }: Cancel = {}) =>
  call(api.answer.exams, { body: cleanFilter(req) as typeof req }, { signal, retry: 2 });

export const markPapers = (examId: number, req: Paged<PapersFilter>, c: Cancel = {}) =>
  call(api.answer.papers, { body: { ...(cleanFilter(req) as typeof req), examId } }, { signal: c.signal, retry: 2 });

export const scoreHistory = (req: PageOf<typeof zScoreHistoryRequest>, { signal }: Cancel = {}) =>
  call(api.answer.history, { body: req }, { signal, retry: 2 });

export const scoreQueries = (req: PageOf<typeof zQueriesRequest>, { signal }: Cancel = {}) =>
  call(api.answer.queries, { body: cleanFilter(req) as typeof req }, { signal, retry: 2 });

// The actions answer through the caller's catch: forms put a refused score under its field.
export const markActions = {
  mark: (body: z.input<typeof zMarkRequest>) => call(api.answer.mark, { body }, { silent: true }),
  review: (body: z.input<typeof zReviewMarkRequest>) => call(api.answer.review, { body }, { silent: true }),
  assign: (body: z.input<typeof zAssignMarkersRequest>) => call(api.answer.assign, { body }, { loading: true }),
  regrade: (body: z.input<typeof zRegradeRequest>) => call(api.answer.regrade, { body }, { loading: true }),
  answerQuery: (body: z.input<typeof zAnswerQueryRequest>) => call(api.answer.answerQuery, { body }, { loading: true }),
};

export function useMarkOverview(examId: number) {
  return useQuery<MarkOverview>({
    queryKey: [MARK_KEY, 'overview', examId],
    queryFn: ({ signal }) => call(api.answer.overview, { body: { examId } }, { signal, retry: 2 }),
  });
}

export function useMarkQueue(examId: number, questionId: number, pendingOnly: boolean) {
  return useQuery<MarkQueue>({
    queryKey: [MARK_KEY, 'queue', examId, questionId, pendingOnly],
    queryFn: ({ signal }) =>
      call(api.answer.queue, { body: { examId, questionId, pendingOnly } }, { signal, retry: 2 }),
  });
}

export function useMarkedPaper(examId: number, attemptId: number, reveal: boolean) {
  return useQuery<MarkedPaper>({
    queryKey: [MARK_KEY, 'paper', examId, attemptId, reveal],
    queryFn: ({ signal }) => call(api.answer.paper, { body: { examId, attemptId, reveal } }, { signal, retry: 2 }),
  });
}

export function useMarkedBatch(examId: number, attemptIds: number[], reveal: boolean) {
  return useQuery<MarkedPaper[]>({
    queryKey: [MARK_KEY, 'batch', examId, attemptIds, reveal],
    queryFn: ({ signal }) => call(api.answer.batch, { body: { examId, attemptIds, reveal } }, { signal, retry: 2 }),
    enabled: attemptIds.length > 0,
  });
}

// The numbers a marking screen was opened with (?examId=&questionId=...), from its tab's address.
export function numberParam(query: Record<string, string> | undefined, name: string): number | null {
  const raw = query?.[name] ?? new URLSearchParams(window.location.search).get(name);
  const n = Number(raw);
  return raw && Number.isInteger(n) && n > 0 ? n : null;
}

export function idsParam(query: Record<string, string> | undefined, name: string): number[] {
  const raw = query?.[name] ?? new URLSearchParams(window.location.search).get(name) ?? '';
  return raw
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0)
    .slice(0, 200);
}
