import { type PointAccount, pageOf, pageOffset, RoleKind, type zPointAccountsRequest } from '@lyceum/contract';
import { asc, count, desc, eq, gte, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { ledgerEntries as e, ledgerBalances as lb } from '../ledger/ledger.table';
import { membersOf } from '../team/reach';
import { keywordMatch, withRoleKind } from '../user/user.service';
import { users } from '../user/user.table';
import { POINTS } from './point-entries';

// People with their points: every student (0 without an account yet) and anyone else who holds a
// points account, richest first; with what each has earned and spent over the whole ledger.
export async function accountsPage(ctx: RequestContext, req: z.output<typeof zPointAccountsRequest>) {
  const balance = sql<number>`coalesce(${lb.balance}, 0)`.mapWith(Number);
  const members = req.teamId ? [...(await membersOf(ctx.db, ctx, req.teamId))] : null;
  const where = inOrg(users, ctx.orgId, [
    or(withRoleKind(RoleKind.Student), isNotNull(lb.accountId)),
    req.keyword ? keywordMatch(req.keyword) : undefined,
    members ? (members.length ? inArray(users.id, members) : sql`false`) : undefined,
    req.minBalance !== undefined ? gte(balance, req.minBalance) : undefined,
    req.maxBalance !== undefined ? lte(balance, req.maxBalance) : undefined,
  ]);
  const onBalance = sameOrg(lb, users, [eq(lb.accountKind, POINTS), eq(lb.accountId, users.id)]);
  const list = await ctx.db
    .select({ userId: users.id, userName: users.userName, realName: users.realName, balance })
    .from(users)
    .leftJoin(lb, onBalance)
    .where(where)
    .orderBy(desc(balance), asc(users.userName), asc(users.id))
    .limit(req.pageSize)
    .offset(pageOffset(req));
  const [total] = await ctx.db.select({ n: count() }).from(users).leftJoin(lb, onBalance).where(where);
  const sums = await totalsOf(
    ctx,
    list.map((r) => r.userId),
  );
  const rows: PointAccount[] = list.map((r) => {
    const s = sums.get(r.userId);
    return { ...r, earned: s?.earned ?? 0, spent: s?.spent ?? 0, lastChange: s?.last?.toISOString() ?? null };
  });
  return pageOf(rows, Number(total?.n ?? 0), req);
}

// What the page's people have earned and spent, and when their balance last moved.
async function totalsOf(ctx: RequestContext, userIds: number[]) {
  if (!userIds.length) return new Map<number, { earned: number; spent: number; last: Date | null }>();
  const rows = await ctx.db
    .select({
      userId: e.accountId,
      earned: sql<number>`coalesce(sum(${e.amount}) filter (where ${e.amount} > 0), 0)`.mapWith(Number),
      spent: sql<number>`coalesce(-sum(${e.amount}) filter (where ${e.amount} < 0), 0)`.mapWith(Number),
      last: sql<Date | null>`max(${e.createTime})`.mapWith(e.createTime),
    })
    .from(e)
    .where(inOrg(e, ctx.orgId, [eq(e.accountKind, POINTS), inArray(e.accountId, userIds)]))
    .groupBy(e.accountId);
  return new Map(rows.map((r) => [Number(r.userId), r]));
}
