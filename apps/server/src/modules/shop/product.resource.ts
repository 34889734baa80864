import { productDecl, productMeta } from '@lyceum/contract';
import { asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { businessError } from '../../platform/errors';
import { createResource, fromDecl, type Values } from '../../platform/resource';
import { allows } from '../../platform/route';
import { inOrg } from '../../platform/tenant-sql';
import { productCategories } from '../catalogue/catalogue.table';
import { goodsOrders, products } from './shop.table';

// The shop's products (issue 33), written by staff with product:* (the CRUD buttons of the
// Products page). Stock moves by redemptions and cancels (conditional updates in their own
// transactions); `sold` is never written here. A product with orders stays: it goes off the shelf.

// Pictures are read by whoever may see the product: staff with product:page, members while it is
// on the shelf (the shop), and anyone who redeemed it (their orders show its cover).
async function readsProductFiles(ctx: RequestContext, ids: number[]): Promise<boolean> {
  const mine = sql`exists (select 1 from ${goodsOrders} where ${goodsOrders.organizationId} = ${products.organizationId}
    and ${goodsOrders.productId} = ${products.id} and ${goodsOrders.userId} = ${ctx.userId})`;
  const staff = allows(ctx, productDecl.access.read);
  const [hit] = await ctx.db
    .select({ id: products.id })
    .from(products)
    .where(
      inOrg(products, ctx.orgId, [inArray(products.id, ids), staff ? undefined : or(eq(products.onShelf, true), mine)]),
    )
    .limit(1);
  return Boolean(hit);
}

// A category with the categories below it (the shop's and the list's category filter).
export const inProductCategory = (id: number, orgId: number) =>
  sql`${products.categoryId} in (with recursive c(id) as (select ${id}::bigint
      union select x.id from ${productCategories} x join c on x.parent_id = c.id where x.organization_id = ${orgId})
    select id from c)`;

async function decorateProducts(rows: Values[], ctx: RequestContext): Promise<Values[]> {
  const ids = [...new Set(rows.map((r) => r.categoryId).filter((v): v is number => typeof v === 'number'))];
  const found = ids.length
    ? await ctx.db
        .select({ id: productCategories.id, name: productCategories.name })
        .from(productCategories)
        .where(inOrg(productCategories, ctx.orgId, [inArray(productCategories.id, ids)]))
    : [];
  const names = new Map(found.map((c) => [Number(c.id), c.name]));
  return rows.map((r) => ({ ...r, categoryName: names.get(Number(r.categoryId)) ?? null }));
}

export const productResource = createResource({
  ...fromDecl(productDecl),
  meta: productMeta,
  table: products,
  files: ['imageUrls'],
  fileReaders: readsProductFiles,
  search: [products.name, products.description],
  filters: { categoryId: (id, ctx) => inProductCategory(id, ctx.orgId) },
  sort: {
    default: [asc(products.sort), desc(products.id)],
    fields: {
      name: products.name,
      pointsPrice: products.pointsPrice,
      stock: products.stock,
      sort: products.sort,
      createTime: products.createTime,
    },
  },
  references: { categoryId: { table: productCategories, label: 'product category' } },
  hooks: {
    // The stock moves by what the editor changed, in the statement that writes it, so a redemption
    // made while the form was open is not undone; taking away more than is left leaves none.
    values: (input, _ctx, mode) => {
      const { stockWas, ...rest } = input as typeof input & { stockWas?: number };
      if (mode !== 'update' || stockWas === undefined) return { ...rest, updateTime: clock.date() };
      const delta = Number(rest.stock) - stockWas;
      return { ...rest, stock: sql`greatest(0, ${products.stock} + ${delta})`, updateTime: clock.date() };
    },
    // Orders name their product: one with orders is taken off the shelf, never deleted (the orders'
    // foreign key refuses it anyway, should one arrive between this check and the delete).
    async beforeDelete(ctx, ids, rows) {
      const ordered = await ctx.db
        .selectDistinct({ id: goodsOrders.productId })
        .from(goodsOrders)
        .where(inOrg(goodsOrders, ctx.orgId, [inArray(goodsOrders.productId, ids)]));
      const used = new Set(ordered.map((o) => Number(o.id)));
      const names = rows.filter((r) => used.has(Number(r.id))).map((r) => `«${String(r.name)}»`);
      if (names.length) throw businessError('productHasOrders', { names: names.join(', ') });
    },
    decorate: decorateProducts,
  },
});
