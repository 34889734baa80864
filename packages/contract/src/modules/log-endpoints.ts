import { endpoint } from '../endpoint';
import { Permission as P } from '../menu-catalogue';
import { zPage } from '../paging';
import { zLoginLog, zLoginLogPageRequest, zOperationLog, zOperationLogPageRequest } from './log';

// Logs › Operation log and Login log: read-only, the caller's organisation only. (Their Excel
// exports answer a file and stay hand routes on the server.)
export const logEndpoints = {
  page: endpoint({
    method: 'POST',
    path: '/api/log/page',
    summary: 'Page through the operation log: who did what to which record, and the result',
    description:
      'Newest first. Filters: userId, user (user name or real name contains), keyword (record name or refusal ' +
      'message contains), entity, action, result (success or failure), mobile, from/to (ISO date-times).',
    tags: ['log'],
    access: [P.logPage],
    body: zOperationLogPageRequest,
    response: zPage(zOperationLog),
  }),
  loginPage: endpoint({
    method: 'POST',
    path: '/api/loginLog/page',
    summary: 'Page through the login log: every login attempt, its result and reason, address and device',
    description:
      'Newest first. Filters: user (name typed or real name contains), result (success or failure), reason, ip ' +
      '(contains), mobile, from/to (ISO date-times).',
    tags: ['log'],
    access: [P.loginLogPage],
    body: zLoginLogPageRequest,
    response: zPage(zLoginLog),
  }),
};
