import {
  type FeeStructure,
  type InvoiceDetail,
  InvoiceStatus,
  type MyInvoices,
  type OverdueRow,
  type Page,
  type PayAnswer,
  type TuitionReceipt,
} from '@lyceum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remindAllOverdue } from '../src/modules/tuition/tuition-overdue';
import { setClock } from '../src/platform/clock';
import { logins, userIds } from './exam-fixture';
import { createTestApp, ok, refused, type TestApp } from './harness';
import { call, collect, detail, invoicePage, makeClass, makeStructure, noticesOf, PLAN } from './tuition-fixture';

// Tuition (issue 33, second part) on one app: fee structures, invoices generated from them with
// their instalments, issue, discount and cancel, money at the desk allocated to the earliest
// instalments (what is owed always computed), overpayment refused, receipts, refunds reversing
// allocations, an online payment through the test provider, the overdue list and its reminders
// once a day, the export, and who may do what.

const { Pending, Issued, PartiallyPaid, Paid, Cancelled, Refunded } = InvoiceStatus;
// 15 October 2026, 10:00 in Shanghai: the first instalment (1 September) is overdue, not the others.
const OCT_15 = '2026-10-15T02:00:00Z';
const XLSX_ROWS = (r: unknown) => r as unknown[][];

let t: TestApp;
let tok: Record<string, string>;
let id: Record<string, number>;
let structure: FeeStructure;
let invoiceOf: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  setClock(OCT_15);
  tok = await logins(t, ['academic', 'teacher', 'student', 's2026001', 's2026002', 's2026003']);
  id = await userIds(t, ['student', 's2026001', 's2026002', 's2026003']);
});
afterAll(async () => {
  setClock(null);
  await t.close();
});

const as = <T>(who: string, url: string, body: unknown = {}) => call<T>(t, tok[who]!, url, body);
const noticesTo = (userId: number, kind: string) => noticesOf(t, userId, kind);
const page = (body: Record<string, unknown> = {}) => invoicePage(t, tok.academic!, body);

describe('fee structures', () => {
  it('are written with payment:invoice, their plan checked field by field', async () => {
    structure = await makeStructure(t, tok.academic!, { name: 'Grade 2025 autumn term' });
    expect(structure).toMatchObject({ total: 850_001, invoices: 0, currency: 'CNY', gradeYear: null });
    expect(structure.items.map((i) => [i.name, i.amount])).toEqual([
      ['Tuition', 800_000],
      ['Books', 50_001],
    ]);
    const bad = async (patch: Record<string, unknown>, key: string, field: string) => {
      const res = await as('academic', '/api/feeStructure/create', {
        name: 'Bad',
        items: [{ name: 'Tuition', amount: 100 }],
        plan: PLAN,
        ...patch,
      });
      expect(res.code, res.message).toBe(501);
      refused(res, key, field);
    };
    await bad({ plan: [{ dueDate: '2026-09-01', percent: 60 }] }, 'sharesNot100', 'plan');
    await bad(
      {
        plan: [
          { dueDate: '2026-09-01', percent: 50 },
          { dueDate: '2026-09-01', percent: 50 },
        ],
      },
      'dueNotAfterPrevious',
      'plan.1.dueDate',
    );
    await bad({ items: [{ name: 'Free', amount: 0 }] }, 'tooSmall', 'items.0.amount');
    await bad({ items: [] }, 'tooFew', 'items');
    expect((await as('teacher', '/api/feeStructure/create', { name: 'No', items: [], plan: PLAN })).code).toBe(403);
    expect((await as('student', '/api/feeStructure/page', { pageIndex: 1, pageSize: 10 })).code).toBe(403);
  });
});

describe('invoices', () => {
  it('are generated for a class with the plan’s instalments, the remainder on the last, once per student', async () => {
    const team = await makeClass(t, tok.academic!, [id.student!, id.s2026001!, id.s2026002!]);
    const made = ok(
      await as<{ created: number; skipped: number; invoiceIds: number[] }>(
        'academic',
        '/api/tuition/generateInvoices',
        {
          structureId: structure.id,
          teamIds: [team],
          discounts: [{ studentId: id.s2026002, amount: 50_001, reason: 'Sibling' }],
        },
      ),
    );
    expect(made).toMatchObject({ created: 3, skipped: 0 });
    const again = ok(
      await as<{ created: number; skipped: number }>('academic', '/api/tuition/generateInvoices', {
        structureId: structure.id,
        teamIds: [team],
      }),
    );
    expect(again).toMatchObject({ created: 0, skipped: 3 });
    const rows = (await page({ structureId: structure.id })).list;
    invoiceOf = Object.fromEntries(rows.map((r) => [r.userName, r.id]));
    const mine = await detail(t, tok.academic!, invoiceOf.student!);
    expect(mine).toMatchObject({ status: Pending, subtotal: 850_001, total: 850_001, paid: 0, outstanding: 850_001 });
    expect(mine.invoiceNo).toMatch(/^INV-2026-\d{6,}$/);
    expect(mine.instalments.map((i) => [i.seq, i.dueDate, i.amount])).toEqual([
      [1, '2026-09-01', 255_000],
      [2, '2026-11-01', 255_000],
      [3, '2027-02-01', 340_001],
    ]);
    const discounted = await detail(t, tok.academic!, invoiceOf.s2026002!);
    expect(discounted).toMatchObject({ discount: 50_001, total: 800_000, discountReason: 'Sibling' });
    expect(discounted.instalments.map((i) => i.amount)).toEqual([240_000, 240_000, 320_000]);
    expect(rows.find((r) => r.userName === 'student')?.teamName).toMatch(/^Tuition class/);
    refused(
      await as('academic', '/api/tuition/generateInvoices', { structureId: structure.id, studentIds: [id.student, 1] }),
      'notAStudent',
      'studentIds.1',
    );
    refused(
      await as('academic', '/api/tuition/generateInvoices', { structureId: 987_654, studentIds: [id.student] }),
      'noSuchReference',
      'structureId',
    );
  });

  it('take a discount while pending (instalments in the same shares), then are issued and the student told', async () => {
    const d = ok(await as<InvoiceDetail>('academic', `/api/tuition/discount/${invoiceOf.s2026001}`, { discount: 1 }));
    expect(d).toMatchObject({ total: 850_000, outstanding: 850_000 });
    expect(d.instalments.reduce((a, i) => a + i.amount, 0)).toBe(850_000);
    refused(
      await as('academic', `/api/tuition/discount/${invoiceOf.s2026001}`, { discount: 850_001 }),
      'tooBig',
      'discount',
    );
    const issued = ok(
      await as<{ issued: number }>('academic', '/api/tuition/issueMany', { ids: Object.values(invoiceOf) }),
    );
    expect(issued.issued).toBe(3);
    refused(await as('academic', `/api/tuition/issue/${invoiceOf.student}`), 'transition', 'status');
    refused(
      await as('academic', `/api/tuition/discount/${invoiceOf.student}`, { discount: 5 }),
      'transition',
      'status',
    );
    const told = await noticesTo(id.student!, 'invoiceIssued');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ amount: 'CNY 8500.01', due: '2026-09-01', name: 'Grade 2025 autumn term' });
    const overdue = await page({ overdue: true });
    expect(overdue.list.map((r) => r.userName).sort()).toEqual(['s2026001', 's2026002', 'student']);
    expect(overdue.list[0]).toMatchObject({ status: Issued, nextDue: '2026-09-01', overdue: true });
  });

  it('allocate desk payments to the earliest instalments, the outstanding amount always computed', async () => {
    const inv = invoiceOf.student!;
    const first = ok(await collect(t, tok.academic!, inv, 300_000, { note: 'Cash at the desk' }));
    expect(first.receiptNo).toMatch(/^2026-\d{6}$/);
    expect(first).toMatchObject({
      school: 'Demo Academy',
      amount: 300_000,
      currency: 'CNY',
      method: 1,
      bursar: '孙教务',
      outstandingAfter: 550_001,
      outstandingNow: 550_001,
      student: { id: id.student, userName: 'student' },
    });
    expect(first.allocations).toEqual([
      { seq: 1, dueDate: '2026-09-01', amount: 255_000 },
      { seq: 2, dueDate: '2026-11-01', amount: 45_000 },
    ]);
    let d = await detail(t, tok.academic!, inv);
    expect(d).toMatchObject({ status: PartiallyPaid, paid: 300_000, outstanding: 550_001, nextDue: '2026-11-01' });
    expect(d.overdue).toBe(false);
    expect(d.instalments.map((i) => [i.paid, i.outstanding])).toEqual([
      [255_000, 0],
      [45_000, 210_000],
      [0, 340_001],
    ]);
    refused(await collect(t, tok.academic!, inv, 550_002), 'overpayment', 'amount');
    expect((await collect(t, tok.academic!, inv, 550_002)).message).toBe(
      'amount: is more than the CNY 5500.01 still owed',
    );
    const last = ok(await collect(t, tok.academic!, inv, 550_001, { method: 2 }));
    expect(Number(last.receiptNo!.slice(5))).toBe(Number(first.receiptNo!.slice(5)) + 1);
    expect(last.outstandingAfter).toBe(0);
    d = await detail(t, tok.academic!, inv);
    expect(d).toMatchObject({ status: Paid, paid: 850_001, outstanding: 0, nextDue: null });
    refused(await collect(t, tok.academic!, inv, 1), 'transition', 'status');
    // The first receipt still says what was owed right after it.
    expect(ok(await as<TuitionReceipt>('academic', `/api/tuition/receipt/${first.paymentId}`)).outstandingAfter).toBe(
      550_001,
    );
    const told = await noticesTo(id.student!, 'tuitionReceived');
    expect(told.map((n) => n.outstanding)).toEqual(['CNY 5500.01', 'CNY 0.00']);
  });

  it('answer a retried desk payment (the same request key) with the first one', async () => {
    const body = { requestKey: 'desk-retry-0001' };
    const a = ok(await collect(t, tok.academic!, invoiceOf.s2026002!, 100_000, body));
    const b = ok(await collect(t, tok.academic!, invoiceOf.s2026002!, 100_000, body));
    expect(b.paymentId).toBe(a.paymentId);
    expect((await detail(t, tok.academic!, invoiceOf.s2026002!)).paid).toBe(100_000);
  });

  it('reverse allocations on a refund, the latest instalment first, and say refunded when nothing is left', async () => {
    const inv = invoiceOf.student!;
    const before = await detail(t, tok.academic!, inv);
    const [first, second] = before.payments;
    // Refund 100000 of the second payment (it paid 210000 of #2 and all of #3).
    const after = ok(
      await as<InvoiceDetail>('academic', `/api/tuition/refund/${inv}`, {
        paymentId: second!.id,
        amount: 100_000,
        reason: 'Left the boarding house',
      }),
    );
    expect(after).toMatchObject({ status: PartiallyPaid, paid: 750_001, outstanding: 100_000 });
    expect(after.instalments.map((i) => i.outstanding)).toEqual([0, 0, 100_000]);
    expect(after.refunds).toHaveLength(1);
    expect(after.refunds[0]).toMatchObject({ status: 2, amount: 100_000 });
    refused(
      await as('academic', `/api/tuition/refund/${inv}`, { paymentId: first!.id, amount: 300_001, reason: 'Too much' }),
      'refundTooMuch',
      'amount',
    );
    refused(
      await as('academic', `/api/tuition/refund/${inv}`, { paymentId: 987_654, amount: 1, reason: 'Nobody' }),
      'noSuchReference',
      'paymentId',
    );
    // The rest of both: nothing stays paid, so the invoice is refunded.
    ok(await as('academic', `/api/tuition/refund/${inv}`, { paymentId: second!.id, amount: 450_001, reason: 'Left' }));
    const gone = ok(
      await as<InvoiceDetail>('academic', `/api/tuition/refund/${inv}`, {
        paymentId: first!.id,
        amount: 300_000,
        reason: 'Left',
      }),
    );
    expect(gone).toMatchObject({ status: Refunded, paid: 0, outstanding: 850_001 });
    // Each allocation was reversed once (the table's unique reversal), the whole history kept.
    const reversals = gone.allocations.filter((a) => a.reversalOf !== null);
    expect(new Set(reversals.map((a) => a.reversalOf)).size).toBe(reversals.length);
    expect(gone.allocations.reduce((a, x) => a + x.amount, 0)).toBe(0);
    expect(await noticesTo(id.student!, 'refundDone')).toHaveLength(3);
  });

  it('are cancelled only while nothing was paid against them; a cancelled one may be generated again', async () => {
    refused(
      await as('academic', `/api/tuition/cancel/${invoiceOf.s2026002}`, { reason: 'No' }),
      'transition',
      'status',
    );
    const [solo] = ok(
      await as<{ invoiceIds: number[] }>('academic', '/api/tuition/generateInvoices', {
        structureId: structure.id,
        studentIds: [id.s2026003],
      }),
    ).invoiceIds;
    const gone = ok(await as<InvoiceDetail>('academic', `/api/tuition/cancel/${solo}`, { reason: 'Wrong student' }));
    expect(gone).toMatchObject({ status: Cancelled, cancelReason: 'Wrong student' });
    const again = ok(
      await as<{ created: number }>('academic', '/api/tuition/generateInvoices', {
        structureId: structure.id,
        studentIds: [id.s2026003],
      }),
    );
    expect(again.created).toBe(1);
    // The structure counts its live invoices and, named by them, is not deleted.
    const s = ok(await as<FeeStructure>('academic', `/api/feeStructure/select/${structure.id}`));
    expect(s.invoices).toBe(4);
    expect((await as('academic', `/api/feeStructure/delete/${structure.id}`)).code).not.toBe(1);
  });

  it('take one student’s invoice with lines of its own', async () => {
    const d = ok(
      await as<InvoiceDetail>('academic', '/api/tuition/create', {
        studentId: id.s2026003,
        title: 'Lab fee',
        lines: [{ name: 'Chemistry lab', amount: 12_345 }],
        plan: [{ dueDate: '2026-12-01', percent: 100 }],
      }),
    );
    expect(d).toMatchObject({ status: Pending, total: 12_345, currency: 'CNY', structureId: null });
    expect(d.instalments).toHaveLength(1);
    refused(
      await as('academic', '/api/tuition/create', {
        studentId: id.s2026003,
        title: 'X',
        lines: [{ name: 'X', amount: 10 }],
        discount: 10,
        plan: [{ dueDate: '2026-12-01', percent: 100 }],
      }),
      'tooBig',
      'discount',
    );
  });
});

describe('overdue instalments', () => {
  it('are listed by student with the days overdue, and reminded at most once a day', async () => {
    const list = ok(
      await as<Page<OverdueRow>>('academic', '/api/tuition/overdue/page', { pageIndex: 1, pageSize: 50 }),
    ).list;
    const s1 = list.find((r) => r.userName === 's2026001')!;
    // Its discount of 1 fen split the shares again: 254999 of 850000 (30 %, rounded down).
    expect(s1).toMatchObject({
      seq: 1,
      dueDate: '2026-09-01',
      daysOverdue: 44,
      outstanding: 254_999,
      remindedAt: null,
    });
    // s2026002 paid 100000 of their 240000 first instalment.
    expect(list.find((r) => r.userName === 's2026002')).toMatchObject({ outstanding: 140_000 });
    expect(list.some((r) => r.userName === 'student')).toBe(false);
    const first = ok(await as<{ students: number; instalments: number }>('academic', '/api/tuition/remind', {}));
    expect(first).toMatchObject({ students: 2, instalments: 2 });
    expect(ok(await as('academic', '/api/tuition/remind', {}))).toMatchObject({ students: 0, instalments: 0 });
    expect(await remindAllOverdue(t.database.db)).toMatchObject({ instalments: 0 });
    expect(await noticesTo(id.s2026001!, 'tuitionOverdue')).toEqual([
      expect.objectContaining({ overdue: 'CNY 2549.99', due: '2026-09-01' }),
    ]);
    // The next day (the organisation's), the daily job reminds them again.
    setClock('2026-10-16T01:00:00Z');
    expect(await remindAllOverdue(t.database.db)).toMatchObject({ instalments: 2 });
    expect(await noticesTo(id.s2026001!, 'tuitionOverdue')).toHaveLength(2);
    setClock(OCT_15);
  });
});

describe('paying online', () => {
  it('through the test provider allocates like the desk, once', async () => {
    ok(await as('academic', '/api/paymentChannel/create', { provider: 'test', name: 'Test payments' }));
    const inv = invoiceOf.s2026001!;
    refused(await as('s2026001', `/api/tuition/pay/${inv}`, { amount: 850_001 }), 'overpayment', 'amount');
    const started = ok(await as<PayAnswer>('s2026001', `/api/tuition/pay/${inv}`, { amount: 255_000 }));
    expect(started.payUrl).toContain(started.paymentNo);
    const done = await as('s2026001', '/api/payment/test/complete', { paymentNo: started.paymentNo, outcome: 'paid' });
    expect(done.code, done.message).toBe(1);
    const d = await detail(t, tok.academic!, inv);
    expect(d).toMatchObject({ status: PartiallyPaid, paid: 255_000, outstanding: 595_000, overdue: false });
    const receipt = ok(await as<TuitionReceipt>('s2026001', `/api/tuition/receipt/${started.paymentId}`));
    expect(receipt).toMatchObject({ provider: 'test', receiptNo: null, amount: 255_000, bursar: null });
  });
});

describe('access', () => {
  it('lets a student read and pay only their own invoices and receipts', async () => {
    const mine = ok(await as<MyInvoices>('s2026001', '/api/tuition/my'));
    expect(mine.list.map((i) => i.studentId)).toEqual([id.s2026001]);
    expect(mine.list[0]!.instalments).toHaveLength(3);
    expect(mine.list[0]!.payments).toHaveLength(1);
    // s2026003's pending invoice is not theirs to see yet.
    expect(ok(await as<MyInvoices>('s2026003', '/api/tuition/my')).list).toEqual([]);
    const theirs = await as('s2026002', `/api/tuition/pay/${invoiceOf.s2026001}`, {});
    expect(theirs.message).toMatch(/not found/);
    const paymentId = (await detail(t, tok.academic!, invoiceOf.s2026001!)).payments[0]!.id;
    expect((await as('s2026002', `/api/tuition/receipt/${paymentId}`)).message).toMatch(/not found/);
    expect((await as('student', '/api/tuition/invoice/page', { pageIndex: 1, pageSize: 10 })).code).toBe(403);
  });

  it('gives a teacher 403 on the staff routes', async () => {
    for (const [url, body] of [
      ['/api/tuition/invoice/page', { pageIndex: 1, pageSize: 10 }],
      [`/api/tuition/invoice/select/${invoiceOf.student}`, {}],
      ['/api/tuition/generateInvoices', { structureId: structure.id }],
      [`/api/tuition/collectFee/${invoiceOf.s2026001}`, { amount: 1, method: 1 }],
      [`/api/tuition/refund/${invoiceOf.s2026001}`, { paymentId: 1, amount: 1, reason: 'x' }],
      ['/api/tuition/overdue/page', { pageIndex: 1, pageSize: 10 }],
      ['/api/tuition/remind', {}],
    ] as const)
      expect((await as('teacher', url, body)).code, url).toBe(403);
  });
});

describe('export', () => {
  it('writes the invoices with paid and outstanding in the reader’s language', async () => {
    const rows = XLSX_ROWS(
      (await t.call('POST', '/api/tuition/export', { token: tok.academic, body: { structureId: structure.id } }))
        .response,
    );
    expect(rows[0]).toContain('Outstanding');
    const s1 = rows.find((r) => r[2] === 's2026001')!;
    expect(s1.slice(9, 12)).toEqual([8500, 2550, 5950]);
  });
});
