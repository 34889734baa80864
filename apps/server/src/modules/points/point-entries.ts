import {
  type MyPoints,
  PointAction,
  type PointEntry,
  pageOf,
  pageOffset,
  type zMyPointsRequest,
  type zPointLedgerFilter,
  type zPointLedgerRequest,
} from '@lyceum/contract';
import { count, desc, eq, gt, gte, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { balanceOf } from '../ledger/ledger.service';
import { ledgerEntries as e } from '../ledger/ledger.table';
import { orgTimeZone } from '../timetable/booking.service';
import { keywordMatch } from '../user/user.service';
import { users } from '../user/user.table';

// The points ledger as people read it: entries with the names of whose account it is and who made
// them, newest first; filtered by person, action (the sign), business and days of the organisation.

export const POINTS = 'points';
export const pointsAccount = (orgId: number, userId: number) => ({ orgId, kind: POINTS, id: userId });

const operator = alias(users, 'operator');
const columns = {
  id: e.id,
  userId: e.accountId,
  userName: users.userName,
  realName: users.realName,
  amount: e.amount,
  balanceAfter: e.balanceAfter,
  business: e.refKind,
  refId: e.refId,
  remark: e.reason,
  operatorId: e.operatorId,
  operatorName: operator.realName,
  createTime: e.createTime,
};
type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] | null };

function toEntry(r: Row): PointEntry {
  const amount = Number(r.amount);
  return {
    id: Number(r.id),
    userId: Number(r.userId),
    userName: r.userName ?? '',
    realName: r.realName ?? '',
    action: amount > 0 ? PointAction.Add : PointAction.Reduce,
    amount,
    balanceAfter: Number(r.balanceAfter),
    business: r.business,
    refId: r.refId === null ? null : Number(r.refId),
    remark: r.remark ?? '',
    operatorId: r.operatorId === null ? null : Number(r.operatorId),
    operatorName: r.operatorName,
    createTime: (r.createTime ?? new Date(0)).toISOString(),
  };
}

// The start of a day (YYYY-MM-DD) in the organisation's zone, as an instant.
export const dayStart = (day: string, zone: string) => sql`((${day}::date)::timestamp at time zone ${zone})`;
const dayEnd = (day: string, zone: string) => sql`((${day}::date + 1)::timestamp at time zone ${zone})`;

async function conditions(db: DbOrTx, orgId: number, f: z.output<typeof zPointLedgerFilter>) {
  const zone = f.from || f.to ? await orgTimeZone(db, orgId) : 'UTC';
  return inOrg(e, orgId, [
    eq(e.accountKind, POINTS),
    f.userId ? eq(e.accountId, f.userId) : undefined,
    f.keyword ? keywordMatch(f.keyword) : undefined,
    f.action === PointAction.Add ? gt(e.amount, 0) : f.action === PointAction.Reduce ? lt(e.amount, 0) : undefined,
    f.business ? eq(e.refKind, f.business) : undefined,
    f.from ? gte(e.createTime, dayStart(f.from, zone)) : undefined,
    f.to ? lt(e.createTime, dayEnd(f.to, zone)) : undefined,
  ]);
}

function entryQuery(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(columns)
    .from(e)
    .leftJoin(users, sameOrg(users, e, [eq(users.id, e.accountId)]))
    .leftJoin(operator, sameOrg(operator, e, [eq(operator.id, e.operatorId)]))
    .where(where);
}

async function entryPage(db: DbOrTx, where: SQL | undefined, req: { pageIndex: number; pageSize: number }) {
  const list = await entryQuery(db, where).orderBy(desc(e.id)).limit(req.pageSize).offset(pageOffset(req));
  const [total] = await db
    .select({ n: count() })
    .from(e)
    .leftJoin(users, sameOrg(users, e, [eq(users.id, e.accountId)]))
    .where(where);
  return pageOf(list.map(toEntry), Number(total?.n ?? 0), req);
}

// One entry with its names (what an adjustment answers).
export async function entryById(db: DbOrTx, orgId: number, id: number): Promise<PointEntry> {
  const [row] = await entryQuery(db, inOrg(e, orgId, [eq(e.accountKind, POINTS), eq(e.id, id)]));
  if (!row) throw new Error(`points entry ${id} not found`);
  return toEntry(row);
}

// The caller's own balance and entries: a student's, or anyone's who holds points.
export async function myPoints(ctx: RequestContext, req: z.output<typeof zMyPointsRequest>): Promise<MyPoints> {
  const where = inOrg(e, ctx.orgId, [eq(e.accountKind, POINTS), eq(e.accountId, ctx.userId)]);
  const page = await entryPage(ctx.db, where, req);
  return { ...page, balance: await balanceOf(ctx.db, pointsAccount(ctx.orgId, ctx.userId)) };
}

export async function ledgerPage(ctx: RequestContext, req: z.output<typeof zPointLedgerRequest>) {
  return entryPage(ctx.db, await conditions(ctx.db, ctx.orgId, req), req);
}

// The entries an export writes, newest first.
export async function ledgerRows(
  ctx: RequestContext,
  f: z.output<typeof zPointLedgerFilter>,
  limit: number,
): Promise<PointEntry[]> {
  const where = await conditions(ctx.db, ctx.orgId, f);
  const list = await entryQuery(ctx.db, where).orderBy(desc(e.id)).limit(limit);
  return list.map(toEntry);
}
