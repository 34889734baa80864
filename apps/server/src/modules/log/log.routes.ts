import { api, logLabels } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { requestLang } from '../../platform/resource-io';
import { defineEndpoint, defineFileEndpoint } from '../../platform/route';
import { loginLogPage } from '../auth/login-log.service';
import { operationLogPage } from './log.service';
import { loginLogSheet, operationLogSheet } from './log-export';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// Logs › Operation log and Login log: read-only, the caller's organisation only.
export function logRoutes(app: FastifyInstance) {
  defineEndpoint(app, api.log.page, ({ ctx, body }) => operationLogPage(ctx, body));
  defineEndpoint(app, api.log.loginPage, ({ ctx, body }) => loginLogPage(ctx, body));
  // The Excel exports answer the file itself (file endpoints of the contract).
  defineFileEndpoint(
    app,
    api.log.export,
    async ({ ctx, body, req }) => {
      const lang = requestLang(req);
      return {
        filename: `${logLabels.operationLog[lang]}.xlsx`,
        contentType: XLSX,
        body: await operationLogSheet(ctx, body, lang),
      };
    },
    { audited: true },
  );
  defineFileEndpoint(
    app,
    api.log.loginExport,
    async ({ ctx, body, req }) => {
      const lang = requestLang(req);
      return {
        filename: `${logLabels.loginLog[lang]}.xlsx`,
        contentType: XLSX,
        body: await loginLogSheet(ctx, body, lang),
      };
    },
    { audited: true },
  );
}
