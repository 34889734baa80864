import type { PageRequest, RecordGuardianInput, StatusChangeKind, StudentRecordEdit } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { cleanFilter } from '../../crud/resource-api';
import { type Cancel, call } from '../../shell/request';

// Academic affairs' record calls. Records and status changes sit under one key, so a decision that
// changes a student's standing refreshes the records tab too.
export const RECORDS_KEY = 'studentRecord';

const loading = { loading: true };

export const recordCalls = {
  records: (body: object, { signal }: Cancel = {}) =>
    call(api.studentRecord.page, { body: cleanFilter(body) as PageRequest }, { signal, retry: 2 }),
  edit: (id: number, body: StudentRecordEdit) => call(api.studentRecord.edit, { params: { id }, body }, loading),
  createMissing: (teamId: number, cohortYear?: number) =>
    call(api.studentRecord.createMissing, { body: { teamId, cohortYear } }, loading),
  timeline: (userId: number, { signal }: Cancel = {}) =>
    call(api.studentRecord.timeline, { params: { id: userId } }, { signal, retry: 2 }),
  changes: (body: object, { signal }: Cancel = {}) =>
    call(api.statusChange.page, { body: cleanFilter(body) as PageRequest }, { signal, retry: 2 }),
  request: (body: {
    userId: number;
    kind: StatusChangeKind;
    effectiveDate: string;
    reason: string;
    toTeamId?: number | null;
  }) => call(api.statusChange.request, { body }, loading),
  decide: (verb: 'approve' | 'reject' | 'cancel', id: number, note: string) => {
    const input = { params: { id }, body: { note: note.trim() || null } };
    if (verb === 'approve') return call(api.statusChange.approve, input, loading);
    if (verb === 'reject') return call(api.statusChange.reject, input, loading);
    return call(api.statusChange.cancel, input, loading);
  },
};

export type GuardianRow = RecordGuardianInput;
