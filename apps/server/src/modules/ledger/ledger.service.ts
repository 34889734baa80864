import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { businessError } from '../../platform/errors';
import { inOrg } from '../../platform/tenant-sql';
import { ledgerBalances, ledgerEntries } from './ledger.table';

export interface Account {
  orgId: number;
  kind: string;
  id: number;
}

export interface Posting {
  amount: number;
  reason: string;
  ref?: { kind: string; id: number };
}

export interface Entry {
  id: number;
  amount: number;
  balanceAfter: number;
}

// An account's rows: its balance, or its entries.
const ofAccount = (table: typeof ledgerBalances | typeof ledgerEntries, account: Account) =>
  inOrg(table, account.orgId, [eq(table.accountKind, account.kind), eq(table.accountId, account.id)]);

// Adds one entry to an account's ledger and moves its balance, in the caller's transaction: the
// balance moves by a conditional update (never below 0), so of many debits at once exactly those
// the balance affords go through and the rest are refused (`insufficientBalance`), with nothing
// written for them. Never read-modify-write.
export async function post(tx: DbOrTx, account: Account, p: Posting): Promise<Entry> {
  if (!Number.isSafeInteger(p.amount) || p.amount === 0) throw new Error(`ledger amount ${p.amount}`);
  const key = ofAccount(ledgerBalances, account);
  await tx
    .insert(ledgerBalances)
    .values({ organizationId: account.orgId, accountKind: account.kind, accountId: account.id })
    .onConflictDoNothing();
  const [moved] = await tx
    .update(ledgerBalances)
    .set({ balance: sql`${ledgerBalances.balance} + ${p.amount}` })
    .where(and(key, sql`${ledgerBalances.balance} + ${p.amount} >= 0`))
    .returning({ balance: ledgerBalances.balance });
  if (!moved) {
    const [now] = await tx.select({ balance: ledgerBalances.balance }).from(ledgerBalances).where(key);
    throw businessError('insufficientBalance', { balance: Number(now?.balance ?? 0), amount: -p.amount });
  }
  const [entry] = await tx
    .insert(ledgerEntries)
    .values({
      organizationId: account.orgId,
      accountKind: account.kind,
      accountId: account.id,
      amount: p.amount,
      balanceAfter: Number(moved.balance),
      reason: p.reason,
      refKind: p.ref?.kind ?? null,
      refId: p.ref?.id ?? null,
    })
    .returning({ id: ledgerEntries.id, amount: ledgerEntries.amount, balanceAfter: ledgerEntries.balanceAfter });
  return { id: Number(entry!.id), amount: Number(entry!.amount), balanceAfter: Number(entry!.balanceAfter) };
}

export async function balanceOf(db: DbOrTx, account: Account): Promise<number> {
  const [row] = await db
    .select({ balance: ledgerBalances.balance })
    .from(ledgerBalances)
    .where(ofAccount(ledgerBalances, account));
  return Number(row?.balance ?? 0);
}

// The account's entries, oldest first: the balance is their sum (the test of a ledger).
export async function entriesOf(db: DbOrTx, account: Account) {
  return db
    .select({ id: ledgerEntries.id, amount: ledgerEntries.amount, balanceAfter: ledgerEntries.balanceAfter })
    .from(ledgerEntries)
    .where(ofAccount(ledgerEntries, account))
    .orderBy(asc(ledgerEntries.id));
}
