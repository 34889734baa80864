import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { PG_UNIQUE_VIOLATION, pgErrorOf } from '../../platform/db-errors';
import { AppError, businessError } from '../../platform/errors';
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
  // What the entry is for: a kind (an order, a rule, a hand adjustment) and, when there is one, its id.
  ref?: { kind: string; id?: number | null };
  // Who made it (a staff member's adjustment, a student's redemption); none for rules and jobs.
  operatorId?: number | null;
  // The business event it is for (`rule:3:task:9:12`, `goodsOrder:41`): at most one entry per key
  // in an account kind of an organisation (a unique index).
  idemKey?: string | null;
}

export interface Entry {
  id: number;
  amount: number;
  balanceAfter: number;
}

const IDEM_INDEX = 'ledger_entries_idem_uq';
const isIdemClash = (err: unknown) => {
  const pg = pgErrorOf(err);
  return pg?.code === PG_UNIQUE_VIOLATION && pg.constraint === IDEM_INDEX;
};

// An account's rows: its balance, or its entries.
const ofAccount = (table: typeof ledgerBalances | typeof ledgerEntries, account: Account) =>
  inOrg(table, account.orgId, [eq(table.accountKind, account.kind), eq(table.accountId, account.id)]);

// Adds one entry to an account's ledger and moves its balance, in the caller's transaction: the
// balance moves by a conditional update (never below 0), so of many debits at once exactly those
// the balance affords go through and the rest are refused (`insufficientBalance`), with nothing
// written for them. Never read-modify-write. A posting whose `idemKey` was posted already fails on
// the unique index (`alreadyPosted`): the caller's transaction is then spent, so nothing of it moves;
// `postOnce` is for callers to whom a second posting is no error.
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
  const entry = await tx
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
      operatorId: p.operatorId ?? null,
      idemKey: p.idemKey ?? null,
    })
    .returning(entryColumns)
    .then(([row]) => asEntry(row!))
    .catch((err: unknown) => {
      if (isIdemClash(err)) throw businessError('alreadyPosted');
      throw err;
    });
  return entry;
}

const entryColumns = { id: ledgerEntries.id, amount: ledgerEntries.amount, balanceAfter: ledgerEntries.balanceAfter };
const asEntry = (row: { id: number; amount: number; balanceAfter: number }): Entry => ({
  id: Number(row.id),
  amount: Number(row.amount),
  balanceAfter: Number(row.balanceAfter),
});

// Posts a keyed entry at most once: in a savepoint of the caller's transaction, so a key posted
// already (by an earlier run, or by a parallel one that committed first: PostgreSQL makes the second
// wait on the unique index) rolls back only this posting's balance move and answers the entry that
// holds the key, with `posted: false`. Other refusals (`insufficientBalance`) pass through.
export async function postOnce(
  tx: DbOrTx,
  account: Account,
  p: Posting & { idemKey: string },
): Promise<{ entry: Entry; posted: boolean }> {
  try {
    const entry = await tx.transaction((sp) => post(sp, account, p));
    return { entry, posted: true };
  } catch (err) {
    const clash = isIdemClash(err) || (err instanceof AppError && err.detail.key === 'alreadyPosted');
    if (!clash) throw err;
    const [row] = await tx
      .select(entryColumns)
      .from(ledgerEntries)
      .where(
        inOrg(ledgerEntries, account.orgId, [
          eq(ledgerEntries.accountKind, account.kind),
          eq(ledgerEntries.idemKey, p.idemKey),
        ]),
      );
    if (!row) throw err;
    return { entry: asEntry(row), posted: false };
  }
}

// Holds the account's balance row until the caller's transaction ends (made at 0 when missing), so
// that a check made before posting (a shop's limit per student) and the posting itself run one
// account's requests one after another. Answers the balance as held.
export async function holdAccount(tx: DbOrTx, account: Account): Promise<number> {
  await tx
    .insert(ledgerBalances)
    .values({ organizationId: account.orgId, accountKind: account.kind, accountId: account.id })
    .onConflictDoNothing();
  const [row] = await tx
    .select({ balance: ledgerBalances.balance })
    .from(ledgerBalances)
    .where(ofAccount(ledgerBalances, account))
    .for('update');
  return Number(row?.balance ?? 0);
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
