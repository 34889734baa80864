import type {
  AlertsRequest,
  AttendanceAlertRule,
  DaysRequest,
  Lang,
  RollupThresholds,
  StatsRequest,
} from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import dayjs, { type Dayjs } from 'dayjs';
import { cleanFilter, resourceApi, type SaveOf } from '../../../crud/resource-api';
import { type Cancel, call } from '../../../shell/request';

// The calls of the attendance statistics panels. Every query sits under one key, so a reminder,
// a roll-up or a changed rule refreshes them all.
export const STATS_KEY = 'attendanceStats';

export type RuleInput = Omit<AttendanceAlertRule, 'id' | 'organizationId' | 'createTime' | 'updateTime'>;
export const ruleApi = resourceApi<AttendanceAlertRule, SaveOf<RuleInput>, SaveOf<RuleInput>, object>(
  'attendanceAlertRule',
);

export const statsCalls = {
  untaken: (day: string | undefined, { signal }: Cancel = {}) =>
    call(api.attendanceStats.untaken, { body: day ? { day } : {} }, { signal, retry: 2 }),
  remindUntaken: (day: string) => call(api.attendanceStats.remindUntaken, { body: { day } }, { loading: true }),
  stats: (body: StatsRequest, { signal }: Cancel = {}) =>
    call(api.attendanceStats.stats, { body: cleanFilter(body) as StatsRequest }, { signal, retry: 2 }),
  exportStats: (body: { from: string; to: string; teamId?: number }, lang: Lang) =>
    call(
      api.attendanceStats.statsExport,
      { body: cleanFilter(body) as typeof body, query: { lang } },
      { loading: true },
    ),
  days: (body: DaysRequest, { signal }: Cancel = {}) =>
    call(api.attendanceStats.days, { body: cleanFilter(body) as DaysRequest }, { signal, retry: 2 }),
  alerts: (body: AlertsRequest, { signal }: Cancel = {}) =>
    call(api.attendanceStats.alerts, { body: cleanFilter(body) as AlertsRequest }, { signal, retry: 2 }),
  thresholds: ({ signal }: Cancel = {}) => call(api.attendanceStats.thresholds, {}, { signal, retry: 2 }),
  saveThresholds: (body: RollupThresholds) => call(api.attendanceStats.saveThresholds, { body }, { loading: true }),
  rollup: (day: string) => call(api.attendanceStats.rollup, { body: { day } }, { loading: true }),
  checkAlerts: (day: string) => call(api.attendanceStats.checkAlerts, { body: { day } }, { loading: true }),
};

export const dayText = (d: Dayjs) => d.format('YYYY-MM-DD');
// Monday of the week a day is in.
export const mondayOf = (d: Dayjs) => d.subtract((d.day() + 6) % 7, 'day').startOf('day');
export const thisWeek = (): [Dayjs, Dayjs] => {
  const monday = mondayOf(dayjs());
  return [monday, monday.add(6, 'day')];
};
// A rate (0..1) as people read it: "87.5 %".
export const percent = (v: number | null | undefined) =>
  v === null || v === undefined ? '—' : `${(Math.round(v * 1000) / 10).toFixed(1)} %`;
