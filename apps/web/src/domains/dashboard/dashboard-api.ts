import { api } from '@lyceum/contract';
import { type Cancel, call } from '../../shell/request';

export function dashboardSummary({ signal }: Cancel = {}) {
  return call(api.dashboard.summary, {}, { signal, retry: 2 });
}

export function studentPortal({ signal }: Cancel = {}) {
  return call(api.dashboard.student, {}, { signal, retry: 2 });
}
