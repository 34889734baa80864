import type { PointSummary, zPointSummaryRequest } from '@lyceum/contract';
import { and, desc, eq, gt, gte, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { ledgerEntries as e, ledgerBalances as lb } from '../ledger/ledger.table';
import { orgTimeZone } from '../timetable/booking.service';
import { users } from '../user/user.table';
import { dayStart, POINTS } from './point-entries';

const TOP = 10;

// Points added and taken per day of a range in the organisation's zone (every day of the range,
// zeros included, for a chart), the range's totals, everyone's balances now, and the top earners.
export async function pointSummary(
  ctx: RequestContext,
  req: z.output<typeof zPointSummaryRequest>,
): Promise<PointSummary> {
  const zone = await orgTimeZone(ctx.db, ctx.orgId);
  const inRange = inOrg(e, ctx.orgId, [
    eq(e.accountKind, POINTS),
    gte(e.createTime, dayStart(req.from, zone)),
    lt(e.createTime, sql`(${dayStart(req.to, zone)} + interval '1 day')`),
  ]);
  const day = sql<string>`to_char(${e.createTime} at time zone ${zone}, 'YYYY-MM-DD')`;
  const added = sql<number>`coalesce(sum(${e.amount}) filter (where ${e.amount} > 0), 0)`.mapWith(Number);
  const reduced = sql<number>`coalesce(-sum(${e.amount}) filter (where ${e.amount} < 0), 0)`.mapWith(Number);
  // By position: the zone is a parameter, and each use of it would be another one.
  const perDay = await ctx.db.select({ day, added, reduced }).from(e).where(inRange).groupBy(sql`1`);
  const byDay = new Map(perDay.map((d) => [d.day, d]));
  const days: PointSummary['days'] = [];
  for (let d = req.from; d <= req.to; d = nextDay(d)) {
    const found = byDay.get(d);
    days.push({ day: d, added: found?.added ?? 0, reduced: found?.reduced ?? 0 });
  }
  const [totals] = await ctx.db
    .select({ added, reduced, entries: sql<number>`count(*)`.mapWith(Number) })
    .from(e)
    .where(inRange);
  const [all] = await ctx.db
    .select({ balance: sql<number>`coalesce(sum(${lb.balance}), 0)`.mapWith(Number) })
    .from(lb)
    .where(inOrg(lb, ctx.orgId, [eq(lb.accountKind, POINTS)]));
  const earned = sql<number>`sum(${e.amount})`.mapWith(Number);
  // Earned: a cancelled redemption's points coming back are not.
  const earning = or(isNull(e.refKind), ne(e.refKind, 'goodsOrderCancel'));
  const top = await ctx.db
    .select({ userId: e.accountId, userName: users.userName, realName: users.realName, earned })
    .from(e)
    .innerJoin(users, sameOrg(users, e, [eq(users.id, e.accountId)]))
    .where(and(inRange, gt(e.amount, 0), earning))
    .groupBy(e.accountId, users.userName, users.realName)
    .orderBy(desc(earned), users.userName)
    .limit(TOP);
  return {
    days,
    totals: {
      added: totals?.added ?? 0,
      reduced: totals?.reduced ?? 0,
      entries: totals?.entries ?? 0,
      balance: all?.balance ?? 0,
    },
    topEarners: top.map((t) => ({ ...t, userId: Number(t.userId) })),
  };
}

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
