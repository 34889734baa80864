import { ResultCode } from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, entriesOf, postOnce } from '../src/modules/ledger/ledger.service';
import { ledgerEntries } from '../src/modules/ledger/ledger.table';
import { pointsAccount } from '../src/modules/points/point-entries';
import { userIds } from './exam-fixture';
import { createTestApp, ok, type TestApp } from './harness';

// Points under races (issue 33), on PostgreSQL and on the embedded database: twenty deductions of
// 10 from a balance of 100 at once (fuint#71 credited 2,000 from 100): exactly ten go through, the
// balance ends at 0 with ten entries; and twenty postings of one award key at once make one entry.

let t: TestApp;
let orgId: number;
let admin: string;
let ids: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  orgId = t.ids.demo.orgId;
  ids = await userIds(t, ['s2026004', 's2026005']);
  admin = await t.login('demo', 'admin');
});
afterAll(() => t.close());

describe('points races', () => {
  it('lets exactly ten of twenty parallel deductions of 10 from 100 through', async () => {
    const userId = ids.s2026004!;
    const adjust = (action: number, amount: number, remark: string) =>
      t.call('POST', '/api/point/adjust', { token: admin, body: { userId, action, amount, remark } });
    ok(await adjust(1, 100, 'Start'));
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => adjust(2, 10, `Prize ${i}`)));
    expect(replies.filter((r) => r.code === ResultCode.Success)).toHaveLength(10);
    const refusals = replies.filter((r) => r.code !== ResultCode.Success);
    expect(refusals.map((r) => [r.code, r.error?.key, r.error?.field])).toEqual(
      Array(10).fill([ResultCode.InvalidParams, 'insufficientBalance', 'amount']),
    );
    const account = pointsAccount(orgId, userId);
    expect(await balanceOf(t.database.db, account)).toBe(0);
    const entries = await entriesOf(t.database.db, account);
    expect(entries.filter((e) => Number(e.amount) === -10)).toHaveLength(10);
    expect(entries.reduce((sum, e) => sum + Number(e.amount), 0)).toBe(0);
  });

  it('posts one award however many post its key at once', async () => {
    const account = pointsAccount(orgId, ids.s2026005!);
    const key = 'rule:1:task:1:race';
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.database.db.transaction((tx) =>
          postOnce(tx, account, { amount: 5, reason: 'Race', ref: { kind: 'rule', id: 1 }, idemKey: key }),
        ),
      ),
    );
    expect(results.filter((r) => r.posted)).toHaveLength(1);
    expect(new Set(results.map((r) => r.entry.id)).size).toBe(1);
    expect(await balanceOf(t.database.db, account)).toBe(5);
    const rows = await t.database.db
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.organizationId, orgId), eq(ledgerEntries.idemKey, key)));
    expect(rows).toHaveLength(1);
  });
});
