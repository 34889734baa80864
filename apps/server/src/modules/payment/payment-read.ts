import {
  type Payment,
  type PaymentPurpose,
  pageOf,
  pageOffset,
  type Refund,
  RefundStatus,
  type zMyPaymentsRequest,
  type zPaymentPageRequest,
} from '@lyceum/contract';
import { aliasedTable, and, desc, eq, getTableColumns, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import { hasAny } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { likePattern } from '../../platform/resource';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { orgTimeZone } from '../timetable/booking.service';
import { users } from '../user/user.table';
import { payments, refunds } from './payment.table';

// Payments as the API answers them: with the payer's and the bursar's names and the refunds done.
// Staff who read payments (payment:page, order:page) see the organisation's; everyone sees their
// own (a payment of another member is "not found").

export const STAFF_READ = ['payment:page', 'order:page'] as const;
const payer = aliasedTable(users, 'payer');
const bursar = aliasedTable(users, 'bursar');

const refunded = sql<number>`coalesce((select sum(r.amount) from ${refunds} r
  where r.organization_id = ${payments.organizationId} and r.payment_id = ${payments.id}
    and r.status = ${RefundStatus.Refunded}), 0)`.mapWith(Number);

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function query(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({ ...getTableColumns(payments), payerName: payer.realName, recordedByName: bursar.realName, refunded })
    .from(payments)
    .innerJoin(payer, sameOrg(payer, payments, [eq(payer.id, payments.payerId)]))
    .leftJoin(bursar, sameOrg(bursar, payments, [eq(bursar.id, payments.recordedBy)]))
    .where(where);
}

type Found = typeof payments.$inferSelect & { payerName: string; recordedByName: string | null; refunded: number };

function rowOf(p: Found): Payment {
  return {
    id: p.id,
    paymentNo: p.paymentNo,
    purpose: p.purpose as PaymentPurpose,
    purposeId: p.purposeId,
    payerId: p.payerId,
    payerName: p.payerName,
    provider: p.provider as Payment['provider'],
    method: p.method as Payment['method'],
    amount: p.amount,
    currency: p.currency,
    status: p.status as Payment['status'],
    providerTradeNo: p.providerTradeNo,
    // Where to pay, only while it can still be paid.
    payUrl: p.status === 1 ? p.payUrl : null,
    paidAt: iso(p.paidAt),
    closedAt: iso(p.closedAt),
    receiptNo: p.receiptNo,
    recordedBy: p.recordedBy,
    recordedByName: p.recordedByName ?? null,
    note: p.note,
    refunded: p.refunded,
    createTime: p.createTime.toISOString(),
  };
}

export function refundOf(r: typeof refunds.$inferSelect): Refund {
  return {
    id: r.id,
    refundNo: r.refundNo,
    paymentId: r.paymentId,
    itemId: r.itemId,
    amount: r.amount,
    status: r.status as Refund['status'],
    reason: r.reason,
    requestedBy: r.requestedBy,
    decidedBy: r.decidedBy,
    providerRefundNo: r.providerRefundNo,
    failReason: r.failReason,
    finishedAt: iso(r.finishedAt),
    createTime: r.createTime.toISOString(),
  };
}

async function refundsOf(db: DbOrTx, orgId: number, paymentIds: number[]): Promise<Map<number, Refund[]>> {
  const out = new Map<number, Refund[]>();
  if (!paymentIds.length) return out;
  const found = await db
    .select()
    .from(refunds)
    .where(inOrg(refunds, orgId, [inArray(refunds.paymentId, paymentIds)]))
    .orderBy(refunds.id);
  for (const r of found) out.set(r.paymentId, [...(out.get(r.paymentId) ?? []), refundOf(r)]);
  return out;
}

export async function paymentPage(ctx: RequestContext, req: z.output<typeof zPaymentPageRequest>) {
  const zone = req.from || req.to ? await orgTimeZone(ctx.db, ctx.orgId) : 'UTC';
  const kw = req.keyword ? likePattern(req.keyword) : null;
  const where = inOrg(payments, ctx.orgId, [
    req.provider ? eq(payments.provider, req.provider) : undefined,
    req.status ? eq(payments.status, req.status) : undefined,
    req.purpose ? eq(payments.purpose, req.purpose) : undefined,
    req.payerId ? eq(payments.payerId, req.payerId) : undefined,
    req.from ? gte(payments.createTime, sql`((${req.from}::date)::timestamp at time zone ${zone})`) : undefined,
    req.to ? lt(payments.createTime, sql`((${req.to}::date + 1)::timestamp at time zone ${zone})`) : undefined,
    kw
      ? or(
          ilike(payments.paymentNo, kw),
          ilike(payments.providerTradeNo, kw),
          ilike(payments.receiptNo, kw),
          ilike(payer.realName, kw),
          ilike(payer.userName, kw),
        )
      : undefined,
  ]);
  const [{ n }] = await ctx.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(payments)
    .innerJoin(payer, sameOrg(payer, payments, [eq(payer.id, payments.payerId)]))
    .where(where);
  const list = await query(ctx.db, where).orderBy(desc(payments.id)).limit(req.pageSize).offset(pageOffset(req));
  return pageOf(list.map(rowOf), n, req);
}

export async function myPayments(ctx: RequestContext, req: z.output<typeof zMyPaymentsRequest>) {
  const where = inOrg(payments, ctx.orgId, [
    eq(payments.payerId, ctx.userId),
    req.purpose ? eq(payments.purpose, req.purpose) : undefined,
  ]);
  const [{ n }] = await ctx.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(payments)
    .where(where);
  const list = (await query(ctx.db, where).orderBy(desc(payments.id)).limit(req.pageSize).offset(pageOffset(req))).map(
    rowOf,
  );
  const back = await refundsOf(
    ctx.db,
    ctx.orgId,
    list.map((p) => p.id),
  );
  return pageOf(
    list.map((p) => ({ ...p, refunds: back.get(p.id) ?? [] })),
    n,
    req,
  );
}

// One payment the caller may see: their own, or any of the organisation's for staff who read
// payments. Else "not found" (whether it exists is not said).
export async function readablePayment(ctx: RequestContext, id: number): Promise<Payment & { refunds: Refund[] }> {
  const own = hasAny(ctx, STAFF_READ) ? undefined : eq(payments.payerId, ctx.userId);
  const [found] = await query(ctx.db, and(inOrg(payments, ctx.orgId, [eq(payments.id, id)]), own));
  if (!found) throw notFound('payment');
  const back = await refundsOf(ctx.db, ctx.orgId, [id]);
  return { ...rowOf(found), refunds: back.get(id) ?? [] };
}

// The same payment as the API answers it, after a change (no access check: the caller has one).
export async function paymentAnswer(db: DbOrTx, orgId: number, id: number): Promise<Payment> {
  const [found] = await query(db, inOrg(payments, orgId, [eq(payments.id, id)]));
  if (!found) throw notFound('payment');
  return rowOf(found);
}
