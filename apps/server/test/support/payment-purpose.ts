import type { PaymentPurpose } from '@lyceum/contract';
import {
  type PaymentRow,
  type PurposeHandler,
  paymentPurposes,
  type RefundRow,
} from '../../src/modules/payment/payment-purposes';
import type { RequestContext } from '../../src/platform/context';
import type { TestApp } from '../harness';

// A purpose of the payment tests' own, registered on the port in place of the real one while a file
// runs (restore() puts the real one back): it records what the payment core told it, so the tests
// prove the core's promises (onPaid once, onRefunded once) without the course-order or tuition
// modules. Its money held is what it was told: paid less refunded.

export interface RecordingPurpose {
  purpose: PaymentPurpose;
  paid: PaymentRow[];
  refunded: RefundRow[];
  failed: RefundRow[];
  // Makes onPaid throw (the purpose refuses), until set back to false.
  refuse: boolean;
  restore(): void;
}

export function recordingPurpose(purpose: PaymentPurpose = 'tuition'): RecordingPurpose {
  const rec = {
    purpose,
    paid: [] as PaymentRow[],
    refunded: [] as RefundRow[],
    failed: [] as RefundRow[],
    refuse: false,
  };
  const handler: PurposeHandler = {
    async onPaid(_tx, payment) {
      if (rec.refuse) throw new Error('the test purpose refuses');
      rec.paid.push(payment);
    },
    async onRefunded(_tx, refund) {
      rec.refunded.push(refund);
    },
    async onRefundFailed(_tx, refund) {
      rec.failed.push(refund);
    },
    async describe(_db, _orgId, purposeId) {
      return { subject: `Test purpose ${purposeId}`, payerId: 0, amountDue: 0, currency: 'CNY' };
    },
    async heldMoney() {
      const by = new Map<string, number>();
      for (const p of rec.paid) by.set(p.currency, (by.get(p.currency) ?? 0) + p.amount);
      const paymentsById = new Map(rec.paid.map((p) => [p.id, p]));
      for (const r of rec.refunded) {
        const cur = paymentsById.get(r.paymentId)?.currency ?? 'CNY';
        by.set(cur, (by.get(cur) ?? 0) - r.amount);
      }
      return [...by].map(([currency, amount]) => ({ currency, amount }));
    },
  };
  const restore = paymentPurposes.register(purpose, handler);
  return Object.assign(rec, { restore });
}

// A request context of a demo user, for calling the payment service as a route would.
export function contextOf(t: TestApp, userId: number, domain = 'demo'): RequestContext {
  return {
    orgId: domain === 'demo' ? t.ids.demo.orgId : t.ids.north.orgId,
    domain,
    userId,
    userName: `user${userId}`,
    realName: `User ${userId}`,
    roleId: null,
    roleKind: null,
    permissions: new Set(),
    tokenHash: '',
    db: t.database.db,
  };
}

export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

// Posts a provider's notification as the provider would (no session).
export async function notify(t: TestApp, provider: 'test' | 'alipay', body: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/payment/notify/${provider}`,
    headers: FORM,
    payload: body,
  });
  return { status: res.statusCode, text: res.body };
}
