import type { LoginLog, LoginLogFilter, OperationLog, OperationLogFilter, Page } from '@lyceum/contract';
import { post, unwrap } from '../../shell/request';

type Paged<F> = F & { pageIndex: number; pageSize: number };

export function operationLogPage(req: Paged<OperationLogFilter>): Promise<Page<OperationLog>> {
  return unwrap(post<Page<OperationLog>>('/api/log/page', req));
}

export function loginLogPage(req: Paged<LoginLogFilter>): Promise<Page<LoginLog>> {
  return unwrap(post<Page<LoginLog>>('/api/loginLog/page', req));
}
