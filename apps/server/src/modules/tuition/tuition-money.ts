import {
  InvoiceStatus,
  moneyText,
  type OnlineProvider,
  type PayAnswer,
  type zCollect,
  type zPayInvoice,
  type zTuitionRefund,
} from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { type AppError, invalidParams, notFound } from '../../platform/errors';
import { inOrg } from '../../platform/tenant-sql';
import { processRefund, recordOffline, requestRefund, startPayment } from '../payment/payment.service';
import { payments } from '../payment/payment.table';
import { channelFor } from '../payment/payment-channels';
import { holdInvoice, type InvoiceRow, stateRefusal } from './invoice-actions';
import { invoices } from './tuition.table';
import { paidOf } from './tuition-allocations';

// Money for an invoice: taken at the desk (collect), paid online by the student (pay), given back
// (refund). The invoice is held (FOR UPDATE) while what it still owes is computed and the payment
// recorded, so parallel payments never together pay more than it owes: each waits for the one
// before, then finds its allocations. The allocation itself is tuition's onPaid (tuition-purpose.ts),
// called by the payment core in the same transaction.

const { Issued, PartiallyPaid } = InvoiceStatus;
const PAYABLE: number[] = [Issued, PartiallyPaid];

function overpayment(invoice: InvoiceRow, owed: number): AppError {
  return invalidParams('amount', 'overpayment', { outstanding: moneyText(Math.max(0, owed), invoice.currency) });
}

// The payment of this payer made with this request key, if any.
async function byRequestKey(db: DbOrTx, orgId: number, payerId: number, key: string | undefined) {
  if (!key) return null;
  const [hit] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(inOrg(payments, orgId, [eq(payments.payerId, payerId), eq(payments.requestKey, key)]));
  return hit ? hit.id : null;
}

async function studentOf(db: DbOrTx, orgId: number, invoiceId: number): Promise<number | null> {
  const [row] = await db
    .select({ studentId: invoices.studentId })
    .from(invoices)
    .where(inOrg(invoices, orgId, [eq(invoices.id, invoiceId)]));
  return row?.studentId ?? null;
}

// Money taken at the desk: answers the payment's id (the first one's, for a repeated request key).
export async function collectFee(ctx: RequestContext, id: number, input: z.output<typeof zCollect>): Promise<number> {
  const payer = await studentOf(ctx.db, ctx.orgId, id);
  if (payer === null) throw notFound('Invoice');
  const before = await byRequestKey(ctx.db, ctx.orgId, payer, input.requestKey);
  if (before) return before;
  try {
    return await ctx.db.transaction(async (tx) => {
      const invoice = await holdInvoice(tx, ctx.orgId, id);
      if (!invoice || !PAYABLE.includes(invoice.status))
        throw await stateRefusal(tx, ctx.orgId, id, 'record a payment of', '登记缴费');
      const owed = invoice.total - (await paidOf(tx, ctx.orgId, id)).paid;
      if (input.amount > owed) throw overpayment(invoice, owed);
      const { payment } = await recordOffline(tx, ctx, {
        purpose: 'tuition',
        purposeId: id,
        payerId: invoice.studentId,
        amount: input.amount,
        currency: invoice.currency,
        method: input.method,
        note: input.note,
        requestKey: input.requestKey ?? null,
      });
      return payment.id;
    });
  } catch (err) {
    // The same key's first request committed meanwhile (it took what was owed): its payment answers.
    const first = await byRequestKey(ctx.db, ctx.orgId, payer, input.requestKey);
    if (first) return first;
    throw err;
  }
}

// The organisation's online channel a student pays through when they name none: Alipay when it is
// on, else the test provider.
async function defaultProvider(db: DbOrTx, orgId: number): Promise<OnlineProvider> {
  return (await channelFor(db, orgId, 'alipay')) ? 'alipay' : 'test';
}

// The student pays one of their invoices online (default: all it still owes).
export async function payInvoice(
  ctx: RequestContext,
  id: number,
  input: z.output<typeof zPayInvoice>,
  origin: string,
): Promise<PayAnswer> {
  const [invoice] = await ctx.db
    .select()
    .from(invoices)
    .where(inOrg(invoices, ctx.orgId, [eq(invoices.id, id), eq(invoices.studentId, ctx.userId)]));
  if (!invoice) throw notFound('Invoice');
  if (!PAYABLE.includes(invoice.status)) throw await stateRefusal(ctx.db, ctx.orgId, id, 'pay', '缴纳');
  const owed = invoice.total - (await paidOf(ctx.db, ctx.orgId, id)).paid;
  const amount = input.amount ?? owed;
  if (owed <= 0 || amount > owed) throw overpayment(invoice, owed);
  const { payment, payUrl } = await startPayment(ctx, {
    purpose: 'tuition',
    purposeId: id,
    amount,
    currency: invoice.currency,
    provider: input.provider ?? (await defaultProvider(ctx.db, ctx.orgId)),
    subject: `${invoice.title} (${invoice.invoiceNo})`,
    ...(input.requestKey ? { requestKey: input.requestKey } : {}),
    origin,
  });
  return { payUrl, paymentNo: payment.paymentNo, paymentId: payment.id };
}

// A refund of (part of) a payment of the invoice: asked for with the invoice held, then carried out
// (offline at once; online by the provider). Its allocations are reversed when it is done
// (tuition-purpose.ts).
export async function refundFee(
  ctx: RequestContext,
  id: number,
  input: z.output<typeof zTuitionRefund>,
): Promise<void> {
  const refund = await ctx.db.transaction(async (tx) => {
    const invoice = await holdInvoice(tx, ctx.orgId, id);
    if (!invoice) throw notFound('Invoice');
    const [payment] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        inOrg(payments, ctx.orgId, [
          and(eq(payments.id, input.paymentId), eq(payments.purpose, 'tuition'), eq(payments.purposeId, id)),
        ]),
      );
    if (!payment)
      throw invalidParams('paymentId', 'noSuchReference', {
        entity: 'payment of this invoice',
        ids: String(input.paymentId),
      });
    return requestRefund(tx, ctx, { paymentId: payment.id, amount: input.amount, reason: input.reason });
  });
  await processRefund(ctx.db, ctx.orgId, refund.id, ctx.userId);
}
