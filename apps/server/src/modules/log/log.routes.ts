import { api, logLabels, Permission, zLoginLogFilter, zOperationLogFilter } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAX_EXPORT_ROWS, requestLang } from '../../platform/resource-io';
import { defineEndpoint, defineFileRoute } from '../../platform/route';
import { loginLogPage } from '../auth/login-log.service';
import { operationLogPage } from './log.service';
import { loginLogSheet, operationLogSheet } from './log-export';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const zLang = z.object({ lang: z.enum(['en', 'zh']).optional() });
const exportNote = `Answers with an .xlsx file in the language asked for (?lang=en|zh), at most ${MAX_EXPORT_ROWS} rows, newest first.`;

const tags = ['log'];

// Logs › Operation log and Login log: read-only, the caller's organisation only.
export function logRoutes(app: FastifyInstance) {
  defineEndpoint(app, api.log.page, ({ ctx, body }) => operationLogPage(ctx, body));
  defineEndpoint(app, api.log.loginPage, ({ ctx, body }) => loginLogPage(ctx, body));
  // The Excel exports answer a file, not the envelope, so they are no endpoints of the contract.
  defineFileRoute(app, {
    method: 'POST',
    url: '/api/log/export',
    summary: 'Export the operation log matching the filters to Excel',
    description: exportNote,
    tags,
    access: [Permission.logPage],
    audited: true,
    body: zOperationLogFilter,
    querystring: zLang,
    handler: async ({ ctx, body, req }) => {
      const lang = requestLang(req);
      return {
        filename: `${logLabels.operationLog[lang]}.xlsx`,
        contentType: XLSX,
        body: await operationLogSheet(ctx, body, lang),
      };
    },
  });
  defineFileRoute(app, {
    method: 'POST',
    url: '/api/loginLog/export',
    summary: 'Export the login log matching the filters to Excel',
    description: exportNote,
    tags,
    access: [Permission.loginLogPage],
    audited: true,
    body: zLoginLogFilter,
    querystring: zLang,
    handler: async ({ ctx, body, req }) => {
      const lang = requestLang(req);
      return {
        filename: `${logLabels.loginLog[lang]}.xlsx`,
        contentType: XLSX,
        body: await loginLogSheet(ctx, body, lang),
      };
    },
  });
}
