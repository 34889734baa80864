import {
  type Exam,
  type ExamInput,
  ExamPaperStatus,
  PaperType,
  type zCalendarRequest,
  type zCandidateOverride,
  type zCandidatePageRequest,
  type zExamPageRequest,
} from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import type { z } from 'zod';
import { resourceApi, type SaveOf } from '../../crud/resource-api';
import { type Cancel, call } from '../../shell/request';
import { type BuiltPaperType, paperApi } from '../exam-paper/paper-api';

export type ExamPageRequest = z.input<typeof zExamPageRequest>;
export type ExamSave = SaveOf<ExamInput>;

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
