import type { Lang, LoginLogFilter, OperationLogFilter } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import type { Paged } from '../../crud/resource-api';
import { type Cancel, call } from '../../shell/request';
import { downloadFrom } from '../../shell/transfer';

export function operationLogPage(req: Paged<OperationLogFilter>, { signal }: Cancel = {}) {
  return call(api.log.page, { body: req }, { signal, retry: 2 });
}

export function loginLogPage(req: Paged<LoginLogFilter>, { signal }: Cancel = {}) {
  return call(api.log.loginPage, { body: req }, { signal, retry: 2 });
}

// The matching entries as an Excel file, in the screen's language.
export function exportOperationLog(filter: OperationLogFilter, lang: Lang): Promise<string> {
  return downloadFrom(api.log.export, { body: filter, query: { lang } }, { loading: true });
}

export function exportLoginLog(filter: LoginLogFilter, lang: Lang): Promise<string> {
  return downloadFrom(api.log.loginExport, { body: filter, query: { lang } }, { loading: true });
}
