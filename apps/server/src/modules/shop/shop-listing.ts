import {
  GoodsOrderStatus,
  pageOf,
  pageOffset,
  type ShopPage,
  type ShopProduct,
  type zShopRequest,
} from '@lyceum/contract';
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import { likePattern } from '../../platform/resource';
import { inOrg } from '../../platform/tenant-sql';
import { productCategories } from '../catalogue/catalogue.table';
import { balanceOf } from '../ledger/ledger.service';
import { inProductCategory } from './product.resource';
import { goodsOrders, products } from './shop.table';
import { pointsAccount } from './shop-orders';

// The shop as a member sees it: the products on the shelf (sold-out ones too, at stock 0), each
// with what the caller has redeemed of it (orders not cancelled) and what the limit leaves them,
// and the caller's balance.

export async function shopPage(ctx: RequestContext, req: z.output<typeof zShopRequest>): Promise<ShopPage> {
  const like = req.keyword ? likePattern(req.keyword) : null;
  const where = inOrg(products, ctx.orgId, [
    eq(products.onShelf, true),
    req.categoryId ? inProductCategory(req.categoryId, ctx.orgId) : undefined,
    like ? or(ilike(products.name, like), ilike(products.description, like)) : undefined,
  ]);
  const [found, [{ total }], balance] = await Promise.all([
    ctx.db
      .select({
        id: products.id,
        name: products.name,
        description: products.description,
        categoryId: products.categoryId,
        categoryName: productCategories.name,
        imageUrls: products.imageUrls,
        pointsPrice: products.pointsPrice,
        stock: products.stock,
        sold: products.sold,
        limitPerStudent: products.limitPerStudent,
      })
      .from(products)
      .leftJoin(
        productCategories,
        and(
          eq(productCategories.organizationId, products.organizationId),
          eq(productCategories.id, products.categoryId),
        ),
      )
      .where(where)
      .orderBy(asc(products.sort), desc(products.id))
      .limit(req.pageSize)
      .offset(pageOffset(req)),
    ctx.db.select({ total: count() }).from(products).where(where),
    balanceOf(ctx.db, pointsAccount(ctx.orgId, ctx.userId)),
  ]);
  const ids = found.map((p) => Number(p.id));
  const bought = new Map<number, number>();
  if (ids.length) {
    const mine = await ctx.db
      .select({ id: goodsOrders.productId, n: sql<number>`sum(${goodsOrders.quantity})`.mapWith(Number) })
      .from(goodsOrders)
      .where(
        inOrg(goodsOrders, ctx.orgId, [
          eq(goodsOrders.userId, ctx.userId),
          inArray(goodsOrders.productId, ids),
          ne(goodsOrders.status, GoodsOrderStatus.Cancelled),
        ]),
      )
      .groupBy(goodsOrders.productId);
    for (const m of mine) bought.set(Number(m.id), m.n);
  }
  const list: ShopProduct[] = found.map((p) => {
    const n = bought.get(Number(p.id)) ?? 0;
    return {
      ...p,
      id: Number(p.id),
      categoryId: p.categoryId === null ? null : Number(p.categoryId),
      imageUrls: Array.isArray(p.imageUrls) ? (p.imageUrls as string[]) : [],
      bought: n,
      remaining: p.limitPerStudent === null ? null : Math.max(0, p.limitPerStudent - n),
    };
  });
  return { ...pageOf(list, Number(total), req), balance };
}
