import { OfflineMethod, PaymentStatus, RefundStatus } from '@lyceum/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closePayment,
  processRefund,
  recordOffline,
  requestRefund,
  startPayment,
  syncPayment,
} from '../src/modules/payment/payment.service';
import { paymentChannels, paymentNotifications, payments } from '../src/modules/payment/payment.table';
import { testNotification } from '../src/modules/payment/test-provider';
import { logins, userIds } from './exam-fixture';
import { createTestApp, ok, refused, type TestApp } from './harness';
import { contextOf, notify, type RecordingPurpose, recordingPurpose } from './support/payment-purpose';

// The payment core (issue 33, second part) through the test provider and the desk, with a purpose
// of the test's own on the port: channels keep keys sealed; a payment is made paid once, by a
// verified notification whose amount is the payment's; everything a provider posts is kept with
// its outcome; receipts number on; refunds never pass the payment; who reads what.

let t: TestApp;
let tok: Record<string, string>;
let id: Record<string, number>;
let rec: RecordingPurpose;
const CNY = 'CNY';

beforeAll(async () => {
  t = await createTestApp();
  const names = ['admin', 'teacher', 'student', 's2026001'];
  tok = await logins(t, names);
  id = await userIds(t, names);
  rec = recordingPurpose('tuition');
});
afterAll(async () => {
  rec.restore();
  await t.close();
});

const student = () => contextOf(t, id.student!);
const bursar = () => contextOf(t, id.admin!);
const start = (purposeId: number, amount = 1230) =>
  startPayment(student(), { purpose: 'tuition', purposeId, amount, currency: CNY, provider: 'test', subject: 'Fees' });
const paymentRow = async (paymentId: number) =>
  (await t.database.db.select().from(payments).where(eq(payments.id, paymentId)))[0]!;
const lastNotice = async (paymentId: number | null) =>
  (
    await t.database.db
      .select()
      .from(paymentNotifications)
      .where(paymentId === null ? undefined : eq(paymentNotifications.paymentId, paymentId))
      .orderBy(desc(paymentNotifications.id))
      .limit(1)
  )[0]!;
const offline = (amount: number, requestKey?: string) =>
  t.database.db.transaction((tx) =>
    recordOffline(tx, bursar(), {
      purpose: 'tuition',
      purposeId: 900,
      payerId: id.student!,
      amount,
      currency: CNY,
      method: OfflineMethod.Cash,
      note: 'Desk',
      requestKey,
    }),
  );

describe('channels', () => {
  it('refuses to start without an enabled channel, naming the provider; keys are checked and never returned', async () => {
    await expect(start(1)).rejects.toMatchObject({ detail: { key: 'paymentChannelOff', field: 'provider' } });
    const made = ok(
      await t.call<{ id: number; hasPrivateKey: boolean }>('POST', '/api/paymentChannel/create', {
        token: tok.admin,
        body: { provider: 'test', name: 'Test payments — no money moves' },
      }),
    );
    expect(made.hasPrivateKey).toBe(false);
    expect(ok(await t.call('POST', '/api/payment/providers', { token: tok.student }))).toEqual([
      { provider: 'test', name: 'Test payments — no money moves' },
    ]);
    const bad = await t.call('POST', '/api/paymentChannel/create', {
      token: tok.admin,
      body: { provider: 'alipay', name: 'Alipay', appId: '2021', privateKey: 'not a key', providerPublicKey: 'x' },
    });
    refused(bad, 'paymentKeyInvalid', 'privateKey');
    const [row] = await t.database.db.select().from(paymentChannels).where(eq(paymentChannels.id, made.id));
    expect(row!.enabled).toBe(true);
  });
});

describe('a test payment', () => {
  it('is paid on the test page by its payer only, applied once; the same notification again is a duplicate', async () => {
    const { payment, payUrl } = await start(101);
    expect(payUrl).toBe(`/pay/test/${payment.paymentNo}`);
    expect(payment.paymentNo).toMatch(new RegExp(`^${t.ids.demo.orgId}_\\d{8}_[0-9a-f]{12}$`));
    // A second click reuses the awaiting payment.
    expect((await start(101)).payment.id).toBe(payment.id);

    const body = { paymentNo: payment.paymentNo };
    expect(
      ok(await t.call<{ subject: string }>('POST', '/api/payment/test/view', { token: tok.student, body })).subject,
    ).toBe('Test purpose 101');
    refused(await t.call('POST', '/api/payment/test/view', { token: tok.s2026001, body }), 'notFound');
    refused(
      await t.call('POST', '/api/payment/test/complete', { token: tok.s2026001, body: { ...body, outcome: 'paid' } }),
      'notFound',
    );
    const paid = ok(
      await t.call<{ outcome: string; payment: { status: number; paidAt: string } }>(
        'POST',
        '/api/payment/test/complete',
        {
          token: tok.student,
          body: { ...body, outcome: 'paid' },
        },
      ),
    );
    expect(paid.outcome).toBe('applied');
    expect(paid.payment.status).toBe(PaymentStatus.Paid);
    expect(rec.paid.filter((p) => p.id === payment.id)).toHaveLength(1);

    // The provider sends the same notification again.
    const first = await lastNotice(payment.id);
    expect(first).toMatchObject({ outcome: 'applied', verified: true, organizationId: t.ids.demo.orgId });
    expect(await notify(t, 'test', first.body)).toEqual({ status: 200, text: 'success' });
    expect((await lastNotice(payment.id)).outcome).toBe('duplicate');
    expect(rec.paid.filter((p) => p.id === payment.id)).toHaveLength(1);
    refused(
      await t.call('POST', '/api/payment/test/complete', { token: tok.student, body: { ...body, outcome: 'paid' } }),
      'paymentNotAwaiting',
    );
  });

  it('keeps a forged, a wrong-amount, an unknown and an unreadable notification, and changes nothing', async () => {
    const { payment } = await start(102, 500);
    const orgId = t.ids.demo.orgId;
    const valid = testNotification(orgId, {
      paymentNo: payment.paymentNo,
      outcome: 'paid',
      amount: 500,
      currency: CNY,
    });
    // Signed for 500, claiming 5: the signature no longer holds.
    const forged = valid.replace('amount=500', 'amount=5');
    expect(await notify(t, 'test', forged)).toEqual({ status: 400, text: 'failure' });
    expect(await lastNotice(payment.id)).toMatchObject({ outcome: 'badSignature', verified: false, body: forged });
    // Signed properly, for another amount.
    const short = testNotification(orgId, { paymentNo: payment.paymentNo, outcome: 'paid', amount: 5, currency: CNY });
    expect((await notify(t, 'test', short)).status).toBe(200);
    expect((await lastNotice(payment.id)).outcome).toBe('amountMismatch');
    const otherCurrency = testNotification(orgId, {
      paymentNo: payment.paymentNo,
      outcome: 'paid',
      amount: 500,
      currency: 'USD',
    });
    await notify(t, 'test', otherCurrency);
    expect((await lastNotice(payment.id)).outcome).toBe('amountMismatch');
    const declined = testNotification(orgId, {
      paymentNo: payment.paymentNo,
      outcome: 'declined',
      amount: 500,
      currency: CNY,
    });
    await notify(t, 'test', declined);
    expect((await lastNotice(payment.id)).outcome).toBe('notPaid');
    expect((await paymentRow(payment.id)).status).toBe(PaymentStatus.Awaiting);
    expect(rec.paid.some((p) => p.id === payment.id)).toBe(false);

    const nobody = testNotification(orgId, {
      paymentNo: `${orgId}_20260101_abcdefabcdef`,
      outcome: 'paid',
      amount: 1,
      currency: CNY,
    });
    expect((await notify(t, 'test', nobody)).status).toBe(400);
    expect(await lastNotice(null)).toMatchObject({ outcome: 'unknownPayment', organizationId: null, paymentId: null });
    expect((await notify(t, 'test', 'garbage')).status).toBe(400);
    expect((await lastNotice(null)).outcome).toBe('malformed');
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/payment/notify/test',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `payment_no=${'x'.repeat(70_000)}`,
    });
    expect(big.statusCode).toBe(400);
    expect((await lastNotice(null)).outcome).toBe('malformed');
  });

  it('a purpose that fails keeps the notification as failed, nothing applied; asking the provider later applies it', async () => {
    const { payment } = await start(103, 700);
    rec.refuse = true;
    const body = testNotification(t.ids.demo.orgId, {
      paymentNo: payment.paymentNo,
      outcome: 'paid',
      amount: 700,
      currency: CNY,
    });
    expect(await notify(t, 'test', body)).toEqual({ status: 400, text: 'failure' });
    rec.refuse = false;
    expect(await lastNotice(payment.id)).toMatchObject({ outcome: 'failed', verified: true });
    expect((await paymentRow(payment.id)).status).toBe(PaymentStatus.Awaiting);
    // The test provider knows it was paid: asking applies it, once.
    const synced = ok(
      await t.call<{ changed: boolean; payment: { status: number } }>('POST', `/api/payment/sync/${payment.id}`, {
        token: tok.student,
      }),
    );
    expect(synced).toMatchObject({ changed: true, payment: { status: PaymentStatus.Paid } });
    expect((await syncPayment(t.database.db, t.ids.demo.orgId, payment.id)).applied).toBe(false);
    expect(rec.paid.filter((p) => p.id === payment.id)).toHaveLength(1);
  });

  it('closes an awaiting payment (the provider asked first) and answers paid for a paid one', async () => {
    const { payment } = await start(104, 300);
    expect(await closePayment(t.database.db, t.ids.demo.orgId, payment.id)).toBe('closed');
    expect(await paymentRow(payment.id)).toMatchObject({ status: PaymentStatus.Closed });
    refused(
      await t.call('POST', '/api/payment/test/complete', {
        token: tok.student,
        body: { paymentNo: payment.paymentNo, outcome: 'paid' },
      }),
      'paymentNotAwaiting',
    );
    const paid = rec.paid[0]!;
    expect(await closePayment(t.database.db, t.ids.demo.orgId, paid.id)).toBe('paid');
  });
});

describe('the desk', () => {
  it('numbers receipts on within the year; the same request key records once', async () => {
    const year = new Date().getUTCFullYear();
    const a = await offline(1000, 'desk-key-1');
    const b = await offline(200);
    expect(a.payment).toMatchObject({ status: PaymentStatus.Paid, provider: 'offline', recordedBy: id.admin });
    const na = Number(a.payment.receiptNo!.slice(5));
    expect(a.payment.receiptNo).toMatch(new RegExp(`^(${year}|${year + 1}|${year - 1})-\\d{6}$`));
    expect(Number(b.payment.receiptNo!.slice(5))).toBe(na + 1);
    const again = await offline(1000, 'desk-key-1');
    expect(again).toMatchObject({ repeated: true, payment: { id: a.payment.id, receiptNo: a.payment.receiptNo } });
    expect(rec.paid.filter((p) => p.id === a.payment.id)).toHaveLength(1);
  });
});

describe('refunds', () => {
  it('never add up to more than the payment; offline is done at once; the provider may refuse', async () => {
    const { payment } = await offline(1000);
    const ask = (amount: number, o: { itemId?: number; reason?: string; paymentId?: number } = {}) =>
      t.database.db.transaction((tx) =>
        requestRefund(tx, bursar(), {
          paymentId: o.paymentId ?? payment.id,
          amount,
          reason: o.reason ?? 'Left',
          itemId: o.itemId,
        }),
      );
    const r1 = await ask(600, { itemId: 1 });
    await expect(ask(500)).rejects.toMatchObject({ detail: { key: 'refundTooMuch', field: 'amount' } });
    await expect(ask(100, { itemId: 1 })).rejects.toMatchObject({
      detail: { key: 'refundItemTaken', field: 'itemId' },
    });
    const done = await processRefund(t.database.db, t.ids.demo.orgId, r1.id, id.admin);
    expect(done).toMatchObject({ status: RefundStatus.Refunded, decidedBy: id.admin });
    expect(rec.refunded.map((r) => r.id)).toContain(r1.id);
    // Processing again changes nothing.
    expect((await processRefund(t.database.db, t.ids.demo.orgId, r1.id)).status).toBe(RefundStatus.Refunded);
    expect(rec.refunded.filter((r) => r.id === r1.id)).toHaveLength(1);

    // Through the test provider: refused first (a failed refund does not count), then done.
    const online = rec.paid.find((p) => p.provider === 'test')!;
    const f = await ask(online.amount, { paymentId: online.id, reason: 'Try [test:fail]' });
    expect(await processRefund(t.database.db, t.ids.demo.orgId, f.id)).toMatchObject({
      status: RefundStatus.Failed,
      failReason: 'declined by the test provider',
    });
    expect(rec.failed.map((r) => r.id)).toEqual([f.id]);
    const g = await ask(online.amount, { paymentId: online.id });
    expect((await processRefund(t.database.db, t.ids.demo.orgId, g.id)).status).toBe(RefundStatus.Refunded);

    const { payment: awaiting } = await start(105, 100);
    await expect(ask(100, { paymentId: awaiting.id })).rejects.toMatchObject({
      detail: { key: 'paymentNotPaid', field: 'paymentId' },
    });
  });
});

describe('reading payments', () => {
  it("a member reads only their own; a teacher is refused the staff's routes", async () => {
    const mine = ok(
      await t.call<{ list: { payerId: number }[]; total: number }>('POST', '/api/payment/my', {
        token: tok.student,
        body: { pageIndex: 1, pageSize: 50 },
      }),
    );
    expect(mine.total).toBeGreaterThan(3);
    expect(mine.list.every((p) => p.payerId === id.student)).toBe(true);
    expect(
      ok(await t.call<{ total: number }>('POST', '/api/payment/my', { token: tok.s2026001, body: {} })).total,
    ).toBe(0);
    const one = mine.list[0] as unknown as { id: number };
    refused(await t.call('POST', `/api/payment/select/${one.id}`, { token: tok.s2026001 }), 'notFound');
    refused(await t.call('POST', `/api/payment/sync/${one.id}`, { token: tok.s2026001 }), 'notFound');
    expect(ok(await t.call<{ id: number }>('POST', `/api/payment/select/${one.id}`, { token: tok.admin })).id).toBe(
      one.id,
    );
    for (const url of ['/api/payment/page', '/api/payment/reconciliation', '/api/paymentChannel/page']) {
      const res = await t.call('POST', url, { token: tok.teacher, body: { from: '2026-01-01', to: '2026-01-01' } });
      expect(res.code, url).toBe(403);
    }
    const desk = ok(
      await t.call<{ list: { receiptNo: string; recordedByName: string; refunded: number }[] }>(
        'POST',
        '/api/payment/page',
        {
          token: tok.admin,
          body: { provider: 'offline', pageIndex: 1, pageSize: 50 },
        },
      ),
    );
    expect(desk.list.length).toBeGreaterThan(1);
    expect(desk.list.every((p) => p.receiptNo && p.recordedByName)).toBe(true);
    expect(desk.list.some((p) => p.refunded === 600)).toBe(true);
  });

  it('reconciles the day: money by purpose, cash by bursar, the books agree; and exports it', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const body = { from: today, to: today };
    refused(
      await t.call('POST', '/api/payment/reconciliation', {
        token: tok.admin,
        body: { from: '2000-01-01', to: today },
      }),
      'rangeTooLong',
      'to',
    );
    refused(
      await t.call('POST', '/api/payment/reconciliation', {
        token: tok.admin,
        body: { from: today, to: '2000-01-01' },
      }),
      'endBeforeStart',
      'to',
    );
    const day = ok(
      await t.call<{
        totals: Record<string, number>;
        cashByBursar: { bursarId: number; amount: number; count: number }[];
        check: { agrees: boolean; money: { purpose: string; difference: number | null }[] };
      }>('POST', '/api/payment/reconciliation', { token: tok.admin, body }),
    );
    // Paid today (around midnight UTC the zone's day may differ: the range then covers both).
    expect(day.totals.tuitionCollected + day.totals.tuitionRefunded).toBeGreaterThan(0);
    expect(day.cashByBursar.find((c) => c.bursarId === id.admin)?.count).toBeGreaterThan(0);
    expect(day.check.money.find((m) => m.purpose === 'tuition')?.difference).toBe(0);
    expect(day.check.agrees).toBe(true);
    const sheet = await t.call<unknown[][]>('POST', '/api/payment/reconciliation/export', { token: tok.admin, body });
    expect(sheet.response[0]).toContain('Tuition collected (CNY)');
  });
});
