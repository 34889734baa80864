import type { NotificationOutcome, OnlineProvider } from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../platform/db';
import { paymentNotifications, payments } from './payment.table';
import { applyPaid, channelForPayment } from './payment-core';
import { orgOfPaymentNo } from './payment-keys';
import { adapterFor, type Notice, type RawNotice } from './payment-provider';
import type { PaymentRow } from './payment-purposes';

// A provider's notification, public and trusted only by its signature. It is kept as it came
// (payment_notifications) whatever becomes of it, with its outcome: the payment number names the
// organisation, whose channel verifies the signature; the amount and currency must be the
// payment's; then the payment is made paid once (payment-core's applyPaid) in the transaction
// that keeps the notification, so of twenty copies at once one is "applied", the rest "duplicate".

export const MAX_NOTIFY_BYTES = 64 * 1024;

export interface NotifyResult {
  outcome: NotificationOutcome;
  // Whether the provider is told "received" (else it sends again later).
  ok: boolean;
  paymentId: number | null;
}

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;

interface Kept {
  orgId: number | null;
  paymentId: number | null;
  verified: boolean;
  outcome: NotificationOutcome;
}

async function keep(db: DbOrTx, provider: OnlineProvider, raw: RawNotice, k: Kept): Promise<void> {
  await db.insert(paymentNotifications).values({
    organizationId: k.orgId,
    provider,
    paymentId: k.paymentId,
    body: raw.body.slice(0, MAX_NOTIFY_BYTES),
    headers: raw.headers,
    verified: k.verified,
    outcome: k.outcome,
  });
}

// What a verified notice, checked against its payment, comes to before anything is applied.
function judge(n: Notice, p: PaymentRow): NotificationOutcome | null {
  if (!n.paid) return 'notPaid';
  if (n.amount !== p.amount || (n.currency !== null && n.currency !== p.currency)) return 'amountMismatch';
  return null;
}

export async function receiveNotification(
  db: Db,
  provider: OnlineProvider,
  raw: RawNotice,
  opts: { truncated: boolean; log: Log },
): Promise<NotifyResult> {
  const done = async (k: Kept, ok: boolean): Promise<NotifyResult> => {
    await keep(db, provider, raw, k);
    return { outcome: k.outcome, ok, paymentId: k.paymentId };
  };
  const adapter = adapterFor(provider);
  const unknown = { orgId: null, paymentId: null, verified: false };
  if (opts.truncated) return done({ ...unknown, outcome: 'malformed' }, false);
  const paymentNo = adapter.peek(raw);
  if (!paymentNo) return done({ ...unknown, outcome: 'malformed' }, false);
  const orgId = orgOfPaymentNo(paymentNo);
  const [payment] =
    orgId === null
      ? []
      : await db
          .select()
          .from(payments)
          .where(
            and(eq(payments.organizationId, orgId), eq(payments.paymentNo, paymentNo), eq(payments.provider, provider)),
          );
  if (!payment || orgId === null) return done({ ...unknown, outcome: 'unknownPayment' }, false);
  const here = { orgId, paymentId: payment.id };

  const ch = await channelForPayment(db, orgId, provider);
  const notice = ch ? await adapter.verify(ch, raw) : null;
  if (!notice || notice.paymentNo !== paymentNo) {
    opts.log.warn({ orgId, paymentId: payment.id, provider }, 'payment notification: bad signature, kept and ignored');
    return done({ ...here, verified: false, outcome: 'badSignature' }, false);
  }
  const refused = judge(notice, payment);
  if (refused) {
    if (refused === 'amountMismatch')
      opts.log.warn(
        { orgId, paymentId: payment.id, amount: notice.amount, currency: notice.currency },
        'payment notification: the amount is not the payment’s, nothing applied',
      );
    return done({ ...here, verified: true, outcome: refused }, true);
  }
  try {
    return await db.transaction(async (tx) => {
      const applied = await applyPaid(tx, orgId, payment.id, { tradeNo: notice.tradeNo, paidAt: notice.paidAt });
      const outcome = applied ? 'applied' : 'duplicate';
      await keep(tx, provider, raw, { ...here, verified: true, outcome });
      return { outcome, ok: true, paymentId: payment.id };
    });
  } catch (err) {
    // Nothing of the transaction stayed; the provider sends it again later.
    opts.log.error({ err, orgId, paymentId: payment.id }, 'payment notification: applying it failed');
    return done({ ...here, verified: true, outcome: 'failed' }, false);
  }
}

// Reads a form body from the raw request (the app hands non-JSON bodies over as streams) up to the
// bound; past it the rest is read and dropped, and the notification is marked truncated.
export async function readBody(body: unknown): Promise<{ text: string; truncated: boolean }> {
  if (typeof body === 'string')
    return { text: body.slice(0, MAX_NOTIFY_BYTES), truncated: body.length > MAX_NOTIFY_BYTES };
  if (body && typeof body === 'object' && Symbol.asyncIterator in body) {
    const chunks: Buffer[] = [];
    let size = 0;
    let truncated = false;
    for await (const chunk of body as AsyncIterable<Buffer | string>) {
      const b = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      if (size + b.length > MAX_NOTIFY_BYTES) truncated = true;
      if (!truncated) chunks.push(b);
      size += b.length;
    }
    return { text: Buffer.concat(chunks).toString('utf8'), truncated };
  }
  // A JSON body the app parsed: kept as JSON text.
  return { text: body === undefined ? '' : JSON.stringify(body), truncated: false };
}
