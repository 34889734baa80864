import { and, eq, gte, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { loginLogs } from './auth.table';

const DAY_MS = 86_400_000;

// Logins per UTC day over the last `days` days, oldest first, with empty days filled in.
export async function loginsPerDay(ctx: RequestContext, days: number, userId?: number) {
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
    .where(
      and(
        eq(loginLogs.organizationId, ctx.orgId),
        gte(loginLogs.createTime, since),
        userId ? eq(loginLogs.userId, userId) : undefined,
      ),
    )
    .groupBy(day);
  const byDate = new Map(rows.map((r) => [r.date, r]));
  return Array.from({ length: days }, (_, i) => {
    const date = new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    const r = byDate.get(date);
    return { date, success: Number(r?.success ?? 0), failed: Number(r?.failed ?? 0) };
  });
}
