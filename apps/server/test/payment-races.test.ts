import { OfflineMethod, PaymentStatus } from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordOffline, startPayment } from '../src/modules/payment/payment.service';
import { paymentNotifications, payments } from '../src/modules/payment/payment.table';
import { testNotification } from '../src/modules/payment/test-provider';
import { userIds } from './exam-fixture';
import { createTestApp, ok, type TestApp } from './harness';
import { contextOf, notify, type RecordingPurpose, recordingPurpose } from './support/payment-purpose';

// The payment core under races, on PostgreSQL and on the embedded database: twenty copies of one
// notification at once make one paid payment and one onPaid (the conditional update from awaiting,
// in the transaction that keeps the notification); parallel desk records take consecutive receipt
// numbers, never one twice (the per-year sequence row's upsert); one request key sent five times
// at once records one payment.

let t: TestApp;
let id: Record<string, number>;
let rec: RecordingPurpose;

beforeAll(async () => {
  t = await createTestApp();
  id = await userIds(t, ['admin', 'student']);
  rec = recordingPurpose('courseOrder');
  const admin = await t.login('demo', 'admin');
  ok(await t.call('POST', '/api/paymentChannel/create', { token: admin, body: { provider: 'test', name: 'Test' } }));
});
afterAll(async () => {
  rec.restore();
  await t.close();
});

const desk = (purposeId: number, requestKey?: string) =>
  t.database.db.transaction((tx) =>
    recordOffline(tx, contextOf(t, id.admin!), {
      purpose: 'courseOrder',
      purposeId,
      payerId: id.student!,
      amount: 100,
      currency: 'CNY',
      method: OfflineMethod.BankTransfer,
      note: null,
      requestKey,
    }),
  );

describe('payment races', () => {
  it('20 copies of one notification at once: one applied, 19 duplicates, one onPaid', async () => {
    const { payment } = await startPayment(contextOf(t, id.student!), {
      purpose: 'courseOrder',
      purposeId: 7,
      amount: 4200,
      currency: 'CNY',
      provider: 'test',
      subject: 'Race',
    });
    const body = testNotification(t.ids.demo.orgId, {
      paymentNo: payment.paymentNo,
      outcome: 'paid',
      amount: 4200,
      currency: 'CNY',
    });
    const replies = await Promise.all(Array.from({ length: 20 }, () => notify(t, 'test', body)));
    expect(replies.every((r) => r.status === 200 && r.text === 'success')).toBe(true);
    const kept = await t.database.db
      .select({ outcome: paymentNotifications.outcome })
      .from(paymentNotifications)
      .where(eq(paymentNotifications.paymentId, payment.id));
    expect(kept.filter((k) => k.outcome === 'applied')).toHaveLength(1);
    expect(kept.filter((k) => k.outcome === 'duplicate')).toHaveLength(19);
    expect(rec.paid.filter((p) => p.id === payment.id)).toHaveLength(1);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row!.status).toBe(PaymentStatus.Paid);
  });

  it('10 desk records at once take 10 consecutive receipt numbers; one key sent 5 times records once', async () => {
    const made = await Promise.all(Array.from({ length: 10 }, (_, i) => desk(100 + i)));
    const numbers = made.map((m) => Number(m.payment.receiptNo!.slice(5))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(10);
    expect(numbers.at(-1)! - numbers[0]!).toBe(9);
    const same = await Promise.all(Array.from({ length: 5 }, () => desk(200, 'race-key')));
    expect(new Set(same.map((s) => s.payment.id)).size).toBe(1);
    expect(same.filter((s) => !s.repeated)).toHaveLength(1);
    // No number was lost to the repeats: the next record follows on.
    const next = await desk(201);
    expect(Number(next.payment.receiptNo!.slice(5))).toBe(numbers.at(-1)! + 2);
  });
});
