import {
  type Instalment,
  type InvoiceDetail,
  type OfflineMethod,
  type PaymentProvider,
  type PaymentStatus,
  RefundStatus,
} from '@lyceum/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { payments, refunds } from '../payment/payment.table';
import { users } from '../user/user.table';
import { instalmentPaid, invoiceRows, OWING, qual } from './invoice-rows';
import { invoiceInstalments as ii, invoices as inv, invoiceLines, paymentAllocations as pa } from './tuition.table';

// One invoice whole: its lines, its instalments with what each has had paid and still owes, the
// payments made for it (each with what it allocated and what was refunded of it), the allocations
// one by one, and the refunds.

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function instalmentsOf(db: DbOrTx, orgId: number, invoiceIds: number[], today: string, owing: boolean) {
  if (!invoiceIds.length) return new Map<number, Instalment[]>();
  const found = await db
    .select({ row: ii, paid: instalmentPaid })
    .from(ii)
    .where(inOrg(ii, orgId, [inArray(ii.invoiceId, invoiceIds)]))
    .orderBy(asc(ii.invoiceId), asc(ii.seq));
  const out = new Map<number, Instalment[]>();
  for (const { row, paid } of found) {
    const list = out.get(row.invoiceId) ?? [];
    const outstanding = row.amount - paid;
    list.push({
      id: row.id,
      seq: row.seq,
      dueDate: row.dueDate,
      amount: row.amount,
      paid,
      outstanding,
      overdue: owing && outstanding > 0 && row.dueDate < today,
      remindedAt: iso(row.remindedAt),
    });
    out.set(row.invoiceId, list);
  }
  return out;
}

export async function linesOf(db: DbOrTx, orgId: number, invoiceIds: number[]) {
  const out = new Map<number, { id: number; name: string; amount: number }[]>();
  if (!invoiceIds.length) return out;
  const found = await db
    .select({
      id: invoiceLines.id,
      invoiceId: invoiceLines.invoiceId,
      name: invoiceLines.name,
      amount: invoiceLines.amount,
    })
    .from(invoiceLines)
    .where(inOrg(invoiceLines, orgId, [inArray(invoiceLines.invoiceId, invoiceIds)]))
    .orderBy(asc(invoiceLines.sort), asc(invoiceLines.id));
  for (const { invoiceId, ...line } of found) out.set(invoiceId, [...(out.get(invoiceId) ?? []), line]);
  return out;
}

// The payments made for the invoices (any state: an awaiting online payment shows too).
export async function paymentsOf(db: DbOrTx, orgId: number, invoiceIds: number[]) {
  const out = new Map<number, InvoiceDetail['payments']>();
  if (!invoiceIds.length) return out;
  const allocated = sql<number>`coalesce((select sum(a.amount) from ${pa} a
    where a.organization_id = ${qual(payments.organizationId)} and a.payment_id = ${qual(payments.id)}), 0)`.mapWith(
    Number,
  );
  const refunded = sql<number>`coalesce((select sum(r.amount) from ${refunds} r
    where r.organization_id = ${qual(payments.organizationId)} and r.payment_id = ${qual(payments.id)}
      and r.status = ${RefundStatus.Refunded}), 0)`.mapWith(Number);
  const found = await db
    .select({ p: payments, recordedByName: users.realName, allocated, refunded })
    .from(payments)
    .leftJoin(users, sameOrg(users, payments, [eq(users.id, payments.recordedBy)]))
    .where(inOrg(payments, orgId, [eq(payments.purpose, 'tuition'), inArray(payments.purposeId, invoiceIds)]))
    .orderBy(asc(payments.id));
  for (const { p, recordedByName, allocated: a, refunded: r } of found) {
    const row = {
      id: p.id,
      paymentNo: p.paymentNo,
      provider: p.provider as PaymentProvider,
      method: p.method as OfflineMethod | null,
      amount: p.amount,
      currency: p.currency,
      status: p.status as PaymentStatus,
      paidAt: iso(p.paidAt),
      receiptNo: p.receiptNo,
      recordedByName,
      allocated: a,
      refunded: r,
      createTime: p.createTime.toISOString(),
    };
    out.set(p.purposeId, [...(out.get(p.purposeId) ?? []), row]);
  }
  return out;
}

async function allocationsOf(db: DbOrTx, orgId: number, invoiceId: number): Promise<InvoiceDetail['allocations']> {
  const found = await db
    .select({ a: pa, seq: ii.seq })
    .from(pa)
    .innerJoin(ii, sameOrg(ii, pa, [eq(ii.id, pa.instalmentId)]))
    .where(inOrg(pa, orgId, [eq(pa.invoiceId, invoiceId)]))
    .orderBy(asc(pa.id));
  return found.map(({ a, seq }) => ({
    id: a.id,
    paymentId: a.paymentId,
    instalmentId: a.instalmentId,
    seq,
    amount: a.amount,
    reversalOf: a.reversalOf,
    createTime: a.createTime.toISOString(),
  }));
}

async function refundsOf(db: DbOrTx, orgId: number, paymentIds: number[]): Promise<InvoiceDetail['refunds']> {
  if (!paymentIds.length) return [];
  const found = await db
    .select()
    .from(refunds)
    .where(inOrg(refunds, orgId, [inArray(refunds.paymentId, paymentIds)]))
    .orderBy(asc(refunds.id));
  return found.map((r) => ({
    id: r.id,
    refundNo: r.refundNo,
    paymentId: r.paymentId,
    amount: r.amount,
    status: r.status as RefundStatus,
    reason: r.reason,
    failReason: r.failReason,
    finishedAt: iso(r.finishedAt),
    createTime: r.createTime.toISOString(),
  }));
}

// One invoice of the organisation, or "not found".
export async function invoiceDetail(db: DbOrTx, orgId: number, id: number, today: string): Promise<InvoiceDetail> {
  const [invoice] = await invoiceRows(db, inOrg(inv, orgId, [eq(inv.id, id)]), today);
  if (!invoice) throw notFound('Invoice');
  const owing = OWING.includes(invoice.status);
  const lines = await linesOf(db, orgId, [id]);
  const instalments = await instalmentsOf(db, orgId, [id], today, owing);
  const paid = (await paymentsOf(db, orgId, [id])).get(id) ?? [];
  return {
    ...invoice,
    lines: lines.get(id) ?? [],
    instalments: instalments.get(id) ?? [],
    payments: paid,
    allocations: await allocationsOf(db, orgId, id),
    refunds: await refundsOf(
      db,
      orgId,
      paid.map((p) => p.id),
    ),
  };
}
