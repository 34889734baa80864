import type { BatchDecide } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { type Cancel, call } from '../../shell/request';

// The graduation screens' calls beside the engine's verbs: a batch's students and their changes.
export const BATCH_KEY = 'graduationBatch';
const loading = { loading: true };

export const graduationCalls = {
  students: (id: number, { signal }: Cancel = {}) =>
    call(api.graduation.students, { params: { id } }, { signal, retry: 2 }),
  add: (id: number, body: { teamIds?: number[]; cohort?: boolean; userIds?: number[] }) =>
    call(api.graduation.addStudents, { params: { id }, body }, loading),
  remove: (id: number, userIds: number[]) =>
    call(api.graduation.removeStudents, { params: { id }, body: { userIds } }, loading),
  refresh: (id: number, userIds?: number[]) =>
    call(api.graduation.refreshAudits, { params: { id }, body: userIds ? { userIds } : {} }, loading),
  decide: (id: number, body: BatchDecide) => call(api.graduation.decide, { params: { id }, body }, loading),
};
