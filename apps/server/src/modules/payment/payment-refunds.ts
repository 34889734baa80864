import { type PaymentPurpose, PaymentStatus, RefundStatus } from '@lyceum/contract';
import { eq, ne, sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { invalidParams, notFound } from '../../platform/errors';
import { inOrg } from '../../platform/tenant-sql';
import { payments, refunds } from './payment.table';
import { channelForPayment, isOnline, loadPayment } from './payment-core';
import { newRefundNo } from './payment-keys';
import { adapterFor, ProviderError, type RefundAnswer } from './payment-provider';
import { paymentPurposes, type RefundRow } from './payment-purposes';

// Refunds: asked for in the purpose's transaction with the payment's row held (so the refunds not
// failed never add up to more than the payment), then carried out after that commit: offline at
// once, online by the provider's refund (keyed by our refund number, so asking twice refunds once).
// Done or failed is a conditional update from "refunding", with the purpose's handler in the same
// transaction, once.

const { Refunding, Refunded, Failed } = RefundStatus;

export interface RequestRefundInput {
  paymentId: number;
  // The course order item refunded (one live refund per item: a second is refused).
  itemId?: number | null;
  amount: number;
  reason: string;
}

/**
 * Asks for a refund of (part of) a paid payment (`ctx.userId` is requestedBy): writes the refund
 * (status 1) in `tx` with the payment's row held, refusing (501 `refundTooMuch`, field amount) when
 * the refunds not failed would exceed the payment, (501 `paymentNotPaid`, field paymentId) when it
 * is not paid, (501 `refundItemTaken`, field itemId) when the item has a live refund. Commit `tx`,
 * then call processRefund with the refund's id.
 */
export async function requestRefund(tx: Tx, ctx: RequestContext, input: RequestRefundInput): Promise<RefundRow> {
  const [p] = await tx
    .select()
    .from(payments)
    .where(inOrg(payments, ctx.orgId, [eq(payments.id, input.paymentId)]))
    .for('update');
  if (!p) throw notFound('payment');
  if (p.status !== PaymentStatus.Paid) throw invalidParams('paymentId', 'paymentNotPaid');
  const live = inOrg(refunds, ctx.orgId, [eq(refunds.paymentId, p.id), ne(refunds.status, Failed)]);
  const [{ used }] = await tx
    .select({ used: sql<number>`coalesce(sum(${refunds.amount}), 0)`.mapWith(Number) })
    .from(refunds)
    .where(live);
  if (used + input.amount > p.amount)
    throw invalidParams('amount', 'refundTooMuch', { left: p.amount - used, currency: p.currency });
  if (input.itemId != null) {
    const [taken] = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(
        inOrg(refunds, ctx.orgId, [
          eq(refunds.paymentId, p.id),
          eq(refunds.itemId, input.itemId),
          ne(refunds.status, Failed),
        ]),
      );
    if (taken) throw invalidParams('itemId', 'refundItemTaken');
  }
  const [row] = await tx
    .insert(refunds)
    .values({
      organizationId: ctx.orgId,
      refundNo: newRefundNo(ctx.orgId),
      paymentId: p.id,
      itemId: input.itemId ?? null,
      amount: input.amount,
      status: Refunding,
      reason: input.reason.slice(0, 200),
      requestedBy: ctx.userId,
    })
    .returning();
  return row!;
}

async function loadRefund(db: DbOrTx, orgId: number, refundId: number): Promise<RefundRow> {
  const [r] = await db
    .select()
    .from(refunds)
    .where(inOrg(refunds, orgId, [eq(refunds.id, refundId)]));
  if (!r) throw notFound('refund');
  return r;
}

/**
 * Carries a requested refund out: offline, done at once (the bursar's say-so); test/alipay, by the
 * provider's refund. Done → status 2 and the purpose's onRefunded; refused by the provider → 3 and
 * onRefundFailed (each in the transaction of the conditional update, once). When the provider
 * cannot be reached, the refund stays 1 (refunding) and may be processed again (the provider's
 * refund is keyed by our refund number). Runs its own transactions: call it after the request's
 * commit. Answers the refund as it is now. (Test provider: a reason containing `[test:fail]` is
 * refused by it, for trying the failure path.)
 */
export async function processRefund(
  db: Db,
  orgId: number,
  refundId: number,
  decidedBy: number | null = null,
): Promise<RefundRow> {
  const r = await loadRefund(db, orgId, refundId);
  if (r.status !== Refunding) return r;
  const p = await loadPayment(db, orgId, r.paymentId);
  let answer: RefundAnswer = { ok: true };
  if (isOnline(p.provider)) {
    const ch = await channelForPayment(db, orgId, p.provider);
    if (!ch) return r;
    try {
      answer = await adapterFor(p.provider).refund(ch, {
        paymentNo: p.paymentNo,
        refundNo: r.refundNo,
        amount: r.amount,
        reason: r.reason,
      });
    } catch (err) {
      if (err instanceof ProviderError) return r;
      throw err;
    }
  }
  return db.transaction(async (tx) => {
    const [done] = await tx
      .update(refunds)
      .set({
        status: answer.ok ? Refunded : Failed,
        finishedAt: clock.date(),
        decidedBy,
        providerRefundNo: answer.ok ? (answer.providerRefundNo?.slice(0, 64) ?? null) : null,
        failReason: answer.ok ? null : answer.reason.slice(0, 200),
        updateTime: clock.date(),
      })
      .where(inOrg(refunds, orgId, [eq(refunds.id, r.id), eq(refunds.status, Refunding)]))
      .returning();
    if (!done) return loadRefund(tx, orgId, refundId);
    const handler = paymentPurposes.get(p.purpose as PaymentPurpose);
    if (answer.ok) await handler.onRefunded(tx, done, p);
    else await handler.onRefundFailed(tx, done, p);
    return done;
  });
}
