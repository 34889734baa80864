import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { OWING, qual } from './invoice-rows';
import { invoices, paymentAllocations } from './tuition.table';

// What other modules read of a student's tuition (graduation's audit): what their issued invoices
// still owe, per currency (the total less the allocations, never a stored figure).

export interface Owed {
  currency: string;
  amount: number;
}

export async function tuitionOwed(db: DbOrTx, orgId: number, studentId: number): Promise<Owed[]> {
  const paid = sql`coalesce((select sum(a.amount) from ${paymentAllocations} a
    where a.organization_id = ${qual(invoices.organizationId)} and a.invoice_id = ${qual(invoices.id)}), 0)`;
  const list = await db
    .select({
      currency: invoices.currency,
      amount: sql<number>`sum(${invoices.total} - ${paid})`.mapWith(Number),
    })
    .from(invoices)
    .where(and(eq(invoices.organizationId, orgId), eq(invoices.studentId, studentId), inArray(invoices.status, OWING)))
    .groupBy(invoices.currency);
  return list.filter((o) => o.amount > 0);
}
