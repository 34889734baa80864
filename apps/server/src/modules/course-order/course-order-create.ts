import { COURSE_ORDER_EXPIRY_MINUTES, CourseOrderStatus, PriceKind, type zCourseOrderCreate } from '@lyceum/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx, Tx } from '../../platform/db';
import { PG_UNIQUE_VIOLATION, pgErrorOf } from '../../platform/db-errors';
import { AppError, invalidParams } from '../../platform/errors';
import { rows } from '../../platform/sql-rows';
import { inOrg } from '../../platform/tenant-sql';
import { enrolledAmong } from '../course/course-enrol';
import { saleLines } from '../course/course-sales';
import { post } from '../ledger/ledger.service';
import { pointsAccount } from '../points/point-entries';
import { orgCurrency } from '../system-config/system-config.service';
import { wallClock } from '../timetable/local-time';
import { readSettings } from '../timetable/timetable-settings';
import { courseOrderItems, courseOrders } from './course-order.table';
import { openCourses } from './course-order-paid';

// Buying courses, in ONE transaction: the courses checked (published, priced alike, not held by
// the buyer), the order and its lines written (the lines' partial unique index refuses a course the
// buyer holds in another live order: two tabs cannot buy one course twice), and then
// - points: paid at once by the ledger's conditional debit keyed to the order, the courses opened;
// - money: the order awaits a payment for COURSE_ORDER_EXPIRY_MINUTES.
// The same requestKey sent again answers the order the first one made.

type CreateInput = z.output<typeof zCourseOrderCreate>;
const HOLDS_INDEX = 'course_order_items_holds_uq';
const REQUEST_INDEX = 'course_orders_request_uq';
const MINUTE = 60_000;

// C + the day in the organisation's zone + six digits of the order's id.
async function orderNumber(tx: Tx, orgId: number, id: number): Promise<string> {
  const { timeZone } = await readSettings(tx, orgId);
  const day = wallClock(clock.date(), timeZone).day.replaceAll('-', '');
  return `C${day}${String(id % 1_000_000).padStart(6, '0')}`;
}

async function byRequestKey(db: DbOrTx, ctx: RequestContext, key: string | undefined): Promise<number | null> {
  if (!key) return null;
  const [hit] = await db
    .select({ id: courseOrders.id })
    .from(courseOrders)
    .where(inOrg(courseOrders, ctx.orgId, [eq(courseOrders.userId, ctx.userId), eq(courseOrders.requestKey, key)]));
  return hit ? Number(hit.id) : null;
}

interface Line {
  id: number;
  title: string;
  priceKind: PriceKind;
  price: number;
}

// The courses as they are sold now, refusing what cannot be bought (501 naming courseIds).
async function linesOf(tx: Tx, ctx: RequestContext, ids: number[]): Promise<Line[]> {
  const found = await saleLines(tx, ctx.orgId, ids);
  const byId = new Map(found.map((c) => [c.id, c]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length)
    throw invalidParams('courseIds', 'noSuchReference', { entity: 'course', ids: missing.join(', ') });
  const lines = ids.map((id) => byId.get(id)!);
  const unsold = lines.find((c) => !c.sellable);
  if (unsold) throw invalidParams('courseIds', 'courseNotForSale', { title: unsold.title });
  if (new Set(lines.map((c) => c.priceKind)).size > 1) throw invalidParams('courseIds', 'mixedPriceKinds');
  const owned = await enrolledAmong(tx, ctx.orgId, ctx.userId, ids);
  const had = lines.find((c) => owned.has(c.id));
  if (had) throw invalidParams('courseIds', 'courseAlreadyOwned', { title: had.title });
  return lines.map((c) => ({ id: c.id, title: c.title, priceKind: c.priceKind as PriceKind, price: c.price }));
}

async function createOnce(tx: Tx, ctx: RequestContext, input: CreateInput): Promise<number> {
  const ids = [...new Set(input.courseIds)];
  const lines = await linesOf(tx, ctx, ids);
  const kind = lines[0]!.priceKind;
  const total = lines.reduce((sum, l) => sum + l.price, 0);
  const [{ id }] = await rows<{ id: string | number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('course_orders', 'id')) as id`,
  );
  const orderId = Number(id);
  const orderNo = await orderNumber(tx, ctx.orgId, orderId);
  const now = clock.date();
  const points = kind === PriceKind.Points;
  const currency = points ? null : await orgCurrency(tx, ctx.orgId);
  await tx.insert(courseOrders).values({
    id: orderId,
    organizationId: ctx.orgId,
    orderNo,
    userId: ctx.userId,
    priceKind: kind,
    total,
    currency,
    status: points ? CourseOrderStatus.Paid : CourseOrderStatus.AwaitingPayment,
    requestKey: input.requestKey ?? null,
    expiresAt: points ? now : new Date(now.getTime() + COURSE_ORDER_EXPIRY_MINUTES * MINUTE),
    paidAt: points ? now : null,
  });
  await tx.insert(courseOrderItems).values(
    lines.map((l) => ({
      organizationId: ctx.orgId,
      orderId,
      userId: ctx.userId,
      courseId: l.id,
      title: l.title.slice(0, 100),
      price: l.price,
    })),
  );
  if (!points) return orderId;
  try {
    await post(tx, pointsAccount(ctx.orgId, ctx.userId), {
      amount: -total,
      reason: `Course order ${orderNo}: ${lines.map((l) => l.title).join(', ')}`.slice(0, 200),
      ref: { kind: 'courseOrder', id: orderId },
      operatorId: ctx.userId,
      idemKey: `courseOrder:${orderId}`,
    });
  } catch (err) {
    if (err instanceof AppError && err.detail.key === 'insufficientBalance')
      throw invalidParams('courseIds', 'insufficientBalance', err.detail.params as { balance: number; amount: number });
    throw err;
  }
  await openCourses(tx, ctx.orgId, { id: orderId, orderNo, userId: ctx.userId, currency: null, total });
  return orderId;
}

// The course a clash on the lines' unique index is about (its detail names the key's values).
async function heldCourse(ctx: RequestContext, input: CreateInput, err: unknown): Promise<AppError | null> {
  const pg = pgErrorOf(err);
  if (pg?.code !== PG_UNIQUE_VIOLATION || pg.constraint !== HOLDS_INDEX) return null;
  const [held] = await ctx.db
    .select({ title: courseOrderItems.title })
    .from(courseOrderItems)
    .where(
      inOrg(courseOrderItems, ctx.orgId, [
        eq(courseOrderItems.userId, ctx.userId),
        eq(courseOrderItems.holds, true),
        inArray(courseOrderItems.courseId, input.courseIds),
      ]),
    )
    .limit(1);
  return invalidParams('courseIds', 'courseAlreadyOwned', { title: held?.title ?? String(input.courseIds[0]) });
}

// Answers the id of the order the request made (or made before, for a repeated request key).
export async function createOrder(ctx: RequestContext, input: CreateInput): Promise<number> {
  const before = await byRequestKey(ctx.db, ctx, input.requestKey);
  if (before) return before;
  try {
    return await ctx.db.transaction((tx) => createOnce(tx, ctx, input));
  } catch (err) {
    // A request with the same key committed first: its order is the answer.
    const first = await byRequestKey(ctx.db, ctx, input.requestKey);
    if (first) return first;
    if (pgErrorOf(err)?.constraint === REQUEST_INDEX) throw err;
    throw (await heldCourse(ctx, input, err)) ?? err;
  }
}
