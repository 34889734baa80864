import { createPrivateKey } from 'node:crypto';
import { PaymentStatus, RefundStatus } from '@lyceum/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePayment, processRefund, requestRefund, startPayment } from '../src/modules/payment/payment.service';
import { paymentChannels, paymentNotifications, payments } from '../src/modules/payment/payment.table';
import { userIds } from './exam-fixture';
import { createTestApp, ok, refused, type TestApp } from './harness';
import { type FakeAlipay, rsaKeys, startFakeAlipay } from './support/fake-alipay';
import { contextOf, notify, type RecordingPurpose, recordingPurpose } from './support/payment-purpose';

// Alipay through alipay-sdk against a fake gateway on 127.0.0.1: our own RSA key pairs play the app
// and Alipay. The page-pay address is signed with the app's key; Alipay's notification is verified
// with Alipay's public key of the channel (and a notification signed with another key is kept as
// badSignature); query, close and refund are signed both ways; the Test button says whether the
// keys are accepted.

let t: TestApp;
let fake: FakeAlipay;
let admin: string;
let studentTok: string;
let id: Record<string, number>;
let rec: RecordingPurpose;
let channelId: number;

beforeAll(async () => {
  [t, fake] = await Promise.all([createTestApp(), startFakeAlipay()]);
  id = await userIds(t, ['admin', 'student']);
  [admin, studentTok] = await Promise.all([t.login('demo', 'admin'), t.login('demo', 'student')]);
  rec = recordingPurpose('courseOrder');
  // The app's key as the Alipay key tool shows it: bare base64 of PKCS#1.
  const pkcs1 = createPrivateKey(fake.app.privateKey).export({ type: 'pkcs1', format: 'der' }).toString('base64');
  channelId = ok(
    await t.call<{ id: number }>('POST', '/api/paymentChannel/create', {
      token: admin,
      body: {
        provider: 'alipay',
        name: 'Alipay (fake)',
        appId: fake.appId,
        privateKey: pkcs1,
        providerPublicKey: fake.alipay.publicKey,
        gateway: fake.gateway,
      },
    }),
  ).id;
});
afterAll(async () => {
  rec.restore();
  await Promise.all([t.close(), fake.close()]);
});

const start = (purposeId: number, amount = 1230, currency = 'CNY') =>
  startPayment(contextOf(t, id.student!), {
    purpose: 'courseOrder',
    purposeId,
    amount,
    currency,
    provider: 'alipay',
    subject: '课程订单 Course order',
    origin: 'https://school.example.edu',
  });
const statusOf = async (paymentId: number) =>
  (await t.database.db.select({ s: payments.status }).from(payments).where(eq(payments.id, paymentId)))[0]!.s;
const lastOutcome = async (paymentId: number) =>
  (
    await t.database.db
      .select({ outcome: paymentNotifications.outcome })
      .from(paymentNotifications)
      .where(eq(paymentNotifications.paymentId, paymentId))
      .orderBy(desc(paymentNotifications.id))
      .limit(1)
  )[0]?.outcome;

describe('the Alipay channel', () => {
  it('keeps the key sealed and unreturned, and its Test button says whether the keys are accepted', async () => {
    const row = ok(
      await t.call<Record<string, unknown>>('POST', `/api/paymentChannel/select/${channelId}`, { token: admin }),
    );
    expect(row).toMatchObject({ hasPrivateKey: true, appId: fake.appId });
    expect(JSON.stringify(row)).not.toContain('PRIVATE');
    const [stored] = await t.database.db.select().from(paymentChannels).where(eq(paymentChannels.id, channelId));
    expect(stored!.privateKeySealed).not.toContain('PRIVATE');
    expect(
      ok(await t.call<{ ok: boolean }>('POST', `/api/paymentChannel/test/${channelId}`, { token: admin })).ok,
    ).toBe(true);
    // Another app key: Alipay refuses our signature; a blank key on update keeps the stored one.
    const update = (privateKey: string) =>
      t.call('POST', '/api/paymentChannel/update', {
        token: admin,
        body: {
          id: channelId,
          provider: 'alipay',
          name: 'Alipay (fake)',
          appId: fake.appId,
          privateKey,
          providerPublicKey: fake.alipay.publicKey,
          gateway: fake.gateway,
        },
      });
    ok(await update(rsaKeys().privateKey));
    const wrong = ok(
      await t.call<{ ok: boolean; detail: string }>('POST', `/api/paymentChannel/test/${channelId}`, { token: admin }),
    );
    expect(wrong).toMatchObject({ ok: false });
    expect(wrong.detail).toContain('isv.invalid-signature');
    ok(await update(fake.app.privateKey));
    ok(await update(''));
    expect(
      ok(await t.call<{ ok: boolean }>('POST', `/api/paymentChannel/test/${channelId}`, { token: admin })).ok,
    ).toBe(true);
  });
});

describe('an Alipay payment', () => {
  it('signs the page-pay address; a notification signed by Alipay is applied once, one signed otherwise is not', async () => {
    await expect(start(1, 100, 'USD')).rejects.toMatchObject({
      detail: { key: 'currencyNotSupported', field: 'currency' },
    });
    const { payment, payUrl } = await start(1);
    expect(payUrl.startsWith(fake.gateway)).toBe(true);
    const url = new URL(payUrl);
    expect(url.searchParams.get('notify_url')).toBe('https://school.example.edu/api/payment/notify/alipay');
    const trade = fake.visit(payUrl);
    expect(trade).toMatchObject({ outTradeNo: payment.paymentNo, totalAmount: '12.30' });
    fake.pay(payment.paymentNo);

    // Signed with the app's key, not Alipay's: kept, refused, nothing changes.
    const forged = fake.notification(payment.paymentNo, { signWith: fake.app.privateKey });
    expect(await notify(t, 'alipay', forged)).toEqual({ status: 400, text: 'failure' });
    expect(await lastOutcome(payment.id)).toBe('badSignature');
    expect(await statusOf(payment.id)).toBe(PaymentStatus.Awaiting);

    const real = fake.notification(payment.paymentNo);
    expect(await notify(t, 'alipay', real)).toEqual({ status: 200, text: 'success' });
    expect(await lastOutcome(payment.id)).toBe('applied');
    const [paid] = await t.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(paid).toMatchObject({ status: PaymentStatus.Paid, providerTradeNo: trade.tradeNo });
    expect(await notify(t, 'alipay', real)).toEqual({ status: 200, text: 'success' });
    expect(await lastOutcome(payment.id)).toBe('duplicate');
    expect(rec.paid.filter((p) => p.id === payment.id)).toHaveLength(1);

    // Refunds go through Alipay's refund, keyed by our refund number; Alipay may refuse.
    const ask = (amount: number) =>
      t.database.db.transaction((tx) =>
        requestRefund(tx, contextOf(t, id.admin!), { paymentId: payment.id, amount, reason: 'Changed course' }),
      );
    const r = await ask(500);
    expect((await processRefund(t.database.db, t.ids.demo.orgId, r.id)).status).toBe(RefundStatus.Refunded);
    expect(fake.trades.get(payment.paymentNo)!.refunds.get(r.refundNo)).toBe('5.00');
    fake.refuseRefunds = 'ACQ.SELLER_BALANCE_NOT_ENOUGH';
    const f = await ask(700);
    const failed = await processRefund(t.database.db, t.ids.demo.orgId, f.id);
    fake.refuseRefunds = null;
    expect(failed.status).toBe(RefundStatus.Failed);
    expect(failed.failReason).toContain('ACQ.SELLER_BALANCE_NOT_ENOUGH');
    expect(rec.refunded.map((x) => x.id)).toEqual([r.id]);
    expect(rec.failed.map((x) => x.id)).toEqual([f.id]);
  });

  it('no notification (the school behind NAT): asking Alipay applies a payment; closing asks first', async () => {
    // Paid at Alipay, never notified: the payer's sync applies it.
    const a = await start(2, 900);
    fake.visit(a.payUrl);
    fake.pay(a.payment.paymentNo);
    const synced = ok(
      await t.call<{ changed: boolean }>('POST', `/api/payment/sync/${a.payment.id}`, { token: studentTok }),
    );
    expect(synced.changed).toBe(true);
    expect(await statusOf(a.payment.id)).toBe(PaymentStatus.Paid);

    // Paid at Alipay, then the order's expiry closes it: the close asks first and answers paid.
    const b = await start(3, 800);
    fake.visit(b.payUrl);
    fake.pay(b.payment.paymentNo);
    expect(await closePayment(t.database.db, t.ids.demo.orgId, b.payment.id)).toBe('paid');
    expect(rec.paid.filter((p) => p.id === b.payment.id)).toHaveLength(1);

    // Opened and left: closed at Alipay and here. Never opened: nothing at Alipay to close.
    const c = await start(4, 700);
    fake.visit(c.payUrl);
    expect(await closePayment(t.database.db, t.ids.demo.orgId, c.payment.id)).toBe('closed');
    expect(fake.trades.get(c.payment.paymentNo)!.status).toBe('TRADE_CLOSED');
    const d = await start(5, 600);
    expect(await closePayment(t.database.db, t.ids.demo.orgId, d.payment.id)).toBe('closed');
    expect(await statusOf(d.payment.id)).toBe(PaymentStatus.Closed);

    // Closed here, yet the payer paid at Alipay after all (the page was still open): the money
    // moved, so the notification still makes it paid.
    const trade = fake.visit(d.payUrl);
    fake.pay(trade.outTradeNo);
    expect((await notify(t, 'alipay', fake.notification(trade.outTradeNo))).status).toBe(200);
    expect(await statusOf(d.payment.id)).toBe(PaymentStatus.Paid);

    // A gateway that does not answer: the call is refused, nothing changes.
    const e = await start(6, 500);
    await t.database.db
      .update(paymentChannels)
      .set({ gateway: 'http://127.0.0.1:9/gateway.do' })
      .where(eq(paymentChannels.id, channelId));
    refused(await t.call('POST', `/api/payment/sync/${e.payment.id}`, { token: studentTok }), 'paymentProviderFailed');
    await t.database.db.update(paymentChannels).set({ gateway: fake.gateway }).where(eq(paymentChannels.id, channelId));
    expect(await statusOf(e.payment.id)).toBe(PaymentStatus.Awaiting);
  });
});
