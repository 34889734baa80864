import type { Analysis, ExamScores, MarkExam, Page, zExamScoresRequest } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { cleanFilter } from '../../crud/resource-api';
import { type Cancel, call } from '../../shell/request';

export const SCORES_PATH = '/exam/scores';
export const scoresPath = (examId: number) => `${SCORES_PATH}?examId=${examId}`;
export const REPORT_PATH = '/user/achiReport';
export const reportPath = (examId: number, teamId?: number) =>
  `${REPORT_PATH}?examId=${examId}${teamId === undefined ? '' : `&teamId=${teamId}`}`;

// Every query of these screens starts with this key: confirming or reopening invalidates them all.
export const SCORES_KEY = 'examScore';

export type ScoresRequest = z.input<typeof zExamScoresRequest>;
export type ScoreFilter = Omit<ScoresRequest, 'examId' | 'pageIndex' | 'pageSize' | 'sortField' | 'sortOrder'>;

// The exams with ended attempts (the marking list: staff may read it), newest first as the server orders it.
type ExamsRequest = { keyword?: string; pageIndex: number; pageSize: number };
export const scoreExams = (req: ExamsRequest, { signal }: Cancel = {}): Promise<Page<MarkExam>> =>
  call(api.answer.exams, { body: { ...(cleanFilter(req) as ExamsRequest), pendingOnly: false } }, { signal, retry: 2 });

export function useExamScores(req: ScoresRequest) {
  return useQuery({
    queryKey: [SCORES_KEY, 'page', req],
    queryFn: ({ signal }): Promise<ExamScores> =>
      call(api.examScore.page, { body: cleanFilter(req) as ScoresRequest }, { signal, retry: 2 }),
    placeholderData: keepPreviousData,
  });
}

export function useAnalysis(examId: number, teamId: number | undefined) {
  return useQuery({
    queryKey: [SCORES_KEY, 'analysis', examId, teamId ?? null],
    queryFn: ({ signal }): Promise<Analysis> =>
      call(api.examScore.analysis, { body: { examId, teamId } }, { signal, retry: 2 }),
    placeholderData: keepPreviousData,
  });
}

export const scoreActions = {
  export: (req: ScoresRequest) =>
    call(api.examScore.export, { body: cleanFilter(req) as ScoresRequest }, { loading: true }),
  // Silent: a refusal because answers still wait is answered by the dialog itself ("confirm anyway").
  confirm: (examId: number, force: boolean) =>
    call(api.examScore.confirm, { body: { examId, force } }, { loading: true, silent: !force }),
  unconfirm: (examId: number) => call(api.examScore.unconfirm, { body: { examId } }, { loading: true }),
};
