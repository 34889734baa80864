import {
  isMobileUserAgent,
  type LoginLog,
  type LoginLogFilter,
  MOBILE_UA_PATTERN,
  type Page,
  type PageRequest,
  pageOf,
  pageOffset,
} from '@lyceum/contract';
import { asc, count, desc, eq, gte, ilike, lte, not, or, type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { invalidParams } from '../../platform/errors';
import { likePattern } from '../../platform/resource';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { users } from '../user/user.table';
import { loginLogs } from './auth.table';

const DAY_MS = 86_400_000;

// Logins per UTC day over the last `days` days, oldest first, with empty days filled in.
export async function loginsPerDay(ctx: RequestContext, days: number) {
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const since = new Date(today - (days - 1) * DAY_MS);
  const day = sql<string>`to_char(${loginLogs.createTime} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await ctx.db
    .select({
      date: day,
      success: sql<number>`count(*) filter (where ${loginLogs.success})::int`,
      failed: sql<number>`count(*) filter (where not ${loginLogs.success})::int`,
    })
    .from(loginLogs)
    .where(inOrg(loginLogs, ctx.orgId, [gte(loginLogs.createTime, since)]))
    .groupBy(day);
  const byDate = new Map(rows.map((r) => [r.date, r]));
  return Array.from({ length: days }, (_, i) => {
    const date = new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    const r = byDate.get(date);
    return { date, success: Number(r?.success ?? 0), failed: Number(r?.failed ?? 0) };
  });
}

// The user's current real name beside the name typed at the time (unknown names have none).
const withUser = sameOrg(users, loginLogs, [eq(users.id, loginLogs.userId)]);

function conditions(ctx: RequestContext, f: LoginLogFilter): SQL | undefined {
  const user = f.user ? likePattern(f.user) : null;
  const mobile = sql`coalesce(${loginLogs.userAgent}, '') ~* ${MOBILE_UA_PATTERN}`;
  return inOrg(loginLogs, ctx.orgId, [
    user ? or(ilike(loginLogs.userName, user), ilike(users.realName, user)) : undefined,
    f.result === undefined ? undefined : eq(loginLogs.success, f.result === 'success'),
    f.reason ? eq(loginLogs.reason, f.reason) : undefined,
    f.ip ? ilike(loginLogs.ip, likePattern(f.ip)) : undefined,
    f.mobile === undefined ? undefined : f.mobile ? mobile : not(mobile),
    f.from ? gte(loginLogs.createTime, new Date(f.from)) : undefined,
    f.to ? lte(loginLogs.createTime, new Date(f.to)) : undefined,
  ]);
}

// Newest first, or oldest first: the time is the one column worth sorting by.
function orderOf(sort: Partial<PageRequest>): SQL[] {
  if (sort.sortField && sort.sortField !== 'createTime') {
    throw invalidParams('sortField', `cannot sort by "${sort.sortField}"`);
  }
  return sort.sortField && sort.sortOrder === 'ascend'
    ? [asc(loginLogs.createTime), asc(loginLogs.id)]
    : [desc(loginLogs.createTime), desc(loginLogs.id)];
}

// Matching login attempts of the organisation, newest first unless a sort is given.
export async function listLogins(
  ctx: RequestContext,
  filter: LoginLogFilter & Partial<PageRequest>,
  limit: number,
  offset = 0,
): Promise<LoginLog[]> {
  const rows = await ctx.db
    .select({
      id: loginLogs.id,
      userId: loginLogs.userId,
      userName: loginLogs.userName,
      realName: users.realName,
      success: loginLogs.success,
      reason: loginLogs.reason,
      ip: loginLogs.ip,
      userAgent: loginLogs.userAgent,
      createTime: loginLogs.createTime,
    })
    .from(loginLogs)
    .leftJoin(users, withUser)
    .where(conditions(ctx, filter))
    .orderBy(...orderOf(filter))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({ ...r, mobile: isMobileUserAgent(r.userAgent), createTime: r.createTime.toISOString() }));
}

// Every login attempt of the organisation (spec: "logs": mobile flag, result), a page at a time.
export async function loginLogPage(ctx: RequestContext, req: PageRequest & LoginLogFilter): Promise<Page<LoginLog>> {
  const [list, [{ n }]] = await Promise.all([
    listLogins(ctx, req, req.pageSize, pageOffset(req)),
    ctx.db.select({ n: count() }).from(loginLogs).leftJoin(users, withUser).where(conditions(ctx, req)),
  ]);
  return pageOf(list, Number(n), req);
}
