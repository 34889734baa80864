import type { FeeStructure, Invoice, InvoiceDetail, Page, TuitionReceipt } from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import { messageReceipts, messages } from '../src/modules/message/message.table';
import { ok, type Reply, type TestApp } from './harness';

// Tuition's test helpers (issue 33, second part): a class of students, a fee structure, invoices
// generated and issued from it, money taken at the desk.

let made = 0;

// A class of these students (the demo templates have none).
export async function makeClass(t: TestApp, token: string, studentIds: number[], gradeYear = 2025): Promise<number> {
  made++;
  const res = await t.call<{ id: number }>('POST', '/api/team/create', {
    token,
    body: { name: `Tuition class ${made}`, gradeYear, members: studentIds.map((userId) => ({ userId })) },
  });
  return ok(res).id;
}

// Tuition 8000.00 and books 500.01 (850001 fen), in three instalments of 30/30/40 per cent.
export const PLAN = [
  { label: 'Autumn', dueDate: '2026-09-01', percent: 30 },
  { label: 'Winter', dueDate: '2026-11-01', percent: 30 },
  { label: 'Spring', dueDate: '2027-02-01', percent: 40 },
];
export async function makeStructure(t: TestApp, token: string, o: Record<string, unknown> = {}): Promise<FeeStructure> {
  made++;
  const body = {
    name: `Fee structure ${made}`,
    currency: 'CNY',
    items: [
      { name: 'Tuition', amount: 800_000 },
      { name: 'Books', amount: 50_001 },
    ],
    plan: PLAN,
    ...o,
  };
  return ok(await t.call<FeeStructure>('POST', '/api/feeStructure/create', { token, body }));
}

export const call = <T>(t: TestApp, token: string, url: string, body: unknown = {}) =>
  t.call<T>('POST', url, { token, body }) as Promise<Reply<T>>;

// Invoices of a structure for these students, issued.
export async function issuedInvoices(
  t: TestApp,
  token: string,
  structureId: number,
  studentIds: number[],
): Promise<number[]> {
  const made = ok(
    await call<{ invoiceIds: number[] }>(t, token, '/api/tuition/generateInvoices', { structureId, studentIds }),
  );
  ok(await call(t, token, '/api/tuition/issueMany', { ids: made.invoiceIds }));
  return made.invoiceIds;
}

export const detail = async (t: TestApp, token: string, id: number) =>
  ok(await call<InvoiceDetail>(t, token, `/api/tuition/invoice/select/${id}`));

export const collect = (t: TestApp, token: string, id: number, amount: number, o: Record<string, unknown> = {}) =>
  call<TuitionReceipt>(t, token, `/api/tuition/collectFee/${id}`, { amount, method: 1, ...o });

export const invoicePage = async (t: TestApp, token: string, body: Record<string, unknown> = {}) =>
  ok(await call<Page<Invoice>>(t, token, '/api/tuition/invoice/page', { pageIndex: 1, pageSize: 50, ...body }));

// The parameters of the notices of one kind a user received.
export const noticesOf = async (t: TestApp, userId: number, kind: string) =>
  (
    await t.database.db
      .select({ params: messages.noticeParams })
      .from(messageReceipts)
      .innerJoin(messages, eq(messages.id, messageReceipts.messageId))
      .where(and(eq(messageReceipts.userId, userId), eq(messages.notice, kind)))
  ).map((m) => m.params as Record<string, unknown>);
