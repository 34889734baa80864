import { ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { likePattern, type Values } from '../../platform/resource';
import { inOrg } from '../../platform/tenant-sql';
import { users } from '../user/user.table';
import { goodsOrders, products } from './shop.table';

// A goods order as lists show it: the student's names beside their id, and the product's cover as
// it is now (the name is the one kept on the order).

export async function decorateOrders(rows: Values[], ctx: RequestContext, db: DbOrTx = ctx.db): Promise<Values[]> {
  if (!rows.length) return rows;
  const ids = (key: string) => [...new Set(rows.map((r) => Number(r[key])))];
  const [people, covers] = await Promise.all([
    db
      .select({ id: users.id, userName: users.userName, realName: users.realName })
      .from(users)
      .where(inOrg(users, ctx.orgId, [inArray(users.id, ids('userId'))])),
    db
      .select({ id: products.id, imageUrls: products.imageUrls })
      .from(products)
      .where(inOrg(products, ctx.orgId, [inArray(products.id, ids('productId'))])),
  ]);
  const who = new Map(people.map((p) => [Number(p.id), p]));
  const cover = new Map(covers.map((p) => [Number(p.id), firstImage(p.imageUrls)]));
  return rows.map((r) => {
    const person = who.get(Number(r.userId));
    return {
      ...r,
      userName: person?.userName ?? '',
      realName: person?.realName ?? '',
      coverUrl: cover.get(Number(r.productId)) ?? null,
    };
  });
}

export function firstImage(urls: unknown): string | null {
  return Array.isArray(urls) && typeof urls[0] === 'string' ? urls[0] : null;
}

// The orders list's keyword: the order number, the product's name, or the student's name.
export function orderKeyword(value: string): SQL | undefined {
  const like = likePattern(value);
  const student = sql`exists (select 1 from ${users} where ${users.organizationId} = ${goodsOrders.organizationId}
    and ${users.id} = ${goodsOrders.userId} and (${users.userName} ilike ${like} or ${users.realName} ilike ${like}))`;
  return or(ilike(goodsOrders.orderNo, like), ilike(goodsOrders.productName, like), student);
}
