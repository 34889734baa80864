import {
  type CourseOrder,
  type CourseOrderCancelAnswer,
  CourseOrderStatus,
  type PayAnswer,
  PaymentStatus,
  RefundStatus,
} from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireOrders } from '../src/modules/course-order/course-order-close';
import { courseOrderPurpose } from '../src/modules/course-order/course-order-paid';
import { messageReceipts, messages } from '../src/modules/message/message.table';
import { paymentNotifications, payments } from '../src/modules/payment/payment.table';
import { paymentPurposes } from '../src/modules/payment/payment-purposes';
import { testNotification } from '../src/modules/payment/test-provider';
import { clock, setClock } from '../src/platform/clock';
import { buy, byOrder, enrolmentOf, orderOf, pricedCourse } from './course-order-fixture';
import { logins, userIds } from './exam-fixture';
import { createTestApp, ok, refused, type TestApp } from './harness';
import { type FakeAlipay, startFakeAlipay } from './support/fake-alipay';

// Course orders paid with money (issue 33, second part), through the test provider's real path: the
// payment started, the signed notification posted to the public notify route and applied once, a
// forged one changing nothing; refunds through the provider, one course of two revoked alone, above
// the price refused, a failed one leaving the course open; cancels and the expiry job closing the
// payments first, and not expiring what the provider says was paid.

const { AwaitingPayment, Paid, Refunded, Expired, Cancelled } = CourseOrderStatus;
const MINUTE = 60_000;
let t: TestApp;
let tok: Record<string, string>;
let id: Record<string, number>;
let orgId: number;
let fake: FakeAlipay;
let alipay: Record<string, unknown>;
let alipayChannel: number;
const call = <T>(who: string, url: string, body: unknown = {}) => t.call<T>('POST', url, { token: tok[who], body });

beforeAll(async () => {
  [t, fake] = await Promise.all([createTestApp(), startFakeAlipay()]);
  const names = ['admin', 'academic', 's2026003', 's2026004', 's2026005'];
  tok = await logins(t, names);
  id = await userIds(t, names);
  orgId = t.ids.demo.orgId;
  ok(await call('admin', '/api/paymentChannel/create', { provider: 'test', name: 'Test payments', enabled: true }));
  alipay = {
    provider: 'alipay',
    name: 'Alipay (fake)',
    appId: fake.appId,
    privateKey: fake.app.privateKey,
    providerPublicKey: fake.alipay.publicKey,
    gateway: fake.gateway,
  };
  // Off until the Alipay test turns it on.
  alipayChannel = ok(
    await call<{ id: number }>('admin', '/api/paymentChannel/create', { ...alipay, enabled: false }),
  ).id;
});
afterAll(async () => {
  setClock(null);
  await Promise.all([t.close(), fake.close()]);
});

const pay = (who: string, orderId: number, provider = 'test') =>
  call<PayAnswer>(who, `/api/courseOrder/pay/${orderId}`, { provider });
const complete = (who: string, paymentNo: string, outcome: 'paid' | 'declined' = 'paid') =>
  call(who, '/api/payment/test/complete', { paymentNo, outcome });
const orderNow = async (orderId: number) =>
  ok(await call<CourseOrder>('academic', `/api/courseOrder/select/${orderId}`));
const notify = (body: string, provider = 'test') =>
  t.app.inject({
    method: 'POST',
    url: `/api/payment/notify/${provider}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
  });
const paymentRow = async (paymentNo: string) =>
  (await t.database.db.select().from(payments).where(eq(payments.paymentNo, paymentNo)))[0]!;
const noticesTo = async (userId: number, kind: string) =>
  t.database.db
    .select({ params: messages.noticeParams })
    .from(messageReceipts)
    .innerJoin(messages, eq(messages.id, messageReceipts.messageId))
    .where(and(eq(messageReceipts.userId, userId), eq(messages.notice, kind)));

// A member's paid order of the courses (bought, paid with the test provider).
async function paidOrder(who: string, courseIds: number[]): Promise<CourseOrder> {
  const order = orderOf(await buy(t, tok[who]!, courseIds));
  const started = ok(await pay(who, order.id));
  ok(await complete(who, started.paymentNo));
  return orderNow(order.id);
}

describe('paying', () => {
  it('opens the course only from a verified notification; a forged one is kept and changes nothing', async () => {
    const course = await pricedCourse(t, id.academic!, 1230);
    const order = orderOf(await buy(t, tok.s2026003!, [course]));
    refused(await pay('s2026003', order.id, 'alipay'), 'paymentChannelOff', 'provider');
    const started = ok(await pay('s2026003', order.id));
    expect(started.payUrl).toBe(`/pay/test/${started.paymentNo}`);
    // A second click answers the same payment.
    expect(ok(await pay('s2026003', order.id)).paymentNo).toBe(started.paymentNo);
    // Forged: signed, then its amount changed.
    const real = testNotification(orgId, {
      paymentNo: started.paymentNo,
      outcome: 'paid',
      amount: 1230,
      currency: 'CNY',
    });
    const forged = await notify(real.replace('amount=1230', 'amount=1'));
    expect(forged.statusCode).toBeGreaterThanOrEqual(400);
    expect(forged.statusCode).toBeLessThan(500);
    expect((await paymentRow(started.paymentNo)).status).toBe(PaymentStatus.Awaiting);
    expect((await orderNow(order.id)).status).toBe(AwaitingPayment);
    expect(await enrolmentOf(t, id.s2026003!, course)).toBeNull();
    const kept = await t.database.db
      .select({ outcome: paymentNotifications.outcome, verified: paymentNotifications.verified })
      .from(paymentNotifications)
      .where(eq(paymentNotifications.paymentId, (await paymentRow(started.paymentNo)).id));
    expect(kept).toEqual([{ outcome: 'badSignature', verified: false }]);
    // Paid at the test provider's page: the notification goes through the same route.
    ok(await complete('s2026003', started.paymentNo));
    const paid = await orderNow(order.id);
    expect(paid).toMatchObject({
      status: Paid,
      payments: [{ paymentNo: started.paymentNo, status: PaymentStatus.Paid }],
    });
    expect(await enrolmentOf(t, id.s2026003!, course)).toEqual(byOrder(order.id));
    ok(await call('s2026003', `/api/course/learn/${course}`));
    const [notice] = await noticesTo(id.s2026003!, 'courseOrderPaid');
    expect(notice?.params).toMatchObject({ orderNo: order.orderNo, amount: 'CNY 12.30' });
  });
});

describe('refunds', () => {
  it('refunds one course of two alone; above its price is refused; a failed refund leaves the course open', async () => {
    const a = await pricedCourse(t, id.academic!, 1000);
    const b = await pricedCourse(t, id.academic!, 2000);
    const order = await paidOrder('s2026004', [a, b]);
    const [itemA, itemB] = order.items;
    const refund = (body: Record<string, unknown>) =>
      call<CourseOrder>('academic', `/api/courseOrder/refund/${order.id}`, { reason: 'Moved school', ...body });
    refused(await refund({ itemIds: [itemA!.id], amount: 1001 }), 'refundTooMuch', 'amount');
    const once = ok(await refund({ itemIds: [itemA!.id] }));
    expect(once).toMatchObject({ status: Paid, refunded: 1000 });
    expect(once.refunds).toMatchObject([{ itemId: itemA!.id, amount: 1000, status: RefundStatus.Refunded }]);
    expect(await enrolmentOf(t, id.s2026004!, a)).toBeNull();
    expect(await enrolmentOf(t, id.s2026004!, b)).toEqual(byOrder(order.id));
    refused(await call('s2026004', `/api/course/learn/${a}`), 'notEnrolled');
    ok(await call('s2026004', `/api/course/learn/${b}`));
    // The provider refuses the next one: the order is paid again, the course stays open, the buyer is told.
    const failed = ok(await refund({ itemIds: [itemB!.id], reason: 'Try [test:fail]' }));
    expect(failed.status).toBe(Paid);
    expect(failed.items[1]).toMatchObject({ holds: true, refunded: 0, refundStatus: RefundStatus.Failed });
    expect(await enrolmentOf(t, id.s2026004!, b)).toEqual(byOrder(order.id));
    expect(await noticesTo(id.s2026004!, 'refundFailed')).toHaveLength(1);
    // Tried again: the whole order is refunded, never more than was paid.
    expect(ok(await refund({ itemIds: [itemB!.id] }))).toMatchObject({ status: Refunded, refunded: 3000 });
    refused(await refund({ itemIds: [itemB!.id] }), 'transition', 'status');
  });
});

describe('closing unpaid orders', () => {
  it('cancel and expiry close the payments first; expiry after the provider said paid opens the course', async () => {
    const [c, d, e] = await Promise.all([1, 2, 3].map(() => pricedCourse(t, id.academic!, 500)));
    // Cancelled by the buyer: the payment closes, the course may be bought again.
    const first = orderOf(await buy(t, tok.s2026005!, [c!]));
    const started = ok(await pay('s2026005', first.id));
    const cancelled = ok(await call<CourseOrderCancelAnswer>('s2026005', `/api/courseOrder/cancel/${first.id}`));
    expect(cancelled).toMatchObject({ paid: false, order: { status: Cancelled } });
    expect((await paymentRow(started.paymentNo)).status).toBe(PaymentStatus.Closed);
    orderOf(await buy(t, tok.s2026005!, [c!]));
    // Two orders past their time: one unpaid expires; the other's notification came but could not
    // be applied (the handler failed), so it stays awaiting until the job asks the provider.
    const unpaid = orderOf(await buy(t, tok.s2026005!, [d!]));
    ok(await pay('s2026005', unpaid.id));
    const lost = orderOf(await buy(t, tok.s2026005!, [e!]));
    const lostPay = ok(await pay('s2026005', lost.id));
    const restore = paymentPurposes.register('courseOrder', {
      ...courseOrderPurpose,
      onPaid: async () => {
        throw new Error('the database went away');
      },
    });
    await complete('s2026005', lostPay.paymentNo);
    restore();
    expect((await orderNow(lost.id)).status).toBe(AwaitingPayment);
    setClock(clock.now() + 31 * MINUTE);
    expect(await expireOrders(t.database.db)).toMatchObject({ paid: 1 });
    expect((await orderNow(lost.id)).status).toBe(Paid);
    expect(await enrolmentOf(t, id.s2026005!, e!)).toEqual(byOrder(lost.id));
    const expired = await orderNow(unpaid.id);
    expect(expired).toMatchObject({ status: Expired, payments: [{ status: PaymentStatus.Closed }] });
    expect(expired.items.every((i) => !i.holds)).toBe(true);
    refused(await pay('s2026005', unpaid.id), 'transition', 'status');
    // Money that still arrives for the expired order moved: the order is paid and the course opens.
    const late = testNotification(orgId, {
      paymentNo: expired.payments[0]!.paymentNo,
      outcome: 'paid',
      amount: 500,
      currency: 'CNY',
    });
    expect((await notify(late)).statusCode).toBe(200);
    expect((await orderNow(unpaid.id)).status).toBe(Paid);
    expect(await enrolmentOf(t, id.s2026005!, d!)).toEqual(byOrder(unpaid.id));
  });
});

describe('Alipay', () => {
  it('switching provider closes the first payment; Alipay’s signed notification opens the course once', async () => {
    ok(await call('admin', '/api/paymentChannel/update', { ...alipay, id: alipayChannel, enabled: true }));
    const course = await pricedCourse(t, id.academic!, 1990);
    const order = orderOf(await buy(t, tok.s2026003!, [course]));
    const first = ok(await pay('s2026003', order.id));
    const started = ok(await pay('s2026003', order.id, 'alipay'));
    expect(started.payUrl.startsWith(fake.gateway)).toBe(true);
    expect((await paymentRow(first.paymentNo)).status).toBe(PaymentStatus.Closed);
    fake.visit(started.payUrl);
    const trade = fake.pay(started.paymentNo);
    expect(trade.totalAmount).toBe('19.90');
    const body = fake.notification(started.paymentNo);
    for (const _ of [1, 2]) {
      const res = await notify(body, 'alipay');
      expect([res.statusCode, res.body]).toEqual([200, 'success']);
    }
    const paid = await orderNow(order.id);
    expect(paid.status).toBe(Paid);
    expect(paid.payments.map((p) => [p.provider, p.status])).toEqual([
      ['test', PaymentStatus.Closed],
      ['alipay', PaymentStatus.Paid],
    ]);
    expect(await enrolmentOf(t, id.s2026003!, course)).toEqual(byOrder(order.id));
    // Refunded through Alipay's refund call.
    const [item] = paid.items;
    expect(
      ok(
        await call<CourseOrder>('academic', `/api/courseOrder/refund/${order.id}`, {
          itemIds: [item!.id],
          reason: 'R',
        }),
      ),
    ).toMatchObject({ status: Refunded });
    expect([...trade.refunds.values()]).toEqual(['19.90']);
  });
});

describe('the books after all of the above', () => {
  it('points drift none, and paid payments less refunds equal what course orders hold', async () => {
    const drift = ok(await call<{ drifted: unknown[] }>('admin', '/api/point/driftCheck'));
    expect(drift.drifted).toEqual([]);
    const today = clock.date().toISOString().slice(0, 10);
    const books = ok(
      await call<{ check: { agrees: boolean; money: { purpose: string; difference: number | null }[] } }>(
        'admin',
        '/api/payment/reconciliation',
        { from: today, to: today },
      ),
    );
    expect(books.check.money.find((m) => m.purpose === 'courseOrder')?.difference).toBe(0);
    expect(books.check.agrees).toBe(true);
  });
});
