import { InvoiceStatus, moneyText, type SystemNotice } from '@lyceum/contract';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db';
import { inOrg } from '../../platform/tenant-sql';
import { idsQuery, sendNotice } from '../message/message-delivery';
import type { PaymentRow, PurposeHandler, RefundRow } from '../payment/payment-purposes';
import { holdInvoice, type InvoiceRow } from './invoice-actions';
import { invoices, paymentAllocations as pa } from './tuition.table';
import { allocatePayment, paidOf, reversePayment, rewriteStatus } from './tuition-allocations';

// Tuition as a purpose of payments (registered in wiring.ts): a paid payment is allocated to the
// invoice's instalments, a refund done reverses its allocations, in the payment core's transaction
// each time (once). The student is told of each.

const { Issued, PartiallyPaid, Paid, Refunded } = InvoiceStatus;
// Invoices money is put against (a paid one takes nothing more: the payment stays unallocated).
const TAKES_MONEY: number[] = [Issued, PartiallyPaid, Paid, Refunded];

async function tell(tx: Tx, invoice: InvoiceRow, kind: SystemNotice, params: Record<string, string | number>) {
  await sendNotice(tx, invoice.organizationId, {
    kind,
    params: { name: invoice.title, invoiceNo: invoice.invoiceNo, ...params },
    to: idsQuery([invoice.studentId]),
  });
}

export async function onTuitionPaid(tx: Tx, payment: PaymentRow): Promise<void> {
  const invoice = await holdInvoice(tx, payment.organizationId, payment.purposeId);
  // Money for an invoice cancelled meanwhile stays unallocated: staff refund it (it shows among the
  // invoice's payments with nothing allocated).
  if (!invoice || !TAKES_MONEY.includes(invoice.status)) return;
  await allocatePayment(tx, invoice, payment);
  const outstanding = await rewriteStatus(tx, invoice);
  await tell(tx, invoice, 'tuitionReceived', {
    amount: moneyText(payment.amount, payment.currency),
    receiptNo: payment.receiptNo ?? payment.paymentNo,
    outstanding: moneyText(Math.max(0, outstanding), invoice.currency),
  });
}

export async function onTuitionRefunded(tx: Tx, refund: RefundRow, payment: PaymentRow): Promise<void> {
  const invoice = await holdInvoice(tx, payment.organizationId, payment.purposeId);
  if (!invoice) return;
  await reversePayment(tx, invoice, payment.id, refund.amount);
  await rewriteStatus(tx, invoice);
  await tell(tx, invoice, 'refundDone', {
    amount: moneyText(refund.amount, payment.currency),
    orderNo: invoice.invoiceNo,
    reason: refund.reason,
  });
}

export async function onTuitionRefundFailed(tx: Tx, refund: RefundRow, payment: PaymentRow): Promise<void> {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(inOrg(invoices, payment.organizationId, [eq(invoices.id, payment.purposeId)]));
  if (!invoice) return;
  await tell(tx, invoice, 'refundFailed', {
    amount: moneyText(refund.amount, payment.currency),
    orderNo: invoice.invoiceNo,
    reason: refund.failReason ?? '',
  });
}

export const tuitionPurpose: PurposeHandler = {
  onPaid: onTuitionPaid,
  onRefunded: onTuitionRefunded,
  onRefundFailed: onTuitionRefundFailed,
  async describe(db: DbOrTx, orgId: number, invoiceId: number) {
    const [invoice] = await db
      .select()
      .from(invoices)
      .where(inOrg(invoices, orgId, [eq(invoices.id, invoiceId)]));
    if (!invoice) return null;
    const { paid } = await paidOf(db, orgId, invoiceId);
    return {
      subject: `${invoice.title} (${invoice.invoiceNo})`,
      payerId: invoice.studentId,
      amountDue: Math.max(0, invoice.total - paid),
      currency: invoice.currency,
    };
  },
  // The money tuition holds by its own books: what the allocations add up to, by currency.
  async heldMoney(db: DbOrTx, orgId: number) {
    const found = await db
      .select({ currency: invoices.currency, amount: sql<number>`coalesce(sum(${pa.amount}), 0)`.mapWith(Number) })
      .from(pa)
      .innerJoin(invoices, inOrg(invoices, orgId, [eq(invoices.id, pa.invoiceId)]))
      .where(eq(pa.organizationId, orgId))
      .groupBy(invoices.currency);
    return found.map((f) => ({ currency: f.currency, amount: f.amount }));
  },
};
