import { CourseOrderStatus, EnrolmentSource, PriceKind } from '@lyceum/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { DbOrTx, Tx } from '../../platform/db';
import { inOrg } from '../../platform/tenant-sql';
import { enrolUsers, removeOrderEnrolment } from '../course/course-enrol';
import { refreshEnrolments } from '../course/course-progress';
import type { PaymentRow, PurposeHandler, RefundRow } from '../payment/payment-purposes';
import { courseOrderItems, courseOrders } from './course-order.table';
import { tellBuyer } from './course-order-notices';
import { refundRunning } from './course-order-payments';

// A course order's money arriving and going back, as the payment module reports it (the purpose
// "courseOrder", registered in wiring.ts): paid opens every course of the order; a refund done
// closes exactly its course; the order's status follows its courses. Each handler runs inside the
// payment module's transaction that made the change, once.

const { AwaitingPayment, Paid, Refunding, Refunded, Expired, Cancelled } = CourseOrderStatus;
const o = courseOrders;
const i = courseOrderItems;

export interface OrderFacts {
  id: number;
  orderNo: string;
  userId: number;
  currency: string | null;
  total: number;
}

const titlesOf = async (db: DbOrTx, orgId: number, orderId: number, only?: number[]) =>
  db
    .select({ id: i.id, courseId: i.courseId, title: i.title, price: i.price })
    .from(i)
    .where(inOrg(i, orgId, [eq(i.orderId, orderId), only ? inArray(i.id, only) : undefined]))
    .orderBy(asc(i.id));

// Opens every course of a paid order for its buyer (enrolment source "order", the order its source;
// an enrolment that exists keeps its own source) and tells them.
export async function openCourses(tx: Tx, orgId: number, order: OrderFacts): Promise<void> {
  const items = await titlesOf(tx, orgId, order.id);
  for (const item of items) {
    const courseId = Number(item.courseId);
    await enrolUsers(tx, orgId, courseId, [order.userId], {
      source: EnrolmentSource.Order,
      sourceId: order.id,
      required: false,
    });
    await refreshEnrolments(tx, orgId, courseId, [order.userId]);
  }
  await tellBuyer(tx, orgId, order, 'courseOrderPaid', {
    name: items.map((x) => x.title).join(', '),
    amount: order.total,
  });
}

// The order's status from its courses, once no refund of it runs any more: every course refunded
// → refunded, else paid. Only from paid or refunding.
export async function settleOrder(tx: Tx, orgId: number, orderId: number): Promise<void> {
  if (await refundRunning(tx, orgId, orderId)) return;
  const anyOpen = sql`exists (select 1 from ${i} open_item where open_item.organization_id = ${o.organizationId}
    and open_item.order_id = ${o.id} and open_item.refunded_at is null)`;
  await tx
    .update(o)
    .set({
      status: sql`case when ${anyOpen} then ${Paid}::smallint else ${Refunded}::smallint end`,
      updateTime: clock.date(),
    })
    .where(inOrg(o, orgId, [eq(o.id, orderId), inArray(o.status, [Paid, Refunding])]));
}

// Closes one course of an order after its money or points went back: the line no longer holds it,
// what was given back is kept, and the enrolment the order made is removed. Answers the line, or
// null when it was refunded already.
export async function closeItem(tx: Tx, orgId: number, order: OrderFacts, itemId: number, amount: number) {
  const now = clock.date();
  const [item] = await tx
    .update(i)
    .set({ holds: false, refundedAt: now, refunded: amount })
    .where(inOrg(i, orgId, [eq(i.id, itemId), eq(i.orderId, order.id), isNull(i.refundedAt)]))
    .returning({ courseId: i.courseId, title: i.title });
  if (!item) return null;
  await removeOrderEnrolment(tx, orgId, Number(item.courseId), order.userId, order.id);
  return item;
}

async function factsOf(db: DbOrTx, orgId: number, orderId: number): Promise<OrderFacts | null> {
  const [row] = await db
    .select({ id: o.id, orderNo: o.orderNo, userId: o.userId, currency: o.currency, total: o.total })
    .from(o)
    .where(inOrg(o, orgId, [eq(o.id, orderId)]));
  return row ? { ...row, id: Number(row.id), userId: Number(row.userId), total: Number(row.total) } : null;
}

// Paid: awaiting → paid; or expired/cancelled → paid when the money arrived after all (it moved:
// the courses open; `closedAt` stays, so the order shows it was paid after it closed). Its lines
// hold their courses again, except one the buyer holds meanwhile in another order. A payment for
// an order paid already (a second tab) changes nothing here: its money shows in the order's
// payments, for staff to refund.
async function onPaid(tx: Tx, payment: PaymentRow): Promise<void> {
  const orgId = payment.organizationId;
  const [order] = await tx
    .update(o)
    .set({ status: Paid, paidAt: payment.paidAt ?? clock.date(), updateTime: clock.date() })
    .where(inOrg(o, orgId, [eq(o.id, payment.purposeId), inArray(o.status, [AwaitingPayment, Expired, Cancelled])]))
    .returning({ id: o.id, orderNo: o.orderNo, userId: o.userId, currency: o.currency, total: o.total });
  if (!order) return;
  await tx
    .update(i)
    .set({ holds: true })
    .where(
      inOrg(i, orgId, [
        eq(i.orderId, order.id),
        eq(i.holds, false),
        isNull(i.refundedAt),
        sql`not exists (select 1 from ${i} other where other.organization_id = ${i.organizationId}
          and other.user_id = ${i.userId} and other.course_id = ${i.courseId} and other.holds)`,
      ]),
    );
  await openCourses(tx, orgId, {
    id: Number(order.id),
    orderNo: order.orderNo,
    userId: Number(order.userId),
    currency: order.currency,
    total: Number(order.total),
  });
}

async function onRefunded(tx: Tx, refund: RefundRow, payment: PaymentRow): Promise<void> {
  const orgId = payment.organizationId;
  const order = await factsOf(tx, orgId, payment.purposeId);
  if (!order) return;
  const item = refund.itemId ? await closeItem(tx, orgId, order, Number(refund.itemId), Number(refund.amount)) : null;
  await settleOrder(tx, orgId, order.id);
  await tellBuyer(tx, orgId, order, 'refundDone', {
    name: item?.title ?? order.orderNo,
    amount: Number(refund.amount),
    reason: refund.reason,
  });
}

async function onRefundFailed(tx: Tx, refund: RefundRow, payment: PaymentRow): Promise<void> {
  const orgId = payment.organizationId;
  const order = await factsOf(tx, orgId, payment.purposeId);
  if (!order) return;
  await settleOrder(tx, orgId, order.id);
  const [item] = refund.itemId ? await titlesOf(tx, orgId, order.id, [Number(refund.itemId)]) : [];
  await tellBuyer(tx, orgId, order, 'refundFailed', {
    name: item?.title ?? order.orderNo,
    amount: Number(refund.amount),
    reason: refund.failReason ?? '',
  });
}

export const courseOrderPurpose: PurposeHandler = {
  onPaid,
  onRefunded,
  onRefundFailed,
  async describe(db, orgId, orderId) {
    const [row] = await db
      .select({ orderNo: o.orderNo, userId: o.userId, total: o.total, currency: o.currency })
      .from(o)
      .where(inOrg(o, orgId, [eq(o.id, orderId), eq(o.priceKind, PriceKind.Money)]));
    if (!row?.currency) return null;
    const titles = (await titlesOf(db, orgId, orderId)).map((x) => x.title).join(', ');
    return {
      subject: `Course order ${row.orderNo}: ${titles}`.slice(0, 200),
      payerId: Number(row.userId),
      amountDue: Number(row.total),
      currency: row.currency,
    };
  },
  // What paid money orders hold by their own book: each course's price less what went back.
  async heldMoney(db, orgId) {
    const rows = await db
      .select({
        currency: o.currency,
        amount: sql<number>`coalesce(sum(${i.price} - ${i.refunded}), 0)`.mapWith(Number),
      })
      .from(i)
      .innerJoin(o, and(eq(o.organizationId, i.organizationId), eq(o.id, i.orderId)))
      .where(inOrg(i, orgId, [eq(o.priceKind, PriceKind.Money), inArray(o.status, [Paid, Refunding, Refunded])]))
      .groupBy(o.currency);
    return rows.flatMap((r) => (r.currency ? [{ currency: r.currency, amount: r.amount }] : []));
  },
};
