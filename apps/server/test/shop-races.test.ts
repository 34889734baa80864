import { GoodsOrderStatus } from '@lyceum/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../src/modules/ledger/ledger.table';
import { goodsOrders } from '../src/modules/shop/shop.table';
import { logins, userIds } from './exam-fixture';
import { createTestApp, ok, refused, type TestApp } from './harness';
import { credit, entriesFor, makeProduct, pointsOf, redeemOf, stockOf } from './shop-fixture';

// The points shop under races (issue 33), on PostgreSQL and on the embedded database: parallel
// redemptions never spend points twice nor sell stock that is not there, a retried request makes
// one order, and parallel cancels of one order reverse it once.

const SOME = ['s2026003', 's2026004', 's2026005', 's2026006', 's2026007', 's2026008', 's2026009', 's2026010'];
let t: TestApp;
let tok: Record<string, string>;
let id: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  const names = ['academic', 's2026001', 's2026002', ...SOME];
  tok = await logins(t, names);
  id = await userIds(t, names);
});
afterAll(() => t.close());

const ordersOf = async (productId: number) =>
  t.database.db
    .select({ id: goodsOrders.id, status: goodsOrders.status })
    .from(goodsOrders)
    .where(eq(goodsOrders.productId, productId));

describe('shop races', () => {
  it('20 redemptions at once of a 10-point product from 100 points: exactly 10, balance 0, stock down 10', async () => {
    await credit(t, id.s2026002, 100);
    const p = await makeProduct(t, tok.academic, { pointsPrice: 10, stock: 50 });
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => redeemOf(t, tok.s2026002, { productId: p.id, quantity: 1 })),
    );
    const won = replies.filter((r) => r.code === 1);
    expect(won).toHaveLength(10);
    for (const r of replies.filter((x) => x.code !== 1)) refused(r, 'insufficientBalance', 'quantity');
    expect(await pointsOf(t, id.s2026002)).toBe(0);
    const [{ n }] = await t.database.db
      .select({ n: count() })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.accountKind, 'points'),
          eq(ledgerEntries.accountId, id.s2026002),
          eq(ledgerEntries.refKind, 'goodsOrder'),
        ),
      );
    expect(Number(n)).toBe(10);
    expect(await stockOf(t, p.id)).toEqual({ stock: 40, sold: 10 });
    expect(await ordersOf(p.id)).toHaveLength(10);
  });

  it('50 redemptions at once by many students of a product with stock 5: exactly 5', async () => {
    await Promise.all(SOME.map((name) => credit(t, id[name]!, 100)));
    const p = await makeProduct(t, tok.academic, { pointsPrice: 7, stock: 5 });
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => redeemOf(t, tok[SOME[i % SOME.length]!]!, { productId: p.id, quantity: 1 })),
    );
    expect(replies.filter((r) => r.code === 1)).toHaveLength(5);
    for (const r of replies.filter((x) => x.code !== 1)) refused(r, 'outOfStock', 'quantity');
    expect(await stockOf(t, p.id)).toEqual({ stock: 0, sold: 5 });
    expect(await ordersOf(p.id)).toHaveLength(5);
    const balances = await Promise.all(SOME.map((name) => pointsOf(t, id[name]!)));
    expect(balances.reduce((a, b) => a + b, 0)).toBe(SOME.length * 100 - 5 * 7);
  });

  it('one order for a request key sent 5 times at once', async () => {
    await credit(t, id.s2026001, 100);
    const p = await makeProduct(t, tok.academic, { pointsPrice: 10, stock: 10 });
    const body = { productId: p.id, quantity: 1, requestKey: 'double-click-0001' };
    const replies = await Promise.all(Array.from({ length: 5 }, () => redeemOf(t, tok.s2026001, body)));
    const ids = new Set(replies.map((r) => ok(r).id));
    expect(ids.size).toBe(1);
    expect(await ordersOf(p.id)).toHaveLength(1);
    expect(await pointsOf(t, id.s2026001)).toBe(90);
    expect(await stockOf(t, p.id)).toEqual({ stock: 9, sold: 1 });
  });

  it('reverses an order once however many cancel it at once (staff and the owner)', async () => {
    const [order] = await t.database.db
      .select({ id: goodsOrders.id, productId: goodsOrders.productId })
      .from(goodsOrders)
      .where(and(eq(goodsOrders.userId, id.s2026001), eq(goodsOrders.status, GoodsOrderStatus.AwaitingShipment)));
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2
          ? t.call('POST', `/api/goodsOrder/cancel/${order!.id}`, { token: tok.academic, body: { reason: 'Race' } })
          : t.call('POST', `/api/goodsOrder/cancelMine/${order!.id}`, { token: tok.s2026001, body: {} }),
      ),
    );
    expect(replies.filter((r) => r.code === 1)).toHaveLength(1);
    for (const r of replies.filter((x) => x.code !== 1)) refused(r, 'transition', 'status');
    expect(await entriesFor(t, `goodsOrderCancel:${order!.id}`)).toHaveLength(1);
    expect(await pointsOf(t, id.s2026001)).toBe(100);
    expect(await stockOf(t, order!.productId)).toEqual({ stock: 10, sold: 0 });
  });
});
