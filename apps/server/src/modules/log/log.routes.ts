import {
  Permission,
  zLoginLog,
  zLoginLogPageRequest,
  zOperationLog,
  zOperationLogPageRequest,
  zPage,
} from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/route';
import { loginLogPage } from '../auth/login-log.service';
import { operationLogPage } from './log.service';

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
}
