import { CourseOrderStatus, PaymentStatus } from '@lyceum/contract';
import { and, asc, eq, lte } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { Db } from '../../platform/db';
import type { JobRunner } from '../../platform/jobs';
import { inOrg } from '../../platform/tenant-sql';
import { closePayment } from '../payment/payment.service';
import { courseOrderItems, courseOrders } from './course-order.table';
import { orderPayments } from './course-order-payments';
import { ownOrder, transitionRefusal } from './course-order-rows';

// An order awaiting payment closes in two ways: the buyer cancels it (→ 6) or the minute job expires
// it past its time (→ 5). Either way every payment still awaiting is closed first through the
// payment module, which asks the provider: when one was paid there, it is applied (the order becomes
// paid by the purpose's handler) and the order is not closed. The move itself is a compare-and-set
// from "awaiting payment", so a payment applied meanwhile wins.

const { AwaitingPayment, Paid, Expired, Cancelled } = CourseOrderStatus;
export const COURSE_ORDER_EXPIRY_JOB = 'courseOrder.expire';
const BATCH = 200;

// Closes the order's awaiting payments; answers true when a provider said one was paid.
export async function closeOpenPayments(db: Db, orgId: number, orderId: number, except?: string): Promise<boolean> {
  const open = await orderPayments(db, orgId, orderId, PaymentStatus.Awaiting);
  let paid = false;
  for (const p of open) {
    if (except && p.provider === except) continue;
    if ((await closePayment(db, orgId, Number(p.id))) === 'paid') paid = true;
  }
  return paid;
}

// Awaiting payment → `to`, its lines no longer holding their courses. Answers whether it moved.
async function closeOrder(db: Db, orgId: number, orderId: number, to: typeof Expired | typeof Cancelled) {
  return db.transaction(async (tx) => {
    const now = clock.date();
    const [moved] = await tx
      .update(courseOrders)
      .set({ status: to, closedAt: now, updateTime: now })
      .where(inOrg(courseOrders, orgId, [eq(courseOrders.id, orderId), eq(courseOrders.status, AwaitingPayment)]))
      .returning({ id: courseOrders.id });
    if (!moved) return false;
    await tx
      .update(courseOrderItems)
      .set({ holds: false })
      .where(inOrg(courseOrderItems, orgId, [eq(courseOrderItems.orderId, orderId)]));
    return true;
  });
}

// The buyer cancels: answers whether the order turned out paid instead.
export async function cancelMine(ctx: RequestContext, id: number): Promise<boolean> {
  const order = await ownOrder(ctx.db, ctx, id);
  if (order.status !== AwaitingPayment) throw transitionRefusal('cancel', order.status);
  if (await closeOpenPayments(ctx.db, ctx.orgId, id)) return true;
  if (await closeOrder(ctx.db, ctx.orgId, id, Cancelled)) return false;
  const now = await ownOrder(ctx.db, ctx, id);
  if (now.status === Paid) return true;
  throw transitionRefusal('cancel', now.status);
}

// Orders awaiting payment past their time, across organisations, oldest first. An order whose
// provider cannot be asked now stays as it is until the next run (never expired unasked).
// `unanswered` counts the orders left for the next run (the job's result, in its log).
export async function expireOrders(
  db: Db,
  now = clock.date(),
): Promise<{ expired: number; paid: number; unanswered: number }> {
  const due = await db
    .select({ id: courseOrders.id, orgId: courseOrders.organizationId })
    .from(courseOrders)
    .where(and(eq(courseOrders.status, AwaitingPayment), lte(courseOrders.expiresAt, now)))
    .orderBy(asc(courseOrders.expiresAt))
    .limit(BATCH);
  const done = { expired: 0, paid: 0, unanswered: 0 };
  for (const o of due) {
    const orgId = Number(o.orgId);
    const id = Number(o.id);
    const paid = await closeOpenPayments(db, orgId, id).catch(() => null);
    if (paid === null) {
      done.unanswered++;
      continue;
    }
    if (paid) done.paid++;
    else if (await closeOrder(db, orgId, id, Expired)) done.expired++;
  }
  return done;
}

export function registerCourseOrderJobs(runner: JobRunner, db: Db): void {
  runner.register(COURSE_ORDER_EXPIRY_JOB, { run: async () => expireOrders(db) });
  runner.every(COURSE_ORDER_EXPIRY_JOB, 60_000);
}
