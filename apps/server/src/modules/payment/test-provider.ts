import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import { inOrg } from '../../platform/tenant-sql';
import { paymentNotifications, payments } from './payment.table';
import { canonical, orgOfPaymentNo, testSigningKey } from './payment-keys';
import type { Channel, Notice, PaymentProviderAdapter, QueryAnswer, RawNotice } from './payment-provider';

// The test provider: no money moves, and everything says so. Its "payment page" is a page of our
// own web app (/pay/test/<paymentNo>) where the payer clicks Pay or Decline; the server then posts
// a notification signed with HMAC-SHA256 under the organisation's test key to the same notify
// route a real provider uses. What it "knows" is what it notified: a payment it reported paid is
// paid when asked (the verified notifications kept in payment_notifications).

export const TEST_REFUND_FAIL = '[test:fail]';

export function signTest(orgId: number, fields: Record<string, string>): string {
  return createHmac('sha256', testSigningKey(orgId))
    .update(canonical(fields, ['sign']))
    .digest('hex');
}

// The form body of the test provider's notification about a payment.
export function testNotification(
  orgId: number,
  p: { paymentNo: string; outcome: 'paid' | 'declined'; amount: number; currency: string },
): string {
  const fields: Record<string, string> = {
    payment_no: p.paymentNo,
    outcome: p.outcome,
    amount: String(p.amount),
    currency: p.currency,
    notify_id: randomBytes(8).toString('hex'),
    ...(p.outcome === 'paid'
      ? { trade_no: `TEST${randomBytes(8).toString('hex')}`, paid_at: clock.date().toISOString() }
      : {}),
  };
  return new URLSearchParams({ ...fields, sign: signTest(orgId, fields) }).toString();
}

const formOf = (raw: RawNotice) => Object.fromEntries(new URLSearchParams(raw.body));

function noticeOf(f: Record<string, string>): Notice | null {
  const amount = Number(f.amount);
  if (!f.payment_no || !Number.isSafeInteger(amount)) return null;
  const paidAt = f.paid_at ? new Date(f.paid_at) : null;
  return {
    paymentNo: f.payment_no,
    paid: f.outcome === 'paid',
    tradeNo: f.trade_no || null,
    amount,
    currency: f.currency || null,
    paidAt: paidAt && !Number.isNaN(paidAt.getTime()) ? paidAt : null,
  };
}

export const testProvider: PaymentProviderAdapter = {
  code: 'test',
  currencies: 'any',
  async start(_ch, p) {
    return { payUrl: `/pay/test/${encodeURIComponent(p.paymentNo)}` };
  },
  peek(raw) {
    return formOf(raw).payment_no || null;
  },
  async verify(ch, raw) {
    const f = formOf(raw);
    const orgId = f.payment_no ? orgOfPaymentNo(f.payment_no) : null;
    if (orgId === null || orgId !== ch.orgId || !f.sign) return null;
    const want = Buffer.from(signTest(orgId, f), 'hex');
    const got = Buffer.from(f.sign, 'hex');
    if (got.length !== want.length || !timingSafeEqual(got, want)) return null;
    return noticeOf(f);
  },
  ack(ok) {
    return { contentType: 'text/plain; charset=utf-8', body: ok ? 'success' : 'failure' };
  },
  async query(ch, paymentNo): Promise<QueryAnswer> {
    const [payment] = await ch.db
      .select({ id: payments.id, status: payments.status })
      .from(payments)
      .where(inOrg(payments, ch.orgId, [eq(payments.paymentNo, paymentNo), eq(payments.provider, 'test')]));
    if (!payment) return { state: 'unknown' };
    const told = await ch.db
      .select({ body: paymentNotifications.body })
      .from(paymentNotifications)
      .where(
        and(
          eq(paymentNotifications.organizationId, ch.orgId),
          eq(paymentNotifications.paymentId, payment.id),
          eq(paymentNotifications.verified, true),
        ),
      )
      .orderBy(desc(paymentNotifications.id));
    for (const { body } of told) {
      const n = noticeOf(Object.fromEntries(new URLSearchParams(body)));
      if (n?.paid)
        return {
          state: 'paid',
          tradeNo: n.tradeNo ?? undefined,
          amount: n.amount ?? undefined,
          paidAt: n.paidAt ?? undefined,
        };
    }
    return { state: payment.status === 4 ? 'closed' : 'awaiting' };
  },
  // Nothing is open at the test provider but our own page, which refuses a closed payment.
  async close() {},
  async refund(_ch: Channel, p) {
    if (p.reason.includes(TEST_REFUND_FAIL)) return { ok: false, reason: 'declined by the test provider' };
    return { ok: true, providerRefundNo: `TESTR${randomBytes(6).toString('hex')}` };
  },
};
