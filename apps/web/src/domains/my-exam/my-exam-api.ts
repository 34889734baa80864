import type { EndpointOutput } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { type Cancel, call } from '../../shell/request';

export const MY_EXAMS_PATH = '/study/exam';
export const myTicketPath = (examId: number) => `/study/ticket?examId=${examId}`;
// The exam page (its own entry, apps/web/exam.html, served for /take/<examId>).
// The exam page; homework's says so in the address, so the page speaks of homework before it loads.
export const takePath = (examId: number, kind: 'exam' | 'homework' = 'exam') =>
  kind === 'homework' ? `/take/${examId}?kind=homework` : `/take/${examId}`;

export type MyExams = EndpointOutput<typeof api.exam.my>;
export type RegistrableExam = EndpointOutput<typeof api.exam.registrable>['exams'][number];

// The server's clock against this device's, taken when the answer arrives: countdowns run on
// Date.now() + offset, so a device set to the wrong time still counts down to the real start.
export interface Clocked<T> {
  data: T;
  offset: number;
}

async function clocked<T extends { serverNow: number }>(request: Promise<T>): Promise<Clocked<T>> {
  const data = await request;
  return { data, offset: data.serverNow - Date.now() };
}

export const fetchMyExams = ({ signal }: Cancel) => clocked(call(api.exam.my, {}, { signal, retry: 2 }));
export const fetchRegistrable = ({ signal }: Cancel) => clocked(call(api.exam.registrable, {}, { signal, retry: 2 }));

export const retakeExam = (examId: number) => call(api.attempt.retake, { body: { examId } }, { loading: true });
export const registerFor = (examId: number) => call(api.exam.register, { params: { id: examId } }, { loading: true });
export const unregisterFrom = (examId: number) =>
  call(api.exam.unregister, { params: { id: examId } }, { loading: true });
