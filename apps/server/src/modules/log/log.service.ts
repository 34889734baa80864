import { desc, eq } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { operationLogs } from './log.table';

export async function recentOperations(ctx: RequestContext, limit: number) {
  const rows = await ctx.db
    .select()
    .from(operationLogs)
    .where(eq(operationLogs.organizationId, ctx.orgId))
    .orderBy(desc(operationLogs.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, createTime: r.createTime.toISOString() }));
}
