import { InvoiceStatus } from '@lyceum/contract';
import { and, asc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { DbOrTx, Tx } from '../../platform/db';
import { inOrg } from '../../platform/tenant-sql';
import type { InvoiceRow } from './invoice-actions';
import { instalmentPaid, qual } from './invoice-rows';
import { invoiceInstalments as ii, invoices, paymentAllocations as pa } from './tuition.table';
import { type AllocationEntry, allocate, type LiveAllocation, reverse } from './tuition-split';

// The allocations of payments to instalments (append-only) and the invoice's status that follows
// them. Every function here runs with the invoice held (FOR UPDATE) by the caller's transaction, so
// what it reads of the allocations is what the next writer will find too.

const { Issued, PartiallyPaid, Paid, Refunded } = InvoiceStatus;

// What was put against the invoice, net of reversals, and whether any reversal was made.
export async function paidOf(
  tx: DbOrTx,
  orgId: number,
  invoiceId: number,
): Promise<{ paid: number; reversed: boolean }> {
  const [row] = await tx
    .select({
      paid: sql<number>`coalesce(sum(${pa.amount}), 0)`.mapWith(Number),
      reversed: sql<boolean>`coalesce(bool_or(${pa.amount} < 0), false)`,
    })
    .from(pa)
    .where(inOrg(pa, orgId, [eq(pa.invoiceId, invoiceId)]));
  return { paid: row?.paid ?? 0, reversed: Boolean(row?.reversed) };
}

async function append(tx: Tx, orgId: number, paymentId: number, invoiceId: number, entries: AllocationEntry[]) {
  if (!entries.length) return;
  await tx.insert(pa).values(entries.map((e) => ({ organizationId: orgId, paymentId, invoiceId, ...e })));
}

// Partly paid and paid follow the allocations; an invoice whose payments were all refunded is
// "refunded". Written from the sums, never moved by a step.
export async function rewriteStatus(tx: Tx, invoice: InvoiceRow): Promise<number> {
  const { paid, reversed } = await paidOf(tx, invoice.organizationId, invoice.id);
  const status = paid >= invoice.total ? Paid : paid > 0 ? PartiallyPaid : reversed ? Refunded : Issued;
  await tx
    .update(invoices)
    .set({ status, updateTime: clock.date() })
    .where(
      inOrg(invoices, invoice.organizationId, [
        eq(invoices.id, invoice.id),
        inArray(invoices.status, [Issued, PartiallyPaid, Paid, Refunded]),
      ]),
    );
  return invoice.total - paid;
}

// A paid payment put against the earliest instalments still owing; what does not fit (the invoice
// owes less than the payment: an online payment that arrived after the desk took the rest) stays
// unallocated and is answered, for a refund by staff.
export async function allocatePayment(
  tx: Tx,
  invoice: InvoiceRow,
  payment: { id: number; amount: number },
): Promise<{ allocated: number; left: number }> {
  const orgId = invoice.organizationId;
  const owed = await tx
    .select({ id: ii.id, seq: ii.seq, amount: ii.amount, paid: instalmentPaid })
    .from(ii)
    .where(inOrg(ii, orgId, [eq(ii.invoiceId, invoice.id)]))
    .orderBy(asc(ii.seq));
  const { parts, left } = allocate(owed, payment.amount);
  await append(
    tx,
    orgId,
    payment.id,
    invoice.id,
    parts.map((p) => ({ ...p, reversalOf: null })),
  );
  return { allocated: payment.amount - left, left };
}

// A refund of `amount` of a payment: its live allocations (positive, not reversed yet) reversed,
// the latest instalment first (tuition-split's reverse). Answers what was taken back.
export async function reversePayment(tx: Tx, invoice: InvoiceRow, paymentId: number, amount: number): Promise<number> {
  const orgId = invoice.organizationId;
  const undone = sql`not exists (select 1 from ${pa} r where r.organization_id = ${qual(pa.organizationId)}
    and r.reversal_of = ${qual(pa.id)})`;
  const live: LiveAllocation[] = await tx
    .select({ id: pa.id, instalmentId: pa.instalmentId, seq: ii.seq, amount: pa.amount })
    .from(pa)
    .innerJoin(ii, and(eq(ii.organizationId, pa.organizationId), eq(ii.id, pa.instalmentId)))
    .where(inOrg(pa, orgId, [eq(pa.paymentId, paymentId), gt(pa.amount, 0), undone]));
  const { entries, left } = reverse(live, amount);
  await append(tx, orgId, paymentId, invoice.id, entries);
  return amount - left;
}

// The payment's allocations as it made them (before any reversal of it), and the invoice's
// allocations up to them: what a receipt shows, and what was owed right after it.
export async function originalAllocations(db: DbOrTx, orgId: number, paymentId: number) {
  const firstReversal = sql`(select min(r.id) from ${pa} r where r.organization_id = ${orgId}
    and r.payment_id = ${paymentId} and r.amount < 0)`;
  return db
    .select({ id: pa.id, seq: ii.seq, dueDate: ii.dueDate, amount: pa.amount })
    .from(pa)
    .innerJoin(ii, and(eq(ii.organizationId, pa.organizationId), eq(ii.id, pa.instalmentId)))
    .where(
      inOrg(pa, orgId, [
        eq(pa.paymentId, paymentId),
        gt(pa.amount, 0),
        isNull(pa.reversalOf),
        sql`(${firstReversal} is null or ${qual(pa.id)} < ${firstReversal})`,
      ]),
    )
    .orderBy(asc(ii.seq));
}

// What the invoice had had allocated up to (and with) allocation `lastId`.
export async function paidUpTo(db: DbOrTx, orgId: number, invoiceId: number, lastId: number) {
  const [row] = await db
    .select({ paid: sql<number>`coalesce(sum(${pa.amount}), 0)`.mapWith(Number) })
    .from(pa)
    .where(inOrg(pa, orgId, [eq(pa.invoiceId, invoiceId), lt(pa.id, lastId + 1)]));
  return row?.paid ?? 0;
}
