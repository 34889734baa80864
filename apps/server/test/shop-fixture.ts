import type { GoodsOrder, Product } from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import { balanceOf, post } from '../src/modules/ledger/ledger.service';
import { ledgerEntries } from '../src/modules/ledger/ledger.table';
import { products } from '../src/modules/shop/shop.table';
import { ok, type TestApp } from './harness';

// The points shop's test helpers (issue 33): points credited straight through the ledger (the
// points module's own routes are tested in points.test.ts), products made by staff, redemptions.

export const pointsOf = (t: TestApp, userId: number, orgId = t.ids.demo.orgId) =>
  balanceOf(t.database.db, { orgId, kind: 'points', id: userId });

export async function credit(t: TestApp, userId: number, amount: number, orgId = t.ids.demo.orgId): Promise<void> {
  await t.database.db.transaction((tx) =>
    post(tx, { orgId, kind: 'points', id: userId }, { amount, reason: 'Test points' }),
  );
}

let made = 0;
export async function makeProduct(t: TestApp, token: string, o: Record<string, unknown> = {}): Promise<Product> {
  made++;
  const body = { name: `Test product ${made}`, pointsPrice: 10, stock: 10, onShelf: true, ...o };
  return ok(await t.call<Product>('POST', '/api/product/create', { token, body }));
}

export const redeemOf = (t: TestApp, token: string, body: Record<string, unknown>) =>
  t.call<GoodsOrder>('POST', '/api/goodsOrder/redeem', { token, body });

export async function stockOf(t: TestApp, productId: number): Promise<{ stock: number; sold: number }> {
  const [row] = await t.database.db
    .select({ stock: products.stock, sold: products.sold })
    .from(products)
    .where(eq(products.id, productId));
  return { stock: Number(row?.stock), sold: Number(row?.sold) };
}

// The ledger's entries for one order or its reversal (by their keys).
export async function entriesFor(t: TestApp, key: string) {
  return t.database.db
    .select({
      amount: ledgerEntries.amount,
      accountId: ledgerEntries.accountId,
      operatorId: ledgerEntries.operatorId,
      refKind: ledgerEntries.refKind,
      refId: ledgerEntries.refId,
      balanceAfter: ledgerEntries.balanceAfter,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.accountKind, 'points'), eq(ledgerEntries.idemKey, key)));
}
