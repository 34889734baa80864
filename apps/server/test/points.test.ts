import { ResultCode } from '@lyceum/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../src/modules/ledger/ledger.table';
import { userIds } from './exam-fixture';
import { createTestApp, ok, refused, type TestApp } from './harness';
import { withoutPoints } from './points-fixture';

// Points (issue 33) on the database: hand adjustments (bad input named, a deduction beyond the
// balance refused with nothing written, the operation log), the caller's and the staff's lists, the
// daily summary and the export, the rules awarding exactly once (twice run, two runs at once, a
// score not released yet awarding nothing), and the drift check. The race of parallel deductions
// is points-races.test.ts (PostgreSQL and PGlite).

let t: TestApp;
let orgId: number;
let admin: string;
let teacher: string;
let student: string;
let ids: Record<string, number>;
let northStudent: number;

const DAY = 86_400_000;
const entriesOf = async (userId: number) =>
  Number(
    (
      await t.database.db
        .select({ n: count() })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.organizationId, orgId), eq(ledgerEntries.accountId, userId)))
    )[0]?.n,
  );
const adjust = (body: object, token = admin) =>
  t.call<Record<string, unknown>>('POST', '/api/point/adjust', { token, body });

beforeAll(async () => {
  t = await createTestApp();
  orgId = t.ids.demo.orgId;
  ids = await userIds(t, ['s2026001', 's2026002', 's2026003', 'teacher', 'admin']);
  await withoutPoints(t, orgId);
  northStudent = (await userIds(t, ['student'], 'north')).student!;
  [admin, teacher, student] = await Promise.all([
    t.login('demo', 'admin'),
    t.login('demo', 'teacher'),
    t.login('demo', 's2026001'),
  ]);
});
afterAll(() => t.close());

describe('adjusting points by hand', () => {
  it('names the field of bad input, and refuses another organisation’s user', async () => {
    const base = { userId: ids.s2026001, action: 1, amount: 10, remark: 'Helped at the open day' };
    for (const [change, field] of [
      [{ amount: 0 }, 'amount'],
      [{ amount: -5 }, 'amount'],
      [{ amount: 1_000_001 }, 'amount'],
      [{ amount: 2.5 }, 'amount'],
      [{ action: 3 }, 'action'],
      [{ remark: '' }, 'remark'],
      [{ remark: 'x'.repeat(201) }, 'remark'],
      [{ userId: northStudent }, 'userId'],
    ] as const) {
      const res = await adjust({ ...base, ...change });
      expect(res.code, JSON.stringify(change)).toBe(ResultCode.InvalidParams);
      expect(res.error?.field, JSON.stringify(change)).toBe(field);
    }
    expect(await entriesOf(ids.s2026001!)).toBe(0);
  });

  it('adds and deducts with the reason; a deduction beyond the balance writes nothing', async () => {
    const added = ok(await adjust({ userId: ids.s2026001, action: 1, amount: 100, remark: 'Science fair winner' }));
    expect(added).toMatchObject({
      userId: ids.s2026001,
      userName: 's2026001',
      action: 1,
      amount: 100,
      balanceAfter: 100,
      business: 'adjust',
      refId: null,
      remark: 'Science fair winner',
      operatorId: ids.admin,
      operatorName: 'Alice Admin',
    });
    const tooMuch = await adjust({ userId: ids.s2026001, action: 2, amount: 150, remark: 'Lost library book' });
    expect(tooMuch.code).toBe(ResultCode.InvalidParams);
    refused(tooMuch, 'insufficientBalance', 'amount');
    expect(await entriesOf(ids.s2026001!)).toBe(1);
    const taken = ok(await adjust({ userId: ids.s2026001, action: 2, amount: 30, remark: 'Lost library book' }));
    expect(taken).toMatchObject({ action: 2, amount: -30, balanceAfter: 70 });
    // Teachers and students hold no point:adjust.
    for (const token of [teacher, student])
      expect((await adjust({ userId: ids.s2026001, action: 1, amount: 5, remark: 'Me' }, token)).code).toBe(
        ResultCode.Forbidden,
      );
    expect(await entriesOf(ids.s2026001!)).toBe(2);
  });

  it('is in the operation log with the person, the amount and the reason', async () => {
    await t.app.operationLog.flush();
    const log = ok(
      await t.call<{ list: { action: string; recordLabel: string; success: boolean }[] }>('POST', '/api/log/page', {
        token: admin,
        body: { pageIndex: 1, pageSize: 10, entity: 'point', action: 'adjust' },
      }),
    );
    // Refusals before the handler (no permission, bad input) name no one.
    const named = log.list.filter((r) => r.recordLabel);
    expect(named.map((r) => [r.success, r.recordLabel])).toEqual([
      [true, expect.stringMatching(/\(s2026001\) −30: Lost library book$/)],
      [false, expect.stringMatching(/\(s2026001\) −150: Lost library book$/)],
      [true, expect.stringMatching(/\(s2026001\) \+100: Science fair winner$/)],
    ]);
  });
});

describe('reading points', () => {
  it('gives a student their own balance and ledger only', async () => {
    const mine = ok(
      await t.call<{ balance: number; total: number; list: { amount: number }[] }>('POST', '/api/point/my', {
        token: student,
        body: { pageIndex: 1, pageSize: 10 },
      }),
    );
    expect(mine).toMatchObject({ balance: 70, total: 2 });
    expect(mine.list.map((e) => e.amount)).toEqual([-30, 100]);
    const other = ok(await t.call<{ balance: number }>('POST', '/api/point/my', { token: teacher, body: {} }));
    expect(other).toMatchObject({ balance: 0, total: 0 });
    for (const url of ['/api/point/ledger', '/api/point/accounts', '/api/point/summary', '/api/point/driftCheck'])
      expect((await t.call('POST', url, { token: student, body: { userId: ids.s2026002 } })).code, url).toBe(
        ResultCode.Forbidden,
      );
  });

  it('lists people with balances and the ledger with filters for staff', async () => {
    const accounts = async (body: object) =>
      ok(
        await t.call<{ total: number; list: { userName: string; balance: number; earned: number; spent: number }[] }>(
          'POST',
          '/api/point/accounts',
          { token: admin, body: { pageIndex: 1, pageSize: 50, ...body } },
        ),
      );
    const all = await accounts({});
    expect(all.list[0]).toMatchObject({ userName: 's2026001', balance: 70, earned: 100, spent: 30 });
    // Every student is listed, with 0 before any entry.
    expect(all.list.find((a) => a.userName === 's2026002')).toMatchObject({ balance: 0, earned: 0 });
    expect((await accounts({ minBalance: 71 })).total).toBe(0);
    expect((await accounts({ keyword: 's2026001', maxBalance: 70 })).total).toBe(1);
    refused(
      await t.call('POST', '/api/point/accounts', { token: admin, body: { minBalance: 5, maxBalance: 1 } }),
      'tooSmall',
      'maxBalance',
    );

    const ledger = async (body: object) =>
      ok(
        await t.call<{ total: number; list: { amount: number; realName: string }[] }>('POST', '/api/point/ledger', {
          token: admin,
          body: { pageIndex: 1, pageSize: 10, ...body },
        }),
      );
    expect((await ledger({ userId: ids.s2026001 })).total).toBe(2);
    expect((await ledger({ action: 2 })).list.map((e) => e.amount)).toEqual([-30]);
    expect((await ledger({ business: 'rule' })).total).toBe(0);
    expect((await ledger({ keyword: 's2026001', from: '2000-01-01', to: '2000-01-02' })).total).toBe(0);
    const bad = await t.call('POST', '/api/point/ledger', {
      token: admin,
      body: { from: '2026-02-01', to: '2026-01-01' },
    });
    refused(bad, 'endBeforeStart', 'to');
  });

  it('sums the days of a range for a chart, and exports the ledger to Excel', async () => {
    const today = new Date();
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const summary = ok(
      await t.call<{
        days: { day: string; added: number; reduced: number }[];
        totals: { added: number; reduced: number; entries: number; balance: number };
        topEarners: { userName: string; earned: number }[];
      }>('POST', '/api/point/summary', {
        token: admin,
        body: { from: day(today.getTime() - 2 * DAY), to: day(today.getTime() + 2 * DAY) },
      }),
    );
    expect(summary.days).toHaveLength(5);
    expect(summary.days.reduce((s, d) => s + d.added, 0)).toBe(100);
    expect(summary.totals).toEqual({ added: 100, reduced: 30, entries: 2, balance: 70 });
    expect(summary.topEarners).toEqual([expect.objectContaining({ userName: 's2026001', earned: 100 })]);
    refused(
      await t.call('POST', '/api/point/summary', { token: admin, body: { from: '2020-01-01', to: '2022-01-01' } }),
      'rangeTooLong',
      'to',
    );

    const sheet = await t.call<unknown[][]>('POST', '/api/point/ledger/export', {
      token: admin,
      body: { userId: ids.s2026001 },
      query: { lang: 'en' },
    });
    expect(sheet.response[0]).toEqual([
      'When',
      'User name',
      'Name',
      'Action',
      'Points',
      'Balance after',
      'For',
      'Remark',
      'By',
    ]);
    expect(sheet.response.slice(1).map((r) => r.slice(3, 9))).toEqual([
      ['Reduce', -30, 70, 'Adjusted by hand', 'Lost library book', 'Alice Admin'],
      ['Add', 100, 100, 'Adjusted by hand', 'Science fair winner', 'Alice Admin'],
    ]);
  });
});
