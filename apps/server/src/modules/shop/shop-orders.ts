import {
  GoodsOrderStatus,
  goodsOrderStatusLabels,
  isOperationAction,
  operationActionLabels,
  type SystemNotice,
} from '@lyceum/contract';
import { eq, gte, sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx, Tx } from '../../platform/db';
import { invalidParams, notFound } from '../../platform/errors';
import type { Values } from '../../platform/resource';
import { inOrg } from '../../platform/tenant-sql';
import { type Account, post } from '../ledger/ledger.service';
import { idsQuery, sendNotice } from '../message/message-delivery';
import { goodsOrders, products } from './shop.table';

// A goods order's moves after its redemption: shipped (the student is told), completed (by the
// student on receipt, by staff, or by the hourly job), or cancelled before shipping (by staff, who
// tell the student, or by the student), which gives the stock and the points back in the same
// transaction. Every move is a compare-and-set on the status, so a second one finds it gone.

const { AwaitingShipment, Shipped, Completed, Cancelled } = GoodsOrderStatus;

// Points are the ledger's accounts of kind "points", one per member, keyed by their user id.
export const pointsAccount = (orgId: number, userId: number): Account => ({ orgId, kind: 'points', id: userId });

interface OrderFacts {
  id: number;
  userId: number;
  productId: number;
  productName: string;
  orderNo: string;
  quantity: number;
  totalPoints: number;
}
const factsOf = (row: Values): OrderFacts => ({
  id: Number(row.id),
  userId: Number(row.userId),
  productId: Number(row.productId),
  productName: String(row.productName),
  orderNo: String(row.orderNo),
  quantity: Number(row.quantity),
  totalPoints: Number(row.totalPoints),
});

// The stock and the points of a cancelled order go back: the product by a conditional update, the
// points by a reversal entry keyed to the order (a second reversal fails on the ledger's key).
async function giveBack(tx: DbOrTx, orgId: number, o: OrderFacts, operatorId: number): Promise<void> {
  const [back] = await tx
    .update(products)
    .set({ stock: sql`${products.stock} + ${o.quantity}`, sold: sql`${products.sold} - ${o.quantity}` })
    .where(inOrg(products, orgId, [eq(products.id, o.productId), gte(products.sold, o.quantity)]))
    .returning({ id: products.id });
  if (!back) throw new Error(`goods order ${o.id}: its product has sold fewer than ${o.quantity}`);
  await post(tx, pointsAccount(orgId, o.userId), {
    amount: o.totalPoints,
    reason: `Order ${o.orderNo} cancelled: ${o.productName} × ${o.quantity}`.slice(0, 200),
    ref: { kind: 'goodsOrderCancel', id: o.id },
    operatorId,
    idemKey: `goodsOrderCancel:${o.id}`,
  });
}

async function tellStudent(
  tx: Tx,
  orgId: number,
  o: OrderFacts,
  kind: SystemNotice,
  params: Record<string, string | number>,
): Promise<void> {
  await sendNotice(tx, orgId, {
    kind,
    params: { name: o.productName, orderNo: o.orderNo, quantity: o.quantity, ...params },
    to: idsQuery([o.userId]),
  });
}

// ---- the staff's actions (the engine holds the row and has checked its state) ----

export async function shipOrder(
  tx: Tx,
  row: Values,
  input: { carrier: string; trackingNo: string | null },
  ctx: RequestContext,
): Promise<Values> {
  const now = clock.date();
  await tellStudent(tx, ctx.orgId, factsOf(row), 'goodsOrderShipped', {
    carrier: input.carrier,
    trackingNo: input.trackingNo ?? '',
  });
  return {
    carrier: input.carrier,
    trackingNo: input.trackingNo,
    shippedAt: now,
    shippedBy: ctx.userId,
    updateTime: now,
  };
}

export async function completeOrder(_tx: Tx, _row: Values, _input: unknown, ctx: RequestContext): Promise<Values> {
  const now = clock.date();
  return { completedAt: now, completedBy: ctx.userId, updateTime: now };
}

export async function cancelOrder(
  tx: Tx,
  row: Values,
  input: { reason: string },
  ctx: RequestContext,
): Promise<Values> {
  const o = factsOf(row);
  await giveBack(tx, ctx.orgId, o, ctx.userId);
  await tellStudent(tx, ctx.orgId, o, 'goodsOrderCancelled', { points: o.totalPoints, reason: input.reason });
  const now = clock.date();
  return { cancelledAt: now, cancelledBy: ctx.userId, cancelReason: input.reason, updateTime: now };
}

// ---- the owner's own moves ----

const mine = (ctx: RequestContext, id: number, status: GoodsOrderStatus) =>
  inOrg(goodsOrders, ctx.orgId, [
    eq(goodsOrders.id, id),
    eq(goodsOrders.userId, ctx.userId),
    eq(goodsOrders.status, status),
  ]);

// Why the owner's move took nothing: not theirs (or no such order: the same words), or its state.
async function refusal(db: DbOrTx, ctx: RequestContext, id: number, action: 'receive' | 'cancelMine') {
  const [row] = await db
    .select({ status: goodsOrders.status })
    .from(goodsOrders)
    .where(inOrg(goodsOrders, ctx.orgId, [eq(goodsOrders.id, id), eq(goodsOrders.userId, ctx.userId)]));
  if (!row) return notFound('Goods order');
  const label = goodsOrderStatusLabels[row.status as GoodsOrderStatus];
  const state = label.en.toLowerCase();
  const verb = action === 'receive' ? 'receive' : 'cancel';
  return invalidParams('status', 'transition', {
    action: verb,
    a: /^[aeiou]/i.test(state) ? 'an' : 'a',
    state,
    entity: 'goods order',
    actionZh: isOperationAction(action) ? operationActionLabels[action].zh : verb,
    stateZh: label.zh,
  });
}

// The student confirms receipt: shipped → completed, by them.
export async function receiveMine(ctx: RequestContext, id: number): Promise<void> {
  const now = clock.date();
  const [done] = await ctx.db
    .update(goodsOrders)
    .set({ status: Completed, completedAt: now, completedBy: ctx.userId, updateTime: now })
    .where(mine(ctx, id, Shipped))
    .returning({ id: goodsOrders.id });
  if (!done) throw await refusal(ctx.db, ctx, id, 'receive');
}

// The student cancels before shipping: the status moves first (compare-and-set), then the stock and
// the points go back, all in one transaction; a parallel second cancel finds the status gone.
export async function cancelMine(ctx: RequestContext, id: number, reason: string | null): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const now = clock.date();
    const [row] = await tx
      .update(goodsOrders)
      .set({ status: Cancelled, cancelledAt: now, cancelledBy: ctx.userId, cancelReason: reason, updateTime: now })
      .where(mine(ctx, id, AwaitingShipment))
      .returning();
    if (!row) throw await refusal(tx, ctx, id, 'cancelMine');
    await giveBack(tx, ctx.orgId, factsOf(row as Values), ctx.userId);
  });
}
