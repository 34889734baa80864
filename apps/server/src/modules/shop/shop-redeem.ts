import { GoodsOrderStatus, type zRedeem } from '@lyceum/contract';
import { eq, gte, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx, Tx } from '../../platform/db';
import { AppError, invalidParams } from '../../platform/errors';
import { rows } from '../../platform/sql-rows';
import { inOrg } from '../../platform/tenant-sql';
import { holdAccount, post } from '../ledger/ledger.service';
import { wallClock } from '../timetable/local-time';
import { readSettings } from '../timetable/timetable-settings';
import { goodsOrders, products } from './shop.table';
import { pointsAccount } from './shop-orders';

// A redemption, in ONE transaction and without reading anything it then writes back:
// (1) the stock taken by a conditional update (none taken: unknown, off the shelf, or not enough);
// (2) the member's points balance row held, then their quantity of this product counted against
//     the limit per student (the hold makes one member's redemptions run one after another);
// (3) the points taken by the ledger's conditional debit, keyed to the order (not enough: nothing
//     of the transaction stays);
// (4) the order written. The same requestKey sent again answers the order the first one made (the
// unique index refuses a second; so does a refusal that comes after the first one's commit).

type RedeemInput = z.output<typeof zRedeem>;

// G + the day in the organisation's zone + six digits of the order's id.
async function orderNumber(tx: Tx, orgId: number, id: number): Promise<string> {
  const { timeZone } = await readSettings(tx, orgId);
  const day = wallClock(clock.date(), timeZone).day.replaceAll('-', '');
  return `G${day}${String(id % 1_000_000).padStart(6, '0')}`;
}

// Why the conditional update took no stock.
async function noStock(tx: Tx, ctx: RequestContext, input: RedeemInput): Promise<AppError> {
  const [p] = await tx
    .select({ onShelf: products.onShelf, stock: products.stock })
    .from(products)
    .where(inOrg(products, ctx.orgId, [eq(products.id, input.productId)]));
  if (!p) return invalidParams('productId', 'noSuchReference', { entity: 'product', ids: String(input.productId) });
  if (!p.onShelf) return invalidParams('productId', 'notOnShelf');
  return invalidParams('quantity', 'outOfStock', { stock: p.stock });
}

// The member's order made with this request key, if any.
async function byRequestKey(db: DbOrTx, ctx: RequestContext, key: string | undefined): Promise<number | null> {
  if (!key) return null;
  const [hit] = await db
    .select({ id: goodsOrders.id })
    .from(goodsOrders)
    .where(inOrg(goodsOrders, ctx.orgId, [eq(goodsOrders.userId, ctx.userId), eq(goodsOrders.requestKey, key)]));
  return hit ? Number(hit.id) : null;
}

async function redeemOnce(tx: Tx, ctx: RequestContext, input: RedeemInput): Promise<number> {
  const q = input.quantity;
  const [product] = await tx
    .update(products)
    .set({ stock: sql`${products.stock} - ${q}`, sold: sql`${products.sold} + ${q}` })
    .where(
      inOrg(products, ctx.orgId, [
        eq(products.id, input.productId),
        eq(products.onShelf, true),
        gte(products.stock, q),
      ]),
    )
    .returning({ name: products.name, price: products.pointsPrice, limit: products.limitPerStudent });
  if (!product) throw await noStock(tx, ctx, input);

  const account = pointsAccount(ctx.orgId, ctx.userId);
  await holdAccount(tx, account);
  // A retry that waited behind its first request finds the order that one made: nothing of this
  // transaction may stay (the stock it took), so it ends here and the first order is the answer.
  if (await byRequestKey(tx, ctx, input.requestKey)) throw new Error('repeated request key');
  if (product.limit !== null) {
    const [{ bought }] = await tx
      .select({ bought: sql<number>`coalesce(sum(${goodsOrders.quantity}), 0)`.mapWith(Number) })
      .from(goodsOrders)
      .where(
        inOrg(goodsOrders, ctx.orgId, [
          eq(goodsOrders.userId, ctx.userId),
          eq(goodsOrders.productId, input.productId),
          ne(goodsOrders.status, GoodsOrderStatus.Cancelled),
        ]),
      );
    if (bought + q > product.limit)
      throw invalidParams('quantity', 'overLimit', { limit: product.limit, bought: Number(bought) });
  }

  const [{ id }] = await rows<{ id: string | number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('goods_orders', 'id')) as id`,
  );
  const orderId = Number(id);
  const orderNo = await orderNumber(tx, ctx.orgId, orderId);
  const total = q * product.price;
  try {
    await post(tx, account, {
      amount: -total,
      reason: `Order ${orderNo}: ${product.name} × ${q}`.slice(0, 200),
      ref: { kind: 'goodsOrder', id: orderId },
      operatorId: ctx.userId,
      idemKey: `goodsOrder:${orderId}`,
    });
  } catch (err) {
    // Named on the quantity the member chose: fewer may still be affordable.
    if (err instanceof AppError && err.detail.key === 'insufficientBalance')
      throw invalidParams('quantity', 'insufficientBalance', err.detail.params as { balance: number; amount: number });
    throw err;
  }
  await tx.insert(goodsOrders).values({
    id: orderId,
    organizationId: ctx.orgId,
    orderNo,
    userId: ctx.userId,
    productId: input.productId,
    productName: product.name,
    quantity: q,
    unitPoints: product.price,
    totalPoints: total,
    status: GoodsOrderStatus.AwaitingShipment,
    note: input.note,
    requestKey: input.requestKey ?? null,
  });
  return orderId;
}

// Answers the id of the order the request made (or made before, for a repeated request key).
export async function redeem(ctx: RequestContext, input: RedeemInput): Promise<number> {
  const before = await byRequestKey(ctx.db, ctx, input.requestKey);
  if (before) return before;
  try {
    return await ctx.db.transaction((tx) => redeemOnce(tx, ctx, input));
  } catch (err) {
    // A request with the same key committed first (the unique index refused this one, or the stock
    // or the points it took were the last): its order is the answer.
    const first = await byRequestKey(ctx.db, ctx, input.requestKey);
    if (first) return first;
    throw err;
  }
}
