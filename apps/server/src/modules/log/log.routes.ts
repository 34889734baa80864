import {
  logLabels,
  Permission,
  zLoginLog,
  zLoginLogFilter,
  zLoginLogPageRequest,
  zOperationLog,
  zOperationLogFilter,
  zOperationLogPageRequest,
  zPage,
} from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAX_EXPORT_ROWS, requestLang } from '../../platform/resource-io';
import { defineFileRoute, defineRoute } from '../../platform/route';
import { loginLogPage } from '../auth/login-log.service';
import { operationLogPage } from './log.service';
import { loginLogSheet, operationLogSheet } from './log-export';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const zLang = z.object({ lang: z.enum(['en', 'zh']).optional() });
const exportNote = `Answers with an .xlsx file in the language asked for (?lang=en|zh), at most ${MAX_EXPORT_ROWS} rows, newest first.`;

const tags = ['log'];

// Logs › Operation log and Login log: read-only, the caller's organisation only.
export function logRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'POST',
    url: '/api/log/page',
    summary: 'Page through the operation log: who did what to which record, and the result',
    description:
      'Newest first. Filters: userId, user (user name or real name contains), keyword (record name or refusal ' +
      'message contains), entity, action, result (success or failure), mobile, from/to (ISO date-times).',
    tags,
    access: [Permission.logPage],
    body: zOperationLogPageRequest,
    response: zPage(zOperationLog),
    handler: ({ ctx, body }) => operationLogPage(ctx, body),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/loginLog/page',
    summary: 'Page through the login log: every login attempt, its result and reason, address and device',
    description:
      'Newest first. Filters: user (name typed or real name contains), result (success or failure), reason, ip ' +
      '(contains), mobile, from/to (ISO date-times).',
    tags,
    access: [Permission.loginLogPage],
    body: zLoginLogPageRequest,
    response: zPage(zLoginLog),
    handler: ({ ctx, body }) => loginLogPage(ctx, body),
  });
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
