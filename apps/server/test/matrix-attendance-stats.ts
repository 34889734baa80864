import { AlertRuleKind } from '@lyceum/contract';
import type { Template } from './matrix-types';

// Attendance statistics: the untaken board, rates and trends, day roll-ups and alert rules (issue 31).
// Writes that act on the caller's own organisation only (a reminder, a roll-up, the thresholds, an
// export, a new rule) are `own`. Demo has no alert rule unless the matrix's set-up makes one
// (`rows.attendanceAlertRule`): without it the rule routes name an id nobody has.
const range = { from: '2025-01-06', to: '2025-01-12' };
const rule = (d: { rows: Record<string, number> }) => d.rows.attendanceAlertRule ?? 987_651;
const ruleSample = { kind: AlertRuleKind.ConsecutiveAbsences, threshold: 3 };

export const attendanceStatsTemplates: Record<string, Template> = {
  'POST /api/attendance/untaken': () => ({ body: { day: '2025-01-06' } }),
  'POST /api/attendance/remindUntaken': () => ({ body: { day: '2025-01-06' }, own: true }),
  'POST /api/attendance/stats': (d) => ({ body: { ...range, teamId: d.rows.team } }),
  'POST /api/attendance/statsExport': () => ({ body: range, own: true }),
  'POST /api/attendance/days': (d) => ({ body: { ...range, pageIndex: 1, pageSize: 10, teamId: d.rows.team } }),
  'POST /api/attendance/rollup': () => ({ body: { day: '2025-01-06' }, own: true }),
  'POST /api/attendance/thresholds': () => ({}),
  'POST /api/attendance/saveThresholds': () => ({ body: { fullRate: 0.8, halfRate: 0.5 }, own: true }),
  'POST /api/attendance/checkAlerts': () => ({ body: { day: '2025-01-06' }, own: true }),
  'POST /api/attendance/alerts': (d) => ({ body: { pageIndex: 1, pageSize: 10, teamId: d.rows.team } }),
  'POST /api/attendanceAlertRule/page': () => ({ body: { pageIndex: 1, pageSize: 10, kind: 1 } }),
  'POST /api/attendanceAlertRule/list': () => ({ body: { enabled: true } }),
  'POST /api/attendanceAlertRule/create': () => ({ body: ruleSample, own: true }),
  'POST /api/attendanceAlertRule/update': (d) => ({ body: { id: rule(d), ...ruleSample } }),
  'POST /api/attendanceAlertRule/select/:id': (d) => ({ params: { id: rule(d) } }),
  'POST /api/attendanceAlertRule/delete/:id': (d) => ({ params: { id: rule(d) } }),
  'POST /api/attendanceAlertRule/delete/ids': (d) => ({ body: { ids: [rule(d)] } }),
};
