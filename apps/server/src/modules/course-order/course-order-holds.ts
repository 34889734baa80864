import { CourseOrderStatus } from '@lyceum/contract';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { courseOrderItems, courseOrders } from './course-order.table';

// What other modules ask of course orders: which of a member's courses wait in an order awaiting
// payment (the catalogue shows "Pay" instead of "Buy"), and the organisation's currency.

// Course id → the member's order awaiting payment that holds it.
export async function awaitingOrdersOf(
  db: DbOrTx,
  orgId: number,
  userId: number,
  courseIds: number[],
): Promise<Map<number, number>> {
  if (!courseIds.length) return new Map();
  const rows = await db
    .select({ courseId: courseOrderItems.courseId, orderId: courseOrderItems.orderId })
    .from(courseOrderItems)
    .innerJoin(courseOrders, sameOrg(courseOrders, courseOrderItems, [eq(courseOrders.id, courseOrderItems.orderId)]))
    .where(
      inOrg(courseOrderItems, orgId, [
        eq(courseOrderItems.userId, userId),
        eq(courseOrderItems.holds, true),
        inArray(courseOrderItems.courseId, courseIds),
        eq(courseOrders.status, CourseOrderStatus.AwaitingPayment),
      ]),
    );
  return new Map(rows.map((r) => [Number(r.courseId), Number(r.orderId)]));
}
