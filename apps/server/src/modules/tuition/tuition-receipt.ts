import {
  type OfflineMethod,
  type PaymentProvider,
  PaymentStatus,
  RefundStatus,
  type TuitionReceipt,
} from '@lyceum/contract';
import { eq, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { allows } from '../../platform/route';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { payments, refunds } from '../payment/payment.table';
import { users } from '../user/user.table';
import { invoiceRows } from './invoice-rows';
import { invoices } from './tuition.table';
import { originalAllocations, paidUpTo } from './tuition-allocations';
import { orgToday, schoolName } from './tuition-org';

// A paid tuition payment as its receipt prints it (the web's print view; the browser prints it or
// saves it as a PDF): the school, the receipt number, the student and the invoice, the amount and
// how it was paid, who took it, what it paid of which instalment, and what was owed after it.
// Only its payer, or staff who see the payment page; anyone else finds no such payment.

export async function tuitionReceipt(ctx: RequestContext, paymentId: number): Promise<TuitionReceipt> {
  const [found] = await ctx.db
    .select({ p: payments, bursar: users.realName })
    .from(payments)
    .leftJoin(users, sameOrg(users, payments, [eq(users.id, payments.recordedBy)]))
    .where(inOrg(payments, ctx.orgId, [eq(payments.id, paymentId), eq(payments.purpose, 'tuition')]));
  if (!found || (found.p.payerId !== ctx.userId && !allows(ctx, ['payment:page']))) throw notFound('Payment');
  const p = found.p;
  if (p.status !== PaymentStatus.Paid) throw notFound('Receipt');
  const { day } = await orgToday(ctx.db, ctx.orgId);
  const [invoice] = await invoiceRows(ctx.db, inOrg(invoices, ctx.orgId, [eq(invoices.id, p.purposeId)]), day);
  if (!invoice) throw notFound('Invoice');
  const allocations = await originalAllocations(ctx.db, ctx.orgId, p.id);
  const last = allocations.reduce((m, a) => Math.max(m, a.id), 0);
  const after = last ? invoice.total - (await paidUpTo(ctx.db, ctx.orgId, invoice.id, last)) : invoice.outstanding;
  const [back] = await ctx.db
    .select({ n: sql<number>`coalesce(sum(${refunds.amount}), 0)`.mapWith(Number) })
    .from(refunds)
    .where(inOrg(refunds, ctx.orgId, [eq(refunds.paymentId, p.id), eq(refunds.status, RefundStatus.Refunded)]));
  return {
    school: await schoolName(ctx.db, ctx.orgId),
    paymentId: p.id,
    receiptNo: p.receiptNo,
    paymentNo: p.paymentNo,
    provider: p.provider as PaymentProvider,
    method: p.method as OfflineMethod | null,
    providerTradeNo: p.providerTradeNo,
    amount: p.amount,
    currency: p.currency,
    paidAt: p.paidAt ? p.paidAt.toISOString() : null,
    bursar: found.bursar,
    note: p.note,
    student: {
      id: invoice.studentId,
      name: invoice.studentName,
      userName: invoice.userName,
      teamName: invoice.teamName,
    },
    invoice: { id: invoice.id, invoiceNo: invoice.invoiceNo, title: invoice.title, total: invoice.total },
    allocations: allocations.map(({ seq, dueDate, amount }) => ({ seq, dueDate, amount })),
    outstandingAfter: after,
    outstandingNow: invoice.outstanding,
    refunded: back?.n ?? 0,
  };
}
