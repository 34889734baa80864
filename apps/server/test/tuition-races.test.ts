import type { TuitionReceipt } from '@lyceum/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../src/modules/tuition/tuition.table';
import { setClock } from '../src/platform/clock';
import { logins, userIds } from './exam-fixture';
import { createTestApp, ok, type Reply, refused, type TestApp } from './harness';
import { call, collect, detail, issuedInvoices, makeStructure } from './tuition-fixture';

// Tuition under races (issue 33, second part), on PostgreSQL and on the embedded database: parallel
// desk payments of one invoice never pay more than it owes (the invoice held while each is
// allocated), receipt numbers stay unique and consecutive whoever takes them, generating twice at
// once invoices each student once, and parallel reminders remind each instalment once a day.

const STUDENTS = ['s2026001', 's2026002', 's2026003', 's2026004'];
let t: TestApp;
let academic: string;
let id: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  // 15 October 2026 in Shanghai: the structure's first instalment (1 September) is overdue.
  setClock('2026-10-15T02:00:00Z');
  academic = (await logins(t, ['academic'])).academic!;
  id = await userIds(t, STUDENTS);
});
afterAll(async () => {
  setClock(null);
  await t.close();
});

const receiptNumber = (r: Reply<TuitionReceipt>) => Number(ok(r).receiptNo!.slice(5));

describe('tuition races', () => {
  it('10 desk payments at once of 1000.00 against 8500.01 owed: exactly the 8 that fit', async () => {
    const s = await makeStructure(t, academic);
    const [inv] = await issuedInvoices(t, academic, s.id, [id.s2026001!]);
    const replies = await Promise.all(Array.from({ length: 10 }, () => collect(t, academic, inv!, 100_000)));
    const won = replies.filter((r) => r.code === 1);
    expect(won).toHaveLength(8);
    for (const r of replies.filter((x) => x.code !== 1)) refused(r, 'overpayment', 'amount');
    const d = await detail(t, academic, inv!);
    expect(d).toMatchObject({ paid: 800_000, outstanding: 50_001 });
    expect(d.allocations.reduce((a, x) => a + x.amount, 0)).toBe(800_000);
    expect(d.instalments.map((i) => i.outstanding)).toEqual([0, 0, 50_001]);
    // Their receipts are numbered one after the other, none twice.
    const numbers = won.map(receiptNumber).sort((a, b) => a - b);
    expect(numbers.at(-1)! - numbers[0]!).toBe(7);
    expect(new Set(numbers).size).toBe(8);
  });

  it('generated twice at once, invoices each student once; receipts of several invoices at once stay consecutive', async () => {
    const s = await makeStructure(t, academic);
    const studentIds = STUDENTS.slice(1).map((n) => id[n]!);
    const made = await Promise.all(
      [1, 2].map(() =>
        call<{ created: number; skipped: number }>(t, academic, '/api/tuition/generateInvoices', {
          structureId: s.id,
          studentIds,
        }),
      ),
    );
    expect(made.map((m) => ok(m).created).sort()).toEqual([0, 3]);
    const [{ n }] = await t.database.db.select({ n: count() }).from(invoices).where(eq(invoices.structureId, s.id));
    expect(Number(n)).toBe(3);
    const ids = (
      await call<{ list: { id: number }[] }>(t, academic, '/api/tuition/invoice/page', {
        pageIndex: 1,
        pageSize: 10,
        structureId: s.id,
      })
    ).response.list.map((i) => i.id);
    ok(await call(t, academic, '/api/tuition/issueMany', { ids }));
    const before = await collect(t, academic, ids[0]!, 1);
    const replies = await Promise.all(ids.flatMap((inv) => [1, 2, 3, 4].map(() => collect(t, academic, inv, 1000))));
    const numbers = replies.map(receiptNumber).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => receiptNumber(before) + 1 + i));
  });

  it('5 reminders at once remind each overdue instalment once', async () => {
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        call<{ students: number; instalments: number }>(t, academic, '/api/tuition/remind', {}),
      ),
    );
    const reminded = replies.map((r) => ok(r).instalments);
    // s2026002-4 owe their first instalment (s2026001 paid theirs).
    expect(reminded.reduce((a, b) => a + b, 0)).toBe(3);
    expect(reminded.filter((n) => n > 0)).toHaveLength(1);
  });
});
