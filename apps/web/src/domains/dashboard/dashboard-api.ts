import { api } from '@lyceum/contract/routes';
import { type Cancel, call } from '../../shell/request';

export function dashboardSummary({ signal }: Cancel = {}) {
  return call(api.dashboard.summary, {}, { signal, retry: 2 });
}

export function studentPortal({ signal }: Cancel = {}) {
  return call(api.dashboard.student, {}, { signal, retry: 2 });
}

// The caller's work, for their own day: the page sends its local midnights.
export function staffWork({ signal }: Cancel = {}) {
  const start = new Date();
  start.setHours(0, 0, 0, 0);
  const end = new Date(start);
  end.setDate(end.getDate() + 1);
  return call(
    api.dashboard.work,
    { body: { dayStart: start.toISOString(), dayEnd: end.toISOString() } },
    { signal, retry: 2 },
  );
}
