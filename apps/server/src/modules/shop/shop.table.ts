import { goodsOrderStatusLabels, pointRuleKindLabels } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, enumCheck, idTable, keyId, refId, stamps, tenantRefs } from '../../platform/columns';
import { productCategories } from '../catalogue/catalogue.table';
import { users } from '../user/user.table';

// Points, products and goods orders (issue 33). Balances and entries are the ledger module's
// (account kind "points", the user's id); here: the rules that award points, the products and the
// orders redeemed with points.

// A rule that awards points by itself, once per person and thing (the ledger's idempotency key
// `rule:<rule>:<thing>:<user>`). `params` by kind: a task or course or exam to limit it to, a score
// band in per cent, a streak's days (checked by the contract's schema).
export const pointRules = idTable(
  'point_rules',
  {
    name: varchar('name', { length: 64 }).notNull(),
    kind: smallint('kind').notNull(),
    points: integer('points').notNull(),
    params: jsonb('params').notNull().default({}),
    enabled: boolean('enabled').notNull().default(true),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('point_rules_name_uq').on(t.organizationId, sql`lower(${t.name})`),
    check('point_rules_points_ck', sql`${t.points} > 0`),
    enumCheck('point_rules_kind_ck', t.kind, pointRuleKindLabels),
  ],
);

// A product of the points shop. Stock never goes below zero (the CHECK and the conditional update
// of a redemption); `sold` counts what orders took, given back by a cancel.
export const products = idTable(
  'products',
  {
    categoryId: refId('category_id'),
    name: varchar('name', { length: 100 }).notNull(),
    description: varchar('description', { length: 2000 }),
    // /api/file/N links: the cover first.
    imageUrls: jsonb('image_urls').notNull().default([]),
    pointsPrice: integer('points_price').notNull(),
    stock: integer('stock').notNull().default(0),
    sold: integer('sold').notNull().default(0),
    // At most this many per student over their orders not cancelled; null: no limit.
    limitPerStudent: integer('limit_per_student'),
    onShelf: boolean('on_shelf').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    ...stamps(),
  },
  (t) => [
    index('products_shelf_ix').on(t.organizationId, t.onShelf, t.sort),
    check('products_price_ck', sql`${t.pointsPrice} > 0`),
    check('products_stock_ck', sql`${t.stock} >= 0`),
    check('products_sold_ck', sql`${t.sold} >= 0`),
    check('products_limit_ck', sql`${t.limitPerStudent} is null or ${t.limitPerStudent} > 0`),
    ...tenantRefs(t, [t.categoryId, productCategories]),
  ],
);

// A redemption: the points it took are ledger entries keyed by the order (`goodsOrder:<id>`), the
// reversal of a cancel another (`goodsOrderCancel:<id>`). `requestKey` is the client's key of the
// redeem request, so a double click or a retried request makes one order.
export const goodsOrders = idTable(
  'goods_orders',
  {
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    userId: keyId('user_id'),
    productId: keyId('product_id'),
    // The product as it was redeemed (its name may change later).
    productName: varchar('product_name', { length: 100 }).notNull(),
    quantity: integer('quantity').notNull(),
    unitPoints: integer('unit_points').notNull(),
    totalPoints: integer('total_points').notNull(),
    status: smallint('status').notNull().default(1),
    // Where it goes (a class, the office's counter) or anything the student adds.
    note: varchar('note', { length: 200 }),
    requestKey: varchar('request_key', { length: 64 }),
    carrier: varchar('carrier', { length: 64 }),
    trackingNo: varchar('tracking_no', { length: 64 }),
    shippedAt: at('shipped_at'),
    shippedBy: refId('shipped_by'),
    completedAt: at('completed_at'),
    // Who completed it: the student on receipt, staff, or null when the job did after N days.
    completedBy: refId('completed_by'),
    cancelledAt: at('cancelled_at'),
    cancelledBy: refId('cancelled_by'),
    cancelReason: varchar('cancel_reason', { length: 200 }),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('goods_orders_no_uq').on(t.organizationId, t.orderNo),
    uniqueIndex('goods_orders_request_uq')
      .on(t.organizationId, t.userId, t.requestKey)
      .where(sql`${t.requestKey} is not null`),
    index('goods_orders_user_ix').on(t.organizationId, t.userId, t.productId),
    index('goods_orders_status_ix').on(t.organizationId, t.status, t.shippedAt),
    check('goods_orders_quantity_ck', sql`${t.quantity} > 0`),
    check('goods_orders_total_ck', sql`${t.totalPoints} = ${t.quantity} * ${t.unitPoints}`),
    enumCheck('goods_orders_status_ck', t.status, goodsOrderStatusLabels),
    ...tenantRefs(
      t,
      [t.userId, users],
      [t.productId, products],
      [t.shippedBy, users],
      [t.completedBy, users],
      [t.cancelledBy, users],
    ),
  ],
);
