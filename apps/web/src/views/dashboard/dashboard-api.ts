import type { DashboardSummary } from '@lyceum/contract';
import { get, unwrap } from '../../shell/request';

export function dashboardSummary(): Promise<DashboardSummary> {
  return unwrap(get<DashboardSummary>('/api/dashboard/summary'));
}
