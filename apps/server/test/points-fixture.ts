import { and, eq } from 'drizzle-orm';
import { ledgerBalances, ledgerEntries } from '../src/modules/ledger/ledger.table';
import { POINTS } from '../src/modules/points/point-entries';
import { pointRules } from '../src/modules/shop/shop.table';
import type { TestApp } from './harness';

// The points tests count every entry of the organisation: they start from no rule and an empty
// points ledger, whatever the demo seeded (its rules and their awards, a hand adjustment).
export async function withoutPoints(t: TestApp, orgId: number): Promise<void> {
  const db = t.database.db;
  await db.delete(pointRules).where(eq(pointRules.organizationId, orgId));
  await db
    .delete(ledgerEntries)
    .where(and(eq(ledgerEntries.organizationId, orgId), eq(ledgerEntries.accountKind, POINTS)));
  await db
    .delete(ledgerBalances)
    .where(and(eq(ledgerBalances.organizationId, orgId), eq(ledgerBalances.accountKind, POINTS)));
}
