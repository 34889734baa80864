import type { TestApp } from './harness';
import type { DemoIds, Template } from './matrix-types';

// Tuition (issue 33, second part): fee structures, invoices and their moves, desk payments, refunds,
// the student's own invoices, online payment and receipts, the overdue list and reminders, the
// export. The matrix's demo has no invoice or tuition payment unless `rows` names one: the ids below
// are then nobody's, "not found" to every caller, which is what another organisation's
// administrator must get anyway. A student's own invoice and receipt are made by
// tuitionOwnedByStudent.

const NOBODYS = 987_657;
const structure = (d: DemoIds) => ({ params: { id: d.rows.feeStructure ?? NOBODYS } });
const invoice = (d: DemoIds) => ({ params: { id: d.rows.invoice ?? NOBODYS } });
const plan = [{ dueDate: '2031-09-01', percent: 100 }];
// Demo's semester: another organisation's create names a semester it does not have.
const structureBody = (d: DemoIds) => ({
  name: 'Matrix term fees',
  semesterId: d.rows.semester,
  items: [{ name: 'Tuition', amount: 100_000 }],
  plan,
});

export const tuitionTemplates: Record<string, Template> = {
  'POST /api/feeStructure/page': () => ({ body: { pageIndex: 1, pageSize: 10, keyword: 'a' } }),
  'POST /api/feeStructure/list': () => ({ body: { keyword: 'a' } }),
  'POST /api/feeStructure/create': (d) => ({ body: structureBody(d) }),
  'POST /api/feeStructure/update': (d) => ({ body: { id: structure(d).params.id, ...structureBody(d) } }),
  'POST /api/feeStructure/select/:id': structure,
  'POST /api/feeStructure/delete/:id': structure,
  'POST /api/feeStructure/delete/ids': (d) => ({ body: { ids: [structure(d).params.id] } }),
  'POST /api/tuition/invoice/page': () => ({ body: { pageIndex: 1, pageSize: 10, keyword: 'a', overdue: true } }),
  'POST /api/tuition/invoice/select/:id': invoice,
  'POST /api/tuition/generateInvoices': (d) => ({
    body: { structureId: structure(d).params.id, studentIds: [d.studentId] },
  }),
  'POST /api/tuition/create': (d) => ({
    body: { studentId: d.studentId, title: 'Matrix fee', lines: [{ name: 'Lab', amount: 100 }], plan },
  }),
  'POST /api/tuition/discount/:id': (d) => ({ ...invoice(d), body: { discount: 1, reason: 'Matrix' } }),
  'POST /api/tuition/issue/:id': invoice,
  'POST /api/tuition/issueMany': (d) => ({ body: { ids: [invoice(d).params.id] } }),
  'POST /api/tuition/cancel/:id': (d) => ({ ...invoice(d), body: { reason: 'Matrix' } }),
  'POST /api/tuition/collectFee/:id': (d) => ({ ...invoice(d), body: { amount: 100, method: 1, note: 'Matrix' } }),
  'POST /api/tuition/refund/:id': (d) => ({
    ...invoice(d),
    body: { paymentId: d.rows.tuitionPayment ?? NOBODYS, amount: 100, reason: 'Matrix' },
  }),
  'POST /api/tuition/my': () => ({}),
  'POST /api/tuition/pay/:id': (d) => ({ ...invoice(d), body: { provider: 'test', amount: 100 } }),
  'POST /api/tuition/receipt/:id': (d) => ({ params: { id: d.rows.tuitionPayment ?? NOBODYS } }),
  'POST /api/tuition/overdue/page': () => ({ body: { pageIndex: 1, pageSize: 10, keyword: 'a', minDays: 1 } }),
  // Reminds the caller's own organisation's overdue students (another school's are its own).
  'POST /api/tuition/remind': () => ({ body: {}, own: true }),
  'POST /api/tuition/export': () => ({ body: { keyword: 'a' } }),
};

// Student A's own issued invoice and a payment of it taken at the desk: A pays the invoice online
// (through the test provider, switched on here if it is not) and reads the receipt; student B finds
// neither.
export async function tuitionOwnedByStudent(t: TestApp, token: string): Promise<Record<string, number[]>> {
  const admin = await t.login('demo', 'admin');
  const post = async <T>(url: string, body: unknown): Promise<T> => {
    const res = await t.call<T>('POST', url, { token: admin, body });
    if (res.code !== 1) throw new Error(`${url}: ${res.message}`);
    return res.response;
  };
  const me = await t.call<{ id: number }>('GET', '/api/user/current', { token });
  const channels = await post<{ provider: string }[]>('/api/paymentChannel/list', {});
  if (!channels.some((c) => c.provider === 'test'))
    await post('/api/paymentChannel/create', { provider: 'test', name: 'Matrix test payments' });
  const invoice = await post<{ id: number }>('/api/tuition/create', {
    studentId: me.response.id,
    title: 'Matrix tuition',
    lines: [{ name: 'Tuition', amount: 10_000 }],
    plan: [{ dueDate: '2031-09-01', percent: 100 }],
  });
  await post(`/api/tuition/issue/${invoice.id}`, {});
  const receipt = await post<{ paymentId: number }>(`/api/tuition/collectFee/${invoice.id}`, {
    amount: 1000,
    method: 1,
  });
  return { 'POST /api/tuition/pay/:id': [invoice.id], 'POST /api/tuition/receipt/:id': [receipt.paymentId] };
}
