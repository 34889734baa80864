import { CourseOrderStatus, PriceKind, type zCourseOrderRefund } from '@lyceum/contract';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { Tx } from '../../platform/db';
import { invalidParams, notFound } from '../../platform/errors';
import { inOrg } from '../../platform/tenant-sql';
import { post } from '../ledger/ledger.service';
import { processRefund, requestRefund } from '../payment/payment.service';
import { pointsAccount } from '../points/point-entries';
import { courseOrderItems, courseOrders } from './course-order.table';
import { tellBuyer } from './course-order-notices';
import { closeItem, type OrderFacts, settleOrder } from './course-order-paid';
import { paidPaymentOf } from './course-order-payments';
import { transitionRefusal } from './course-order-rows';

// Staff refund courses of a paid order, each on its own: paid → refunding while they run, then the
// order follows its courses (all refunded → refunded, else paid again; a failed refund leaves the
// course open). With the order's row held, so two refunds of one order run one after the other.
// - money: one refund per course through the payment module (capped there by what was paid; a
//   course's refund is capped here by its price), carried out after the commit; the payment
//   module's handlers close each course when its refund is done (course-order-paid.ts);
// - points: a reversing entry per course keyed `courseOrderRefund:<item>`, the course closed in the
//   same transaction.

type RefundInput = z.output<typeof zCourseOrderRefund>;
const { Paid, Refunding } = CourseOrderStatus;

interface Held extends OrderFacts {
  priceKind: PriceKind;
}

async function holdOrder(tx: Tx, ctx: RequestContext, id: number): Promise<Held> {
  const [row] = await tx
    .select({
      id: courseOrders.id,
      orderNo: courseOrders.orderNo,
      userId: courseOrders.userId,
      currency: courseOrders.currency,
      total: courseOrders.total,
      status: courseOrders.status,
      priceKind: courseOrders.priceKind,
    })
    .from(courseOrders)
    .where(inOrg(courseOrders, ctx.orgId, [eq(courseOrders.id, id)]))
    .for('update');
  if (!row) throw notFound('Course order');
  if (row.status !== Paid) throw transitionRefusal('refund', row.status as CourseOrderStatus);
  return {
    id: Number(row.id),
    orderNo: row.orderNo,
    userId: Number(row.userId),
    currency: row.currency,
    total: Number(row.total),
    priceKind: row.priceKind as PriceKind,
  };
}

// The courses asked for, each with what goes back for it.
async function linesToRefund(tx: Tx, ctx: RequestContext, order: Held, input: RefundInput) {
  const ids = [...new Set(input.itemIds)];
  const found = await tx
    .select({
      id: courseOrderItems.id,
      title: courseOrderItems.title,
      price: courseOrderItems.price,
      refundedAt: courseOrderItems.refundedAt,
    })
    .from(courseOrderItems)
    .where(
      inOrg(courseOrderItems, ctx.orgId, [eq(courseOrderItems.orderId, order.id), inArray(courseOrderItems.id, ids)]),
    );
  const open = new Map(found.filter((x) => !x.refundedAt).map((x) => [Number(x.id), x]));
  const bad = ids.filter((id) => !open.has(id));
  if (bad.length) throw invalidParams('itemIds', 'notItemOfOrder', { ids: bad.join(', ') });
  return ids.map((id) => {
    const line = open.get(id)!;
    const price = Number(line.price);
    const amount = input.amount ?? price;
    if (amount > price)
      throw invalidParams('amount', 'refundTooMuch', { left: price, currency: order.currency ?? 'points' });
    return { id, title: line.title, amount };
  });
}

async function refundPoints(tx: Tx, ctx: RequestContext, order: Held, input: RefundInput) {
  for (const line of await linesToRefund(tx, ctx, order, input)) {
    await post(tx, pointsAccount(ctx.orgId, order.userId), {
      amount: line.amount,
      reason: `Course order ${order.orderNo} refunded: ${line.title}`.slice(0, 200),
      ref: { kind: 'courseOrderRefund', id: order.id },
      operatorId: ctx.userId,
      idemKey: `courseOrderRefund:${line.id}`,
    });
    await closeItem(tx, ctx.orgId, order, line.id, line.amount);
    await tellBuyer(tx, ctx.orgId, order, 'refundDone', {
      name: line.title,
      amount: line.amount,
      reason: input.reason,
    });
  }
  await settleOrder(tx, ctx.orgId, order.id);
  return [];
}

// Writes the money refunds (status 1) with the order refunding; answers their ids.
async function requestMoney(tx: Tx, ctx: RequestContext, order: Held, input: RefundInput): Promise<number[]> {
  const lines = await linesToRefund(tx, ctx, order, input);
  const paymentId = await paidPaymentOf(tx, ctx.orgId, order.id);
  if (paymentId === null) throw invalidParams('status', 'paymentNotPaid');
  await tx
    .update(courseOrders)
    .set({ status: Refunding, updateTime: clock.date() })
    .where(inOrg(courseOrders, ctx.orgId, [eq(courseOrders.id, order.id), eq(courseOrders.status, Paid)]));
  const ids: number[] = [];
  for (const line of lines) {
    const refund = await requestRefund(tx, ctx, {
      paymentId,
      itemId: line.id,
      amount: line.amount,
      reason: input.reason,
    });
    ids.push(Number(refund.id));
  }
  return ids;
}

export async function refundOrder(ctx: RequestContext, id: number, input: RefundInput): Promise<void> {
  const refundIds = await ctx.db.transaction(async (tx) => {
    const order = await holdOrder(tx, ctx, id);
    return order.priceKind === PriceKind.Points
      ? refundPoints(tx, ctx, order, input)
      : requestMoney(tx, ctx, order, input);
  });
  // After the commit: each refund at its provider (a provider that cannot be reached leaves the
  // refund, and so the order, refunding until the refund is processed again).
  for (const refundId of refundIds) await processRefund(ctx.db, ctx.orgId, refundId, ctx.userId);
}
