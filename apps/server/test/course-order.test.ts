import { type CourseOrder, CourseOrderStatus, PriceKind, type zCourseCatalog } from '@lyceum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { article, chapter, enrol, makeCourse, publish, staffContext } from './course-learn-fixture';
import { buy, byOrder, enrolmentOf, orderOf, pointEntries, pricedCourse } from './course-order-fixture';
import { logins, userIds } from './exam-fixture';
import { createTestApp, ok, refused, type TestApp } from './harness';
import { credit, pointsOf } from './shop-fixture';

// Course orders without money moving (issue 33, second part): the catalogue with priced courses,
// what a purchase refuses, a points purchase that opens the courses at once, learning a priced
// course only once bought, a points refund of one course of two, and who may see and do what.
// Money orders (payments, notifications, expiry, refunds through a provider) are in
// course-order-money.test.ts; races in course-order-races.test.ts.

const { Paid, AwaitingPayment, Refunded } = CourseOrderStatus;
let t: TestApp;
let tok: Record<string, string>;
let id: Record<string, number>;
const call = <T>(who: string, url: string, body: unknown = {}) => t.call<T>('POST', url, { token: tok[who], body });

beforeAll(async () => {
  t = await createTestApp();
  const names = ['admin', 'academic', 'teacher', 'student', 's2026001', 's2026002'];
  tok = await logins(t, names);
  id = await userIds(t, names);
});
afterAll(() => t.close());

const catalogue = async (who: string, keyword: string) =>
  ok(await call<z.infer<typeof zCourseCatalog>>(who, '/api/course/catalog', { pageIndex: 1, pageSize: 50, keyword }))
    .list;

describe('buying', () => {
  it('lists priced courses in the catalogue with their price, and refuses what cannot be bought', async () => {
    const money = await pricedCourse(t, id.academic, 1230);
    const points = await pricedCourse(t, id.academic, 40, PriceKind.Points);
    const [row] = (await catalogue('s2026001', `Priced course`)).filter((c) => c.id === money);
    expect(row).toMatchObject({
      priceKind: PriceKind.Money,
      price: 1230,
      currency: 'CNY',
      owned: false,
      buyable: true,
    });
    // Mixed kinds, an unknown course, a course not for sale (free, or a draft), one already assigned.
    refused(await buy(t, tok.s2026001!, [money, points]), 'mixedPriceKinds', 'courseIds');
    refused(await buy(t, tok.s2026001!, [987_654]), 'noSuchReference', 'courseIds');
    const free = await makeCourse(t, { orgId: t.ids.demo.orgId, code: 'FREE-1' });
    await publish(t, staffContext(t, t.ids.demo.orgId, id.academic!), free, {
      chapters: [chapter('C', [article('A')])],
    });
    refused(await buy(t, tok.s2026001!, [free]), 'courseNotForSale', 'courseIds');
    const draft = await makeCourse(t, { orgId: t.ids.demo.orgId, code: 'DRAFT-1', price: 5 });
    refused(await buy(t, tok.s2026001!, [draft]), 'courseNotForSale', 'courseIds');
    await enrol(t, t.ids.demo.orgId, money, [id.s2026002!], false);
    refused(await buy(t, tok.s2026002!, [money]), 'courseAlreadyOwned', 'courseIds');
    // A money order awaits payment for 30 minutes in the organisation's currency; the course is held:
    // a second order of it is refused, and the catalogue offers "Pay" instead of "Buy".
    const order = orderOf(await buy(t, tok.s2026001!, [money]));
    expect(order).toMatchObject({ status: AwaitingPayment, total: 1230, currency: 'CNY', priceKind: PriceKind.Money });
    expect(Date.parse(order.expiresAt) - Date.parse(order.createTime)).toBeGreaterThanOrEqual(29 * 60_000);
    refused(await buy(t, tok.s2026001!, [money]), 'courseAlreadyOwned', 'courseIds');
    const [after] = (await catalogue('s2026001', 'Priced course')).filter((c) => c.id === money);
    expect(after).toMatchObject({ buyable: false, owned: false, awaitingOrderId: order.id });
    // The same request key answers the first order.
    await credit(t, id.s2026002!, 100);
    const keyed = orderOf(await buy(t, tok.s2026002!, [points], { requestKey: 'same-key-1' }));
    const again = orderOf(await buy(t, tok.s2026002!, [points], { requestKey: 'same-key-1' }));
    expect(again.id).toBe(keyed.id);
  });

  it('with points: paid at once by one keyed ledger entry, the courses open; too few points change nothing', async () => {
    const a = await pricedCourse(t, id.academic, 30, PriceKind.Points);
    const b = await pricedCourse(t, id.academic, 50, PriceKind.Points);
    await credit(t, id.student!, 70);
    // Refused while the course is not bought: learning it, and joining it as a free course.
    refused(await call('student', `/api/course/learn/${a}`), 'notEnrolled');
    refused(await call('student', `/api/course/enrol/${a}`), 'courseNotOpen');
    refused(await buy(t, tok.student!, [a, b]), 'insufficientBalance', 'courseIds');
    expect(await pointsOf(t, id.student!)).toBe(70);
    expect(await enrolmentOf(t, id.student!, a)).toBeNull();
    await credit(t, id.student!, 10);
    const order = orderOf(await buy(t, tok.student!, [a, b]));
    expect(order).toMatchObject({ status: Paid, total: 80, currency: null, courses: expect.stringContaining(',') });
    expect(order.paidAt).not.toBeNull();
    expect(await pointsOf(t, id.student!)).toBe(0);
    expect(await pointEntries(t, `courseOrder:${order.id}`)).toEqual([
      { amount: -80, refKind: 'courseOrder', refId: order.id },
    ]);
    expect(await enrolmentOf(t, id.student!, a)).toEqual(byOrder(order.id));
    ok(await call('student', `/api/course/learn/${a}`));
    const [listed] = (await catalogue('student', 'Priced course')).filter((c) => c.id === a);
    expect(listed).toMatchObject({ owned: true, buyable: false, currency: null });
    const mine = ok(
      await call<{ list: CourseOrder[] }>('student', '/api/courseOrder/my', { pageIndex: 1, pageSize: 10 }),
    );
    expect(mine.list.map((o) => o.id)).toContain(order.id);
  });
});

describe('refunds of points orders', () => {
  it('refund one course of two: only that one closes, its points come back once; above its price is refused', async () => {
    const a = await pricedCourse(t, id.academic, 20, PriceKind.Points);
    const b = await pricedCourse(t, id.academic, 25, PriceKind.Points);
    await credit(t, id.s2026001!, 45);
    const order = orderOf(await buy(t, tok.s2026001!, [a, b]));
    const [itemA, itemB] = order.items;
    const refund = (body: Record<string, unknown>) =>
      call<CourseOrder>('academic', `/api/courseOrder/refund/${order.id}`, { reason: 'Changed class', ...body });
    refused(await refund({ itemIds: [itemA!.id], amount: 21 }), 'refundTooMuch', 'amount');
    refused(await refund({ itemIds: [987_654] }), 'notItemOfOrder', 'itemIds');
    const once = ok(await refund({ itemIds: [itemA!.id] }));
    expect(once.status).toBe(Paid);
    expect(once.items.map((i) => [i.courseId, i.holds, i.refunded])).toEqual([
      [a, false, 20],
      [b, true, 0],
    ]);
    expect(await pointsOf(t, id.s2026001!)).toBe(20);
    expect(await pointEntries(t, `courseOrderRefund:${itemA!.id}`)).toEqual([
      { amount: 20, refKind: 'courseOrderRefund', refId: order.id },
    ]);
    expect(await enrolmentOf(t, id.s2026001!, a)).toBeNull();
    expect(await enrolmentOf(t, id.s2026001!, b)).toEqual(byOrder(order.id));
    refused(await call('s2026001', `/api/course/learn/${a}`), 'notEnrolled');
    ok(await call('s2026001', `/api/course/learn/${b}`));
    refused(await refund({ itemIds: [itemA!.id] }), 'notItemOfOrder', 'itemIds');
    // The last course: the order is refunded; an assignment of that course made meanwhile stays.
    await enrol(t, t.ids.demo.orgId, b, [id.s2026001!], true);
    const done = ok(await refund({ itemIds: [itemB!.id], amount: 10 }));
    expect(done).toMatchObject({ status: Refunded, refunded: 30 });
    expect((await enrolmentOf(t, id.s2026001!, b))?.sourceId).toBe(order.id);
    refused(await refund({ itemIds: [itemB!.id] }), 'transition', 'status');
    // The course can be bought again once refunded.
    await credit(t, id.s2026001!, 20);
    ok(await buy(t, tok.s2026001!, [a]));
  });
});

describe('access', () => {
  it("another member's order is not found; staff routes are refused to teachers and students", async () => {
    const course = await pricedCourse(t, id.academic, 990);
    const order = orderOf(await buy(t, tok.s2026002!, [course]));
    refused(await call('s2026001', `/api/courseOrder/cancel/${order.id}`), 'notFound');
    refused(await call('s2026001', `/api/courseOrder/pay/${order.id}`, { provider: 'test' }), 'notFound');
    const theirs = ok(
      await call<{ list: CourseOrder[] }>('s2026001', '/api/courseOrder/my', { pageIndex: 1, pageSize: 50 }),
    );
    expect(theirs.list.some((o) => o.id === order.id)).toBe(false);
    for (const who of ['teacher', 's2026001']) {
      expect((await call(who, '/api/courseOrder/page', { pageIndex: 1, pageSize: 10 })).code).toBe(403);
      expect((await call(who, `/api/courseOrder/select/${order.id}`)).code).toBe(403);
      expect((await call(who, `/api/courseOrder/refund/${order.id}`, { itemIds: [1], reason: 'x' })).code).toBe(403);
    }
    // Staff see it with its courses, filtered by keyword or course.
    const page = ok(
      await call<{ list: CourseOrder[] }>('academic', '/api/courseOrder/page', {
        pageIndex: 1,
        pageSize: 10,
        courseId: course,
      }),
    );
    expect(page.list.map((o) => o.id)).toEqual([order.id]);
    expect(page.list[0]).toMatchObject({ userName: 's2026002', items: [{ courseId: course, price: 990 }] });
  });
});
