import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, entriesOf, post } from '../src/modules/ledger/ledger.service';
import { ledgerBalances } from '../src/modules/ledger/ledger.table';
import { organizations } from '../src/modules/organization/organization.table';
import type { AppError } from '../src/platform/errors';
import { once } from '../src/platform/idempotency';
import { idempotencyKeys } from '../src/platform/idempotency.table';
import { userIds } from './exam-fixture';
import { createTestApp, type TestApp } from './harness';

// Issue 28, the engine pieces points, orders and tuition will stand on, proved where they live (the
// database), on PostgreSQL and on PGlite: a ledger that adds up under parallel debits, and an
// idempotency key that answers every retry with the first answer and writes once.

let t: TestApp;
let orgId: number;
let students: number[];

beforeAll(async () => {
  t = await createTestApp();
  const [org] = await t.database.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.domain, 'demo'));
  orgId = org!.id;
  students = Object.values(await userIds(t, ['s2026001', 's2026002', 's2026003']));
});
afterAll(() => t.close());

describe('a ledger', () => {
  it('never goes below 0: of 50 debits at once exactly those the balance affords go through', async () => {
    const db = t.database.db;
    const account = { orgId, kind: 'points', id: students[0]! };
    await db.transaction((tx) => post(tx, account, { amount: 200, reason: 'Welcome points' }));
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        db.transaction((tx) => post(tx, account, { amount: -10, reason: `Prize ${i}` })),
      ),
    );
    const done = results.filter((r) => r.status === 'fulfilled');
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(done).toHaveLength(20);
    expect(refused).toHaveLength(30);
    for (const err of refused) expect((err as AppError).detail?.key).toBe('insufficientBalance');
    // The balance is the sum of the entries, and every entry's balance after it is one of 0..200.
    expect(await balanceOf(db, account)).toBe(0);
    const entries = await entriesOf(db, account);
    expect(entries).toHaveLength(21);
    expect(entries.reduce((sum, e) => sum + Number(e.amount), 0)).toBe(0);
    expect(new Set(entries.map((e) => Number(e.balanceAfter)))).toEqual(
      new Set(Array.from({ length: 21 }, (_, i) => 200 - 10 * i)),
    );
    // The database itself refuses a negative balance, whatever the code does.
    await expect(
      db
        .update(ledgerBalances)
        .set({ balance: -1 })
        .where(and(eq(ledgerBalances.organizationId, orgId), eq(ledgerBalances.accountId, account.id))),
    ).rejects.toThrow();
  });
});

describe('an idempotency key', () => {
  it('answers 20 retries at once with the first answer, and writes once', async () => {
    const db = t.database.db;
    const account = { orgId, kind: 'points', id: students[1]! };
    const grant = () =>
      once(db, { orgId, scope: 'points.grant', key: 'order-42' }, (tx) =>
        post(tx, account, { amount: 5, reason: 'Order 42', ref: { kind: 'order', id: 42 } }),
      );
    const answers = await Promise.all(Array.from({ length: 20 }, grant));
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(answers.every((a) => a.balanceAfter === 5)).toBe(true);
    expect(await balanceOf(db, account)).toBe(5);
    expect(await entriesOf(db, account)).toHaveLength(1);
    // A later retry gets the same answer; another key is another call.
    expect((await grant()).id).toBe(answers[0]!.id);
    await once(db, { orgId, scope: 'points.grant', key: 'order-43' }, (tx) =>
      post(tx, account, { amount: 5, reason: 'Order 43' }),
    );
    expect(await balanceOf(db, account)).toBe(10);
  });

  it('lets the next call do the work when the first one failed', async () => {
    const db = t.database.db;
    const account = { orgId, kind: 'points', id: students[2]! };
    const spend = () =>
      once(db, { orgId, scope: 'points.spend', key: 'order-7' }, (tx) =>
        post(tx, account, { amount: -5, reason: 'Order 7' }),
      );
    await expect(spend()).rejects.toMatchObject({ detail: { key: 'insufficientBalance' } });
    const [kept] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.organizationId, orgId), eq(idempotencyKeys.key, 'order-7')));
    expect(kept!.n).toBe(0);
    await db.transaction((tx) => post(tx, account, { amount: 5, reason: 'Top-up' }));
    expect((await spend()).balanceAfter).toBe(0);
  });
});
