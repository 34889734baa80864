import type { Lang, LoginLog, LoginLogFilter, OperationLog, OperationLogFilter, Page } from '@lyceum/contract';
import { post, unwrap } from '../../shell/request';
import { download } from '../../shell/transfer';

type Paged<F> = F & { pageIndex: number; pageSize: number };

export function operationLogPage(req: Paged<OperationLogFilter>): Promise<Page<OperationLog>> {
  return unwrap(post<Page<OperationLog>>('/api/log/page', req));
}

export function loginLogPage(req: Paged<LoginLogFilter>): Promise<Page<LoginLog>> {
  return unwrap(post<Page<LoginLog>>('/api/loginLog/page', req));
}

// The matching entries as an Excel file, in the screen's language.
export function exportOperationLog(filter: OperationLogFilter, lang: Lang): Promise<string> {
  return download('POST', `/api/log/export?lang=${lang}`, filter, { loading: true });
}

export function exportLoginLog(filter: LoginLogFilter, lang: Lang): Promise<string> {
  return download('POST', `/api/loginLog/export?lang=${lang}`, filter, { loading: true });
}
