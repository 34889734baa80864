import { type OperationLog, type OperationLogFilter, type PageRequest, pageOf, pageOffset } from '@lyceum/contract';
import { asc, count, desc, eq, gte, ilike, lte, ne, or, type SQL } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { invalidParams } from '../../platform/errors';
import { likePattern } from '../../platform/resource';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { users } from '../user/user.table';
import { operationLogs as ops } from './log.table';

const SUCCESS = 1;

// The user's current real name beside the name stored at the time (the user may be gone since).
const withUser = sameOrg(users, ops, [eq(users.id, ops.userId)]);

function conditions(ctx: RequestContext, f: OperationLogFilter): SQL | undefined {
  const user = f.user ? likePattern(f.user) : null;
  const keyword = f.keyword ? likePattern(f.keyword) : null;
  return inOrg(ops, ctx.orgId, [
    f.userId ? eq(ops.userId, f.userId) : undefined,
    user ? or(ilike(ops.userName, user), ilike(users.realName, user)) : undefined,
    keyword ? or(ilike(ops.recordLabel, keyword), ilike(ops.message, keyword)) : undefined,
    f.entity ? eq(ops.entity, f.entity) : undefined,
    f.action ? eq(ops.action, f.action) : undefined,
    f.result === 'success'
      ? eq(ops.responseCode, SUCCESS)
      : f.result === 'failure'
        ? ne(ops.responseCode, SUCCESS)
        : undefined,
    f.mobile === undefined ? undefined : eq(ops.mobile, f.mobile),
    f.from ? gte(ops.createTime, new Date(f.from)) : undefined,
    f.to ? lte(ops.createTime, new Date(f.to)) : undefined,
  ]);
}

const columns = {
  id: ops.id,
  userId: ops.userId,
  userName: ops.userName,
  realName: users.realName,
  entity: ops.entity,
  action: ops.action,
  recordIds: ops.recordIds,
  recordLabel: ops.recordLabel,
  responseCode: ops.responseCode,
  message: ops.message,
  error: ops.error,
  mobile: ops.mobile,
  durationMs: ops.durationMs,
  ip: ops.ip,
  method: ops.method,
  path: ops.path,
  createTime: ops.createTime,
};

function toOperation(r: Omit<OperationLog, 'success' | 'createTime'> & { createTime: Date }): OperationLog {
  return { ...r, success: r.responseCode === SUCCESS, createTime: r.createTime.toISOString() };
}

// Newest first, or by one of these columns.
const sortable = { createTime: ops.createTime, durationMs: ops.durationMs };
function orderOf(sort: Partial<PageRequest>): SQL[] {
  if (!sort.sortField) return [desc(ops.createTime), desc(ops.id)];
  // Own properties only: `__proto__` or `toString` must not resolve to Object's members.
  if (!Object.hasOwn(sortable, sort.sortField)) throw invalidParams('sortField', `cannot sort by "${sort.sortField}"`);
  const column = sortable[sort.sortField as keyof typeof sortable];
  return [sort.sortOrder === 'ascend' ? asc(column) : desc(column), desc(ops.id)];
}

// Matching entries, newest first unless a sort is given.
export async function listOperations(
  ctx: RequestContext,
  filter: OperationLogFilter & Partial<PageRequest>,
  limit: number,
  offset = 0,
): Promise<OperationLog[]> {
  const rows = await ctx.db
    .select(columns)
    .from(ops)
    .leftJoin(users, withUser)
    .where(conditions(ctx, filter))
    .orderBy(...orderOf(filter))
    .limit(limit)
    .offset(offset);
  return rows.map(toOperation);
}

export async function operationLogPage(ctx: RequestContext, req: PageRequest & OperationLogFilter) {
  const [list, [{ n }]] = await Promise.all([
    listOperations(ctx, req, req.pageSize, pageOffset(req)),
    ctx.db.select({ n: count() }).from(ops).leftJoin(users, withUser).where(conditions(ctx, req)),
  ]);
  return pageOf(list, Number(n), req);
}

export function recentOperations(ctx: RequestContext, limit: number): Promise<OperationLog[]> {
  return listOperations(ctx, {}, limit);
}
