import { courseOrderStatusLabels, priceKindLabels } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { bigint, boolean, char, check, index, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, enumCheck, idTable, keyId, stamps, tenantRefs } from '../../platform/columns';
import { courses } from '../course/course.table';
import { users } from '../user/user.table';

// Course orders (issue 33, second part): a member buys one or more priced courses, with money (a
// payment of the payment module, purpose "courseOrder") or with points (a ledger entry keyed
// `courseOrder:<id>`). Paid opens each course (enrolment source "order", the order's id as its
// source); a refund of one course closes that course only.
export const courseOrders = idTable(
  'course_orders',
  {
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    userId: keyId('user_id'),
    // 1 points, 2 money: every course of one order is priced the same way.
    priceKind: smallint('price_kind').notNull(),
    // The sum of the items: minor units of `currency`, or points.
    total: bigint('total', { mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 }),
    status: smallint('status').notNull().default(1),
    requestKey: varchar('request_key', { length: 64 }),
    // An order awaiting payment past this is expired by the job, after asking the provider.
    expiresAt: at('expires_at').notNull(),
    paidAt: at('paid_at'),
    closedAt: at('closed_at'),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('course_orders_no_uq').on(t.organizationId, t.orderNo),
    uniqueIndex('course_orders_request_uq')
      .on(t.organizationId, t.userId, t.requestKey)
      .where(sql`${t.requestKey} is not null`),
    index('course_orders_user_ix').on(t.organizationId, t.userId, t.status),
    index('course_orders_expiry_ix').on(t.organizationId, t.status, t.expiresAt),
    check('course_orders_total_ck', sql`${t.total} > 0`),
    check('course_orders_currency_ck', sql`(${t.priceKind} = 2) = (${t.currency} is not null)`),
    enumCheck('course_orders_status_ck', t.status, courseOrderStatusLabels),
    enumCheck('course_orders_price_kind_ck', t.priceKind, priceKindLabels),
    ...tenantRefs(t, [t.userId, users]),
  ],
);

// A course of an order, priced as it was bought. `holds` is true while the order awaits payment or
// is paid and this course is not refunded: a member holds at most one such line per course (the
// unique index), so two tabs cannot buy one course twice.
export const courseOrderItems = idTable(
  'course_order_items',
  {
    orderId: keyId('order_id'),
    userId: keyId('user_id'),
    courseId: keyId('course_id'),
    title: varchar('title', { length: 100 }).notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    holds: boolean('holds').notNull().default(true),
    refundedAt: at('refunded_at'),
    // What was given back for it (money in minor units, or points): the order's own book of what it
    // still holds (price less this), which reconciliation compares with the payments.
    refunded: bigint('refunded', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('course_order_items_line_uq').on(t.organizationId, t.orderId, t.courseId),
    uniqueIndex('course_order_items_holds_uq').on(t.organizationId, t.userId, t.courseId).where(sql`${t.holds}`),
    check('course_order_items_price_ck', sql`${t.price} > 0`),
    check('course_order_items_refunded_ck', sql`${t.refunded} >= 0 and ${t.refunded} <= ${t.price}`),
    ...tenantRefs(t, [t.orderId, courseOrders], [t.userId, users], [t.courseId, courses]),
  ],
);
