import {
  type CourseOrderItem,
  type CourseOrderStatus,
  courseOrderStatusLabels,
  isOperationAction,
  operationActionLabels,
} from '@lyceum/contract';
import { asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { invalidParams, notFound } from '../../platform/errors';
import { likePattern, type Values } from '../../platform/resource';
import { inOrg } from '../../platform/tenant-sql';
import { users } from '../user/user.table';
import { courseOrderItems, courseOrders } from './course-order.table';
import { paymentsOfOrders } from './course-order-payments';

// A course order as lists and its detail show it: the buyer's names, its courses (each with what
// went back for it), its payment attempts and refunds. Also the buyer's own order as their routes
// load it ("not found" for anyone else's) and the words of a refused move.

export async function decorateOrders(rows: Values[], ctx: RequestContext, db: DbOrTx = ctx.db): Promise<Values[]> {
  if (!rows.length) return rows;
  const orderIds = rows.map((r) => Number(r.id));
  const userIds = [...new Set(rows.map((r) => Number(r.userId)))];
  const [people, items, money] = await Promise.all([
    db
      .select({ id: users.id, userName: users.userName, realName: users.realName })
      .from(users)
      .where(inOrg(users, ctx.orgId, [inArray(users.id, userIds)])),
    db
      .select()
      .from(courseOrderItems)
      .where(inOrg(courseOrderItems, ctx.orgId, [inArray(courseOrderItems.orderId, orderIds)]))
      .orderBy(asc(courseOrderItems.id)),
    paymentsOfOrders(db, ctx.orgId, orderIds),
  ]);
  const who = new Map(people.map((p) => [Number(p.id), p]));
  return rows.map((r) => {
    const id = Number(r.id);
    const { payments = [], refunds = [] } = money.get(id) ?? {};
    const lines: CourseOrderItem[] = items
      .filter((x) => Number(x.orderId) === id)
      .map((x) => {
        const last = refunds.filter((f) => f.itemId === Number(x.id)).at(-1);
        return {
          id: Number(x.id),
          courseId: Number(x.courseId),
          title: x.title,
          price: Number(x.price),
          holds: x.holds,
          refundedAt: x.refundedAt?.toISOString() ?? null,
          refunded: Number(x.refunded),
          refundStatus: last?.status ?? null,
        };
      });
    const person = who.get(Number(r.userId));
    return {
      ...r,
      userName: person?.userName ?? '',
      realName: person?.realName ?? '',
      courses: lines.map((l) => l.title).join(', '),
      refunded: lines.reduce((sum, l) => sum + l.refunded, 0),
      items: lines,
      payments,
      refunds,
    };
  });
}

// The staff list's keyword: the order number, a course's title, or the buyer's name.
export function orderKeyword(value: string): SQL | undefined {
  const like = likePattern(value);
  const buyer = sql`exists (select 1 from ${users} where ${users.organizationId} = ${courseOrders.organizationId}
    and ${users.id} = ${courseOrders.userId} and (${users.userName} ilike ${like} or ${users.realName} ilike ${like}))`;
  const course = sql`exists (select 1 from ${courseOrderItems} where ${courseOrderItems.organizationId} = ${courseOrders.organizationId}
    and ${courseOrderItems.orderId} = ${courseOrders.id} and ${courseOrderItems.title} ilike ${like})`;
  return or(ilike(courseOrders.orderNo, like), buyer, course);
}

// Orders with a line for the course.
export const withCourse = (courseId: number): SQL =>
  sql`exists (select 1 from ${courseOrderItems} where ${courseOrderItems.organizationId} = ${courseOrders.organizationId}
    and ${courseOrderItems.orderId} = ${courseOrders.id} and ${courseOrderItems.courseId} = ${courseId})`;

export interface OwnOrder {
  id: number;
  orderNo: string;
  status: CourseOrderStatus;
  total: number;
  currency: string | null;
  expiresAt: Date;
}

// One of the caller's own orders; anyone else's (or none) is "not found", in the same words.
export async function ownOrder(db: DbOrTx, ctx: RequestContext, id: number): Promise<OwnOrder> {
  const [row] = await db
    .select({
      id: courseOrders.id,
      orderNo: courseOrders.orderNo,
      status: courseOrders.status,
      total: courseOrders.total,
      currency: courseOrders.currency,
      expiresAt: courseOrders.expiresAt,
    })
    .from(courseOrders)
    .where(inOrg(courseOrders, ctx.orgId, [eq(courseOrders.id, id), eq(courseOrders.userId, ctx.userId)]));
  if (!row) throw notFound('Course order');
  return { ...row, id: Number(row.id), total: Number(row.total), status: row.status as CourseOrderStatus };
}

// "cannot pay an expired course order" (501 naming status).
export function transitionRefusal(action: 'pay' | 'cancel' | 'refund', status: CourseOrderStatus) {
  const label = courseOrderStatusLabels[status];
  const state = label.en.toLowerCase();
  return invalidParams('status', 'transition', {
    action,
    a: /^[aeiou]/i.test(state) ? 'an' : 'a',
    state,
    entity: 'course order',
    actionZh: isOperationAction(action) ? operationActionLabels[action].zh : action,
    stateZh: label.zh,
  });
}
