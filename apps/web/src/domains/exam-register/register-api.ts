import {
  type AdmissionTicket,
  type Candidate,
  type CandidateStatus,
  type EndpointOutput,
  type Exam,
  PAGE_SIZE_MAX,
  type Page,
} from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { cleanFilter, type Paged, resourceApi } from '../../crud/resource-api';
import { useTabLocation } from '../../shell/layout/tabs-store';
import { type Cancel, call } from '../../shell/request';

export type RegistrationExam = EndpointOutput<typeof api.examRegister.page>['list'][number];
export type RegistrationFilter = { keyword?: string };
export type CandidateFilter = { keyword?: string; status?: CandidateStatus };

// Where the registration office's screens live (hidden catalogue pages).
export const registerPaths = {
  list: '/exam/registration',
  registrants: '/examRegister/registerList',
  tickets: '/examRegister/ticket',
} as const;

export const registrantsPath = (examId: number) => `${registerPaths.registrants}?examId=${examId}`;
// The tickets of the named candidates, or of every approved one.
export const ticketsPath = (examId: number, userIds?: number[]) =>
  userIds && userIds.length > 0
    ? `${registerPaths.tickets}?examId=${examId}&userIds=${userIds.join(',')}`
    : `${registerPaths.tickets}?examId=${examId}`;

export const registrationPage = (req: Paged<RegistrationFilter>, c: Cancel) =>
  call(api.examRegister.page, { body: cleanFilter(req) as typeof req }, { signal: c.signal, retry: 2 });

export const candidatePage = (examId: number, req: Paged<CandidateFilter>, c: Cancel = {}): Promise<Page<Candidate>> =>
  call(api.exam.candidates, { params: { id: examId }, body: cleanFilter(req) as typeof req }, { signal: c.signal });

// Every candidate the filter matches, page after page (for the Excel export).
export async function allCandidates(examId: number, filter: CandidateFilter): Promise<Candidate[]> {
  const rows: Candidate[] = [];
  for (let pageIndex = 1; ; pageIndex++) {
    const page = await candidatePage(examId, { ...filter, pageIndex, pageSize: PAGE_SIZE_MAX });
    rows.push(...page.list);
    if (page.list.length === 0 || rows.length >= page.total) return rows;
  }
}

export const approveRegistrations = (examId: number, userIds: number[], approve: boolean) =>
  call(api.examRegister.approve, { params: { id: examId }, body: { userIds, approve } }, { loading: true });

export const assignSeats = (examId: number) =>
  call(api.examRegister.assignSeats, { params: { id: examId } }, { loading: true });

export const staffTickets = (examId: number, userIds: number[] | undefined, c: Cancel): Promise<AdmissionTicket[]> =>
  call(api.examRegister.tickets, { params: { id: examId }, body: { userIds } }, { signal: c.signal, retry: 2 });

const examApi = resourceApi<Exam, never, never, never>('exam');

// The exam a hidden page names with ?examId= (its query, else the address bar's).
export function useExamIdOfTab(): number | null {
  const tab = useTabLocation();
  return Number(tab?.query.examId ?? new URLSearchParams(window.location.search).get('examId')) || null;
}

// The ids a ticket page names with ?userIds=1,2,3 (none: every approved candidate).
export function useUserIdsOfTab(): number[] | undefined {
  const tab = useTabLocation();
  const raw = tab?.query.userIds ?? new URLSearchParams(window.location.search).get('userIds') ?? '';
  const ids = raw
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  return ids.length > 0 ? ids : undefined;
}

// The exam itself (name, window, capacity, counts), for the registrants page's header: the exam
// resource's read permissions include examRegister:page.
export function useExam(examId: number | null) {
  return useQuery({
    queryKey: ['exam', 'select', examId],
    queryFn: () => examApi.select(examId as number),
    enabled: examId !== null,
  });
}
