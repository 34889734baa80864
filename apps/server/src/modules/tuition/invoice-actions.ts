import { InvoiceStatus, invoiceStatusLabels, moneyText, PaymentStatus, type zInvoiceDiscount } from '@lyceum/contract';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx, Tx } from '../../platform/db';
import { invalidParams, notFound } from '../../platform/errors';
import { inOrg } from '../../platform/tenant-sql';
import { idsQuery, sendNotice } from '../message/message-delivery';
import { closePayment } from '../payment/payment.service';
import { payments } from '../payment/payment.table';
import { invoiceInstalments, invoices, paymentAllocations } from './tuition.table';
import { splitByShares } from './tuition-split';

// An invoice's moves before money: its discount while pending (the instalments split again in the
// same shares), issue (1 → 2: the student is told and may pay), cancel while nothing was paid
// against it (→ 5). Each is a compare-and-set on the status, so a second one finds it gone.

const { Pending, Issued, Cancelled } = InvoiceStatus;
export type InvoiceRow = typeof invoices.$inferSelect;

// Why an invoice cannot make a move: unknown (or another organisation's: the same words), or its state.
export async function stateRefusal(db: DbOrTx, orgId: number, id: number, action: string, actionZh: string) {
  const [row] = await db
    .select({ status: invoices.status })
    .from(invoices)
    .where(inOrg(invoices, orgId, [eq(invoices.id, id)]));
  if (!row) return notFound('Invoice');
  const label = invoiceStatusLabels[row.status as InvoiceStatus];
  const state = label.en.toLowerCase();
  return invalidParams('status', 'transition', {
    action,
    a: /^[aeiou]/i.test(state) ? 'an' : 'a',
    state,
    entity: 'invoice',
    actionZh,
    stateZh: label.zh,
  });
}

// The invoice held until the transaction ends, or null.
export async function holdInvoice(tx: Tx, orgId: number, id: number): Promise<InvoiceRow | null> {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(inOrg(invoices, orgId, [eq(invoices.id, id)]))
    .for('update');
  return row ?? null;
}

async function tellIssued(tx: Tx, orgId: number, rows: InvoiceRow[]): Promise<void> {
  if (!rows.length) return;
  const firsts = await tx
    .select({ invoiceId: invoiceInstalments.invoiceId, dueDate: invoiceInstalments.dueDate })
    .from(invoiceInstalments)
    .where(
      inOrg(invoiceInstalments, orgId, [
        inArray(
          invoiceInstalments.invoiceId,
          rows.map((r) => r.id),
        ),
        eq(invoiceInstalments.seq, 1),
      ]),
    );
  const due = new Map(firsts.map((f) => [f.invoiceId, f.dueDate]));
  for (const r of rows) {
    await sendNotice(tx, orgId, {
      kind: 'invoiceIssued',
      params: {
        name: r.title,
        invoiceNo: r.invoiceNo,
        amount: moneyText(r.total, r.currency),
        due: due.get(r.id) ?? '',
      },
      to: idsQuery([r.studentId]),
    });
  }
}

// Pending → issued for the invoices named (those not pending are left as they are); answers them.
async function issueWhere(ctx: RequestContext, ids: number[]): Promise<InvoiceRow[]> {
  return ctx.db.transaction(async (tx) => {
    const now = clock.date();
    const done = await tx
      .update(invoices)
      .set({ status: Issued, issuedAt: now, issuedBy: ctx.userId, updateTime: now })
      .where(inOrg(invoices, ctx.orgId, [inArray(invoices.id, ids), eq(invoices.status, Pending)]))
      .returning();
    await tellIssued(tx, ctx.orgId, done);
    return done;
  });
}

export async function issueInvoice(ctx: RequestContext, id: number): Promise<void> {
  const [done] = await issueWhere(ctx, [id]);
  if (!done) throw await stateRefusal(ctx.db, ctx.orgId, id, 'issue', '开具');
}

// Several at once; an id that names no invoice of the organisation refuses them all.
export async function issueInvoices(ctx: RequestContext, ids: number[]): Promise<number> {
  const found = await ctx.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(inOrg(invoices, ctx.orgId, [inArray(invoices.id, ids)]));
  const known = new Set(found.map((f) => f.id));
  const i = ids.findIndex((x) => !known.has(x));
  if (i >= 0) throw invalidParams(`ids.${i}`, 'noSuchReference', { entity: 'invoice', ids: String(ids[i]) });
  return (await issueWhere(ctx, [...new Set(ids)])).length;
}

// A pending invoice's discount: the total and the instalments follow (in the shares they had).
export async function setDiscount(
  ctx: RequestContext,
  id: number,
  input: z.output<typeof zInvoiceDiscount>,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await holdInvoice(tx, ctx.orgId, id);
    if (!row || row.status !== Pending) throw await stateRefusal(tx, ctx.orgId, id, 'discount', '减免');
    if (input.discount >= row.subtotal) throw invalidParams('discount', 'tooBig', { max: row.subtotal - 1 });
    const mine = inOrg(invoiceInstalments, ctx.orgId, [eq(invoiceInstalments.invoiceId, id)]);
    const before = await tx.select().from(invoiceInstalments).where(mine).orderBy(asc(invoiceInstalments.seq));
    const total = row.subtotal - input.discount;
    // The former amounts are the shares: a plan of 30/30/40 stays 30/30/40 of the new total.
    const parts = splitByShares(
      total,
      before.map((i) => i.amount),
    );
    const next = before
      .map((i, n) => ({ dueDate: i.dueDate, amount: parts[n]! }))
      .filter((i) => i.amount > 0)
      .map((i, n) => ({ ...i, seq: n + 1 }));
    await tx.delete(invoiceInstalments).where(mine);
    if (next.length)
      await tx.insert(invoiceInstalments).values(next.map((i) => ({ organizationId: ctx.orgId, invoiceId: id, ...i })));
    await tx
      .update(invoices)
      .set({ discount: input.discount, discountReason: input.reason, total, updateTime: clock.date() })
      .where(inOrg(invoices, ctx.orgId, [eq(invoices.id, id)]));
  });
}

// Cancels an invoice nothing was put against. Its open online payments are closed at the provider
// first: one the provider says was paid is applied (allocated), and the cancel is then refused.
export async function cancelInvoice(ctx: RequestContext, id: number, reason: string): Promise<void> {
  const open = await ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(
      inOrg(payments, ctx.orgId, [
        eq(payments.purpose, 'tuition'),
        eq(payments.purposeId, id),
        eq(payments.status, PaymentStatus.Awaiting),
      ]),
    );
  for (const p of open) await closePayment(ctx.db, ctx.orgId, p.id);
  await ctx.db.transaction(async (tx) => {
    const row = await holdInvoice(tx, ctx.orgId, id);
    if (!row || (row.status !== Pending && row.status !== Issued))
      throw await stateRefusal(tx, ctx.orgId, id, 'cancel', '作废');
    const [{ n }] = await tx
      .select({ n: count() })
      .from(paymentAllocations)
      .where(and(eq(paymentAllocations.organizationId, ctx.orgId), eq(paymentAllocations.invoiceId, id)));
    if (Number(n) > 0) throw invalidParams('status', 'invoiceHasPayments');
    const now = clock.date();
    await tx
      .update(invoices)
      .set({ status: Cancelled, cancelledAt: now, cancelledBy: ctx.userId, cancelReason: reason, updateTime: now })
      .where(inOrg(invoices, ctx.orgId, [eq(invoices.id, id)]));
  });
}
