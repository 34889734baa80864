import { api } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db';
import type { JobRunner } from '../../platform/jobs';
import { noteSubject } from '../../platform/operation-log';
import { requestLang } from '../../platform/resource-io';
import { registerResource } from '../../platform/resource-routes';
import { defineEndpoint } from '../../platform/route';
import { attendanceAlertRuleResource } from './attendance-alerts.resource';
import { checkAlertsNow, registerAlertsJob } from './attendance-alerts.service';
import { alertsPage } from './attendance-alerts-list';
import { daysPage, registerRollupJob, rollupAgain, saveThresholds, thresholdsOf } from './attendance-rollup.service';
import { attendanceStats } from './attendance-stats.service';
import { startStatsExport } from './attendance-stats-sheet';
import { remindUntaken, untakenBoard } from './attendance-stats-untaken';

// Attendance statistics (issue 31): the untaken board, rates and trends, the daily roll-up, alert
// rules and the alerts sent.
export function attendanceStatsRoutes(app: FastifyInstance) {
  registerResource(app, attendanceAlertRuleResource);
  const ep = api.attendanceStats;

  defineEndpoint(app, ep.untaken, ({ ctx, body }) => untakenBoard(ctx, body.day));
  defineEndpoint(app, ep.remindUntaken, ({ ctx, body, req }) => {
    noteSubject(req, { label: body.day });
    return remindUntaken(ctx, body.day);
  });
  defineEndpoint(app, ep.stats, ({ ctx, body }) => attendanceStats(ctx, body));
  defineEndpoint(app, ep.statsExport, async ({ ctx, body, req }) => {
    noteSubject(req, { label: `${body.from} – ${body.to}` });
    return { exportId: await startStatsExport(ctx, body, requestLang(req)) };
  });
  defineEndpoint(app, ep.days, ({ ctx, body }) => daysPage(ctx, body));
  defineEndpoint(app, ep.rollup, ({ ctx, body, req }) => {
    noteSubject(req, { label: body.day });
    return rollupAgain(ctx, body.day);
  });
  defineEndpoint(app, ep.thresholds, ({ ctx }) => thresholdsOf(ctx.db, ctx.orgId));
  defineEndpoint(app, ep.saveThresholds, ({ ctx, body, req }) => {
    noteSubject(req, { label: `${body.fullRate} / ${body.halfRate}` });
    return saveThresholds(ctx, body);
  });
  defineEndpoint(app, ep.checkAlerts, ({ ctx, body, req }) => {
    noteSubject(req, { label: body.day });
    return checkAlertsNow(ctx, body.day);
  });
  defineEndpoint(app, ep.alerts, ({ ctx, body }) => alertsPage(ctx, body));
}

// The nightly roll-up, then the alert rules.
export function registerAttendanceStatsJobs(runner: JobRunner, db: Db): void {
  registerRollupJob(runner, db);
  registerAlertsJob(runner, db);
}
