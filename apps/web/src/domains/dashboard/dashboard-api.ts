import { api } from '@lyceum/contract';
import { type Cancel, call } from '../../shell/request';

export function dashboardSummary({ signal }: Cancel = {}) {
  return call(api.dashboard.summary, {}, { signal, retry: 2 });
}
