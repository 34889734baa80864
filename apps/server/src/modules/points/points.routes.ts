import { api } from '@lyceum/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db';
import type { JobRunner } from '../../platform/jobs';
import { MAX_EXPORT_ROWS, requestLang } from '../../platform/resource-io';
import { registerResource } from '../../platform/resource-routes';
import { defineEndpoint, defineFileEndpoint } from '../../platform/route';
import { accountsPage } from './point-accounts';
import { adjustPoints } from './point-adjust';
import { registerRulesJob } from './point-awards';
import { pointDrift, registerDriftJob } from './point-drift';
import { ledgerPage, myPoints } from './point-entries';
import { ledgerSheet } from './point-export';
import { pointRuleResource } from './point-rules.resource';
import { pointSummary } from './point-summary';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// Points (issue 33): the rules, hand adjustments, the caller's own points, the staff's lists, the
// daily summary, the ledger's export and the drift check. Balances move only through the ledger.
export function pointRoutes(app: FastifyInstance) {
  registerResource(app, pointRuleResource);
  defineEndpoint(app, api.point.adjust, ({ ctx, body, req }) => adjustPoints(ctx, body, req));
  defineEndpoint(app, api.point.my, ({ ctx, body }) => myPoints(ctx, body));
  defineEndpoint(app, api.point.accounts, ({ ctx, body }) => accountsPage(ctx, body));
  defineEndpoint(app, api.point.ledger, ({ ctx, body }) => ledgerPage(ctx, body));
  defineEndpoint(app, api.point.summary, ({ ctx, body }) => pointSummary(ctx, body));
  defineEndpoint(app, api.point.driftCheck, ({ ctx }) => pointDrift(ctx.db, ctx.orgId));
  defineFileEndpoint(
    app,
    api.point.ledgerExport,
    async ({ ctx, body, req }) => {
      const lang = requestLang(req);
      const { filename, sheet } = await ledgerSheet(ctx, body, lang, MAX_EXPORT_ROWS);
      return { filename, contentType: XLSX, body: sheet };
    },
    { audited: true },
  );
}

export function registerPointJobs(runner: JobRunner, db: Db, log: Pick<FastifyBaseLogger, 'warn'>): void {
  registerRulesJob(runner, db, log);
  registerDriftJob(runner, db, log);
}
