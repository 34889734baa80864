import { MAX_EXPORT_ROWS } from '../constants';
import { endpoint } from '../endpoint';
import { fileEndpoint, zLangQuery } from '../file-endpoint';
import { Permission as P } from '../menu-catalogue';
import { zPage } from '../paging';
import {
  zLoginLog,
  zLoginLogFilter,
  zLoginLogPageRequest,
  zOperationLog,
  zOperationLogFilter,
  zOperationLogPageRequest,
} from './log';

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

const exportNote = `Answers with an .xlsx file in the language asked for (?lang=en|zh), at most ${MAX_EXPORT_ROWS} rows, newest first.`;

// The logs as Excel files.
export const logFileEndpoints = {
  export: fileEndpoint({
    method: 'POST',
    path: '/api/log/export',
    summary: 'Export the operation log matching the filters to Excel',
    description: exportNote,
    tags: ['log'],
    access: ['log:page'],
    body: zOperationLogFilter,
    query: zLangQuery,
  }),
  loginExport: fileEndpoint({
    method: 'POST',
    path: '/api/loginLog/export',
    summary: 'Export the login log matching the filters to Excel',
    description: exportNote,
    tags: ['log'],
    access: ['loginLog:page'],
    body: zLoginLogFilter,
    query: zLangQuery,
  }),
};
