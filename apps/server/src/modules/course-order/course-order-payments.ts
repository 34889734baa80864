import { type CourseOrderPayment, PaymentStatus, type Refund, RefundStatus } from '@lyceum/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { payments, refunds } from '../payment/payment.table';

// What course orders read of their payments: the attempts and refunds an order's detail shows, the
// paid one a refund goes through, the awaiting ones a cancel or the expiry closes, and whether a
// refund still runs. Read-only: every change goes through the payment module's service.

const PURPOSE = 'courseOrder';
const ofOrders = (orderIds: number[]) => and(eq(payments.purpose, PURPOSE), inArray(payments.purposeId, orderIds));
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function paymentsOfOrders(
  db: DbOrTx,
  orgId: number,
  orderIds: number[],
): Promise<Map<number, { payments: CourseOrderPayment[]; refunds: Refund[] }>> {
  const out = new Map<number, { payments: CourseOrderPayment[]; refunds: Refund[] }>();
  if (!orderIds.length) return out;
  const [paid, back] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(inOrg(payments, orgId, [ofOrders(orderIds)]))
      .orderBy(asc(payments.id)),
    db
      .select({ refund: refunds, orderId: payments.purposeId })
      .from(refunds)
      .innerJoin(payments, sameOrg(payments, refunds, [eq(payments.id, refunds.paymentId)]))
      .where(inOrg(refunds, orgId, [ofOrders(orderIds)]))
      .orderBy(asc(refunds.id)),
  ]);
  const entry = (id: number) => {
    const e = out.get(id) ?? { payments: [], refunds: [] };
    out.set(id, e);
    return e;
  };
  for (const p of paid) {
    entry(Number(p.purposeId)).payments.push({
      id: Number(p.id),
      paymentNo: p.paymentNo,
      provider: p.provider as CourseOrderPayment['provider'],
      method: p.method as CourseOrderPayment['method'],
      amount: Number(p.amount),
      currency: p.currency,
      status: p.status as CourseOrderPayment['status'],
      payUrl: p.payUrl,
      paidAt: iso(p.paidAt),
      closedAt: iso(p.closedAt),
      receiptNo: p.receiptNo,
      createTime: p.createTime.toISOString(),
    });
  }
  for (const { refund: r, orderId } of back) {
    entry(Number(orderId)).refunds.push({
      id: Number(r.id),
      refundNo: r.refundNo,
      paymentId: Number(r.paymentId),
      itemId: r.itemId === null ? null : Number(r.itemId),
      amount: Number(r.amount),
      status: r.status as Refund['status'],
      reason: r.reason,
      requestedBy: r.requestedBy === null ? null : Number(r.requestedBy),
      decidedBy: r.decidedBy === null ? null : Number(r.decidedBy),
      providerRefundNo: r.providerRefundNo,
      failReason: r.failReason,
      finishedAt: iso(r.finishedAt),
      createTime: r.createTime.toISOString(),
    });
  }
  return out;
}

// The order's payments in one state, oldest first.
export async function orderPayments(db: DbOrTx, orgId: number, orderId: number, status: PaymentStatus) {
  return db
    .select({ id: payments.id, provider: payments.provider })
    .from(payments)
    .where(inOrg(payments, orgId, [ofOrders([orderId]), eq(payments.status, status)]))
    .orderBy(asc(payments.id));
}

// The payment a refund of the order goes through: its first paid one.
export async function paidPaymentOf(db: DbOrTx, orgId: number, orderId: number): Promise<number | null> {
  const [p] = await orderPayments(db, orgId, orderId, PaymentStatus.Paid);
  return p ? Number(p.id) : null;
}

// Whether a refund of the order is still under way (neither done nor failed).
export async function refundRunning(db: DbOrTx, orgId: number, orderId: number): Promise<boolean> {
  const [hit] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .innerJoin(payments, sameOrg(payments, refunds, [eq(payments.id, refunds.paymentId)]))
    .where(inOrg(refunds, orgId, [ofOrders([orderId]), eq(refunds.status, RefundStatus.Refunding)]))
    .limit(1);
  return Boolean(hit);
}
