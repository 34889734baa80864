import { type NotificationOutcome, type Payment, type PaymentPurpose, PaymentStatus } from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { RequestContext } from '../../platform/context';
import { businessError, notFound } from '../../platform/errors';
import { inOrg } from '../../platform/tenant-sql';
import { payments } from './payment.table';
import { receiveNotification } from './payment-notify';
import { paymentPurposes } from './payment-purposes';
import { paymentAnswer } from './payment-read';
import { testNotification } from './test-provider';

// The test provider's page (/pay/test/<paymentNo> in the web app): the payer sees what they are
// asked to pay and clicks Pay or Decline. No money moves. The choice becomes the test provider's
// signed notification, handed to the same notification handler a real provider's post reaches.

async function payersTestPayment(ctx: RequestContext, paymentNo: string) {
  const [p] = await ctx.db
    .select()
    .from(payments)
    .where(
      inOrg(payments, ctx.orgId, [
        eq(payments.paymentNo, paymentNo),
        eq(payments.provider, 'test'),
        eq(payments.payerId, ctx.userId),
      ]),
    );
  if (!p) throw notFound('payment');
  return p;
}

export async function testPaymentView(ctx: RequestContext, paymentNo: string) {
  const p = await payersTestPayment(ctx, paymentNo);
  const purpose = p.purpose as PaymentPurpose;
  const about = await paymentPurposes.get(purpose).describe(ctx.db, ctx.orgId, p.purposeId);
  return {
    paymentNo: p.paymentNo,
    subject: about?.subject ?? `${purpose} ${p.purposeId}`,
    amount: p.amount,
    currency: p.currency,
    status: p.status as PaymentStatus,
    purpose,
    purposeId: p.purposeId,
  };
}

export async function completeTestPayment(
  ctx: RequestContext,
  input: { paymentNo: string; outcome: 'paid' | 'declined' },
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
): Promise<{ outcome: NotificationOutcome; payment: Payment }> {
  const p = await payersTestPayment(ctx, input.paymentNo);
  if (p.status !== PaymentStatus.Awaiting) throw businessError('paymentNotAwaiting');
  const body = testNotification(ctx.orgId, {
    paymentNo: p.paymentNo,
    outcome: input.outcome,
    amount: p.amount,
    currency: p.currency,
  });
  const result = await receiveNotification(
    ctx.db,
    'test',
    { body, contentType: 'application/x-www-form-urlencoded', headers: { 'user-agent': 'lyceum test provider' } },
    { truncated: false, log },
  );
  return { outcome: result.outcome, payment: await paymentAnswer(ctx.db, ctx.orgId, p.id) };
}
