import { endpoint } from '../endpoint';
import { engineEndpoints, entityDecl } from '../engine-endpoints';
import { zLangQuery } from '../file-endpoint';
import {
  attendanceAlertRuleEntity,
  zAlertsPage,
  zAlertsRequest,
  zAttendanceStats,
  zCheckAlertsResult,
  zDaysPage,
  zDaysRequest,
  zRemindUntakenRequest,
  zRemindUntakenResult,
  zRollupRequest,
  zRollupResult,
  zRollupThresholds,
  zStatsExportRequest,
  zStatsRequest,
  zUntakenBoard,
  zUntakenRequest,
} from './attendance-stats';
import { zExportStarted } from './export';

const tags = ['attendance'];
// A teacher reaches the sessions they teach and the classes they lead; attendance:all everything.
const READ = ['attendance:page'] as const;
const SETTINGS = ['attendance:settings'] as const;

// Early-warning rules at /api/attendanceAlertRule/*: the settings permission reads and writes them.
export const attendanceAlertRuleDecl = entityDecl(attendanceAlertRuleEntity, {
  access: { read: SETTINGS, create: SETTINGS, update: SETTINGS, remove: SETTINGS },
  sheets: 'none',
});
export const attendanceAlertRuleVerbs = engineEndpoints(attendanceAlertRuleDecl);

export const attendanceStatsEndpoints = {
  untaken: endpoint({
    method: 'POST',
    path: '/api/attendance/untaken',
    summary: "Lessons of a day that have started and whose attendance is not taken, by teacher (a teacher's own)",
    tags,
    access: READ,
    body: zUntakenRequest,
    response: zUntakenBoard,
  }),
  remindUntaken: endpoint({
    method: 'POST',
    path: '/api/attendance/remindUntaken',
    summary: 'Remind every teacher on the untaken board of a day: one notice per teacher and day, however often asked',
    tags,
    access: ['attendance:all'],
    mutates: true,
    body: zRemindUntakenRequest,
    response: zRemindUntakenResult,
  }),
  stats: endpoint({
    method: 'POST',
    path: '/api/attendance/stats',
    summary: 'Attendance rates of a range: per class, per student of a class, and a daily trend',
    description:
      'The weighted rate is the sum of the current marks’ status weights over the marks; Excused counts with its weight.',
    tags,
    access: READ,
    body: zStatsRequest,
    response: zAttendanceStats,
  }),
  statsExport: endpoint({
    method: 'POST',
    path: '/api/attendance/statsExport',
    summary: 'Export the per-student rates of a range to Excel through the export list',
    tags,
    access: ['attendance:export'],
    mutates: true,
    body: zStatsExportRequest,
    // The sheet's language (the headers).
    query: zLangQuery,
    response: zExportStarted,
  }),
  days: endpoint({
    method: 'POST',
    path: '/api/attendance/days',
    summary: "The daily roll-up: each student's day as full, half or absent, with its lessons and rate",
    tags,
    access: READ,
    body: zDaysRequest,
    response: zDaysPage,
  }),
  rollup: endpoint({
    method: 'POST',
    path: '/api/attendance/rollup',
    summary: 'Roll a day up again (after corrections or new thresholds): the day’s rows are replaced',
    tags,
    access: SETTINGS,
    mutates: true,
    body: zRollupRequest,
    response: zRollupResult,
  }),
  thresholds: endpoint({
    method: 'POST',
    path: '/api/attendance/thresholds',
    summary: "The roll-up's thresholds: a day is full, half or absent by its weighted rate",
    tags,
    access: READ,
    response: zRollupThresholds,
  }),
  saveThresholds: endpoint({
    method: 'POST',
    path: '/api/attendance/saveThresholds',
    summary: "Change the roll-up's thresholds (days already rolled up keep theirs until rolled up again)",
    tags,
    access: SETTINGS,
    mutates: true,
    body: zRollupThresholds,
    response: zRollupThresholds,
  }),
  checkAlerts: endpoint({
    method: 'POST',
    path: '/api/attendance/checkAlerts',
    summary: 'Check the enabled alert rules for a day now (as the nightly job does): only what is new is sent',
    tags,
    access: SETTINGS,
    mutates: true,
    body: zRollupRequest,
    response: zCheckAlertsResult,
  }),
  alerts: endpoint({
    method: 'POST',
    path: '/api/attendance/alerts',
    summary: "Alerts the rules sent: a class teacher's classes', or all (attendance:all)",
    tags,
    access: READ,
    body: zAlertsRequest,
    response: zAlertsPage,
  }),
};
