import { type CourseOrder, CourseOrderStatus, type PayAnswer, PaymentStatus } from '@lyceum/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseEnrolments } from '../src/modules/course/course.table';
import { courseOrders } from '../src/modules/course-order/course-order.table';
import { messageReceipts, messages } from '../src/modules/message/message.table';
import { paymentNotifications, payments } from '../src/modules/payment/payment.table';
import { testNotification } from '../src/modules/payment/test-provider';
import { buy, byOrder, enrolmentOf, orderOf, pricedCourse } from './course-order-fixture';
import { logins, userIds } from './exam-fixture';
import { createTestApp, ok, refused, type TestApp } from './harness';

// Course orders under races (issue 33, second part), on PostgreSQL and on the embedded database:
// one provider notification posted twenty times at once makes one payment paid, one enrolment and
// one notice; twenty purchases of one course at once by one member make one order.

let t: TestApp;
let tok: Record<string, string>;
let id: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  const names = ['admin', 'academic', 's2026006', 's2026007'];
  tok = await logins(t, names);
  id = await userIds(t, names);
  const channel = await t.call('POST', '/api/paymentChannel/create', {
    token: tok.admin,
    body: { provider: 'test', name: 'Test payments', enabled: true },
  });
  ok(channel);
});
afterAll(() => t.close());

describe('course order races', () => {
  it('the same notification twenty times at once: one payment paid, one enrolment, one notice', async () => {
    const course = await pricedCourse(t, id.academic!, 4500);
    const order = orderOf(await buy(t, tok.s2026006!, [course]));
    const started = ok(
      await t.call<PayAnswer>('POST', `/api/courseOrder/pay/${order.id}`, {
        token: tok.s2026006,
        body: { provider: 'test' },
      }),
    );
    const body = testNotification(t.ids.demo.orgId, {
      paymentNo: started.paymentNo,
      outcome: 'paid',
      amount: 4500,
      currency: 'CNY',
    });
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/payment/notify/test',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: body,
        }),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const db = t.database.db;
    const [payment] = await db.select().from(payments).where(eq(payments.paymentNo, started.paymentNo));
    expect(payment?.status).toBe(PaymentStatus.Paid);
    const outcomes = await db
      .select({ outcome: paymentNotifications.outcome, n: count() })
      .from(paymentNotifications)
      .where(eq(paymentNotifications.paymentId, payment!.id))
      .groupBy(paymentNotifications.outcome);
    expect(Object.fromEntries(outcomes.map((o) => [o.outcome, Number(o.n)]))).toEqual({ applied: 1, duplicate: 19 });
    const [row] = await db
      .select({ status: courseOrders.status })
      .from(courseOrders)
      .where(eq(courseOrders.id, order.id));
    expect(row?.status).toBe(CourseOrderStatus.Paid);
    const [{ n }] = await db
      .select({ n: count() })
      .from(courseEnrolments)
      .where(and(eq(courseEnrolments.userId, id.s2026006!), eq(courseEnrolments.courseId, course)));
    expect(Number(n)).toBe(1);
    expect(await enrolmentOf(t, id.s2026006!, course)).toEqual(byOrder(order.id));
    const told = await db
      .select({ n: count() })
      .from(messageReceipts)
      .innerJoin(messages, eq(messages.id, messageReceipts.messageId))
      .where(and(eq(messageReceipts.userId, id.s2026006!), eq(messages.notice, 'courseOrderPaid')));
    expect(Number(told[0]?.n)).toBe(1);
  });

  it('twenty purchases of one course at once by one member: one order holds it, the rest are refused', async () => {
    const course = await pricedCourse(t, id.academic!, 700);
    const replies = await Promise.all(Array.from({ length: 20 }, () => buy(t, tok.s2026007!, [course])));
    const won = replies.filter((r) => r.code === 1).map((r) => r.response as CourseOrder);
    expect(won).toHaveLength(1);
    for (const r of replies.filter((x) => x.code !== 1)) refused(r, 'courseAlreadyOwned', 'courseIds');
    const mine = await t.database.db
      .select({ id: courseOrders.id })
      .from(courseOrders)
      .where(eq(courseOrders.userId, id.s2026007!));
    expect(mine.map((o) => Number(o.id))).toEqual([won[0]!.id]);
  });
});
