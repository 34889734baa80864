import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createTime, organizationId } from '../../platform/columns';
import { organizations, tenantTable } from '../../platform/organizations.table';

// Ledgers (issue 28): money and points are an append-only list of entries; the balance beside it is
// written in the same transaction, by a conditional update, and a CHECK keeps it from going negative.
// An account is a kind ("points", "tuition") and an id in that kind (a student).
export const ledgerBalances = pgTable(
  'ledger_balances',
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
    accountKind: varchar('account_kind', { length: 32 }).notNull(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    // In the ledger's smallest unit (points, or cents): whole numbers only.
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.accountKind, t.accountId] }),
    check('ledger_balances_not_negative_ck', sql`${t.balance} >= 0`),
  ],
);

export const ledgerEntries = tenantTable(
  'ledger_entries',
  {
    accountKind: varchar('account_kind', { length: 32 }).notNull(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    reason: varchar('reason', { length: 200 }).notNull(),
    // What the entry is for (an order, an exam), when it is for something.
    refKind: varchar('ref_kind', { length: 32 }),
    refId: bigint('ref_id', { mode: 'number' }),
    // Who made it (a staff member's adjustment, a student's redemption); null for the product's own
    // rules and jobs (issue 33).
    operatorId: bigint('operator_id', { mode: 'number' }),
    // One entry per business event: a rule's award, an order's payment and its reversal each carry a
    // key, and the unique index makes a second posting of the same event fail with nothing moved.
    idemKey: varchar('idem_key', { length: 128 }),
    createTime: createTime(),
  },
  (t) => [
    index('ledger_entries_account_ix').on(t.organizationId, t.accountKind, t.accountId, t.id),
    uniqueIndex('ledger_entries_idem_uq')
      .on(t.organizationId, t.accountKind, t.idemKey)
      .where(sql`${t.idemKey} is not null`),
    // The organisation's ledger over time (the staff's ledger list, the daily figures).
    index('ledger_entries_time_ix').on(t.organizationId, t.accountKind, t.createTime),
    check('ledger_entries_amount_ck', sql`${t.amount} <> 0`),
    check('ledger_entries_balance_ck', sql`${t.balanceAfter} >= 0`),
  ],
);
