import { payments } from '../src/modules/payment/payment.table';
import { newPaymentNo } from '../src/modules/payment/payment-keys';
import type { TestApp } from './harness';
import type { DemoIds, Template } from './matrix-types';

// Payments (issue 33, second part): channels, the payments list, a payer's own payments, asking the
// provider, the test provider's page, the reconciliation. The notify route is public (the auth and
// payment tests cover it). The matrix's demo has no payment or channel unless `rows` names one:
// the ids below are then nobody's, "not found" to every caller. Students' own payments are made by
// paymentOwnedByStudent.

const NOBODYS = 987_657;
const channel = (d: DemoIds) => ({ params: { id: d.rows.paymentChannel ?? NOBODYS } });
const payment = (d: DemoIds) => ({ params: { id: d.rows.payment ?? NOBODYS } });
const testChannel = { provider: 'test', name: 'Matrix test payments' };
const range = { from: '2026-01-01', to: '2026-01-31' };

export const paymentTemplates: Record<string, Template> = {
  'POST /api/paymentChannel/page': () => ({ body: { pageIndex: 1, pageSize: 10, keyword: 'a' } }),
  'POST /api/paymentChannel/list': () => ({ body: { keyword: 'a' } }),
  'POST /api/paymentChannel/create': () => ({ body: testChannel, own: true }),
  'POST /api/paymentChannel/update': (d) => ({ body: { id: channel(d).params.id, ...testChannel } }),
  'POST /api/paymentChannel/select/:id': channel,
  'POST /api/paymentChannel/delete/:id': channel,
  'POST /api/paymentChannel/delete/ids': (d) => ({ body: { ids: [channel(d).params.id] } }),
  'POST /api/paymentChannel/test/:id': channel,
  'POST /api/payment/page': () => ({ body: { pageIndex: 1, pageSize: 10, keyword: 'a' } }),
  'POST /api/payment/my': () => ({ body: { pageIndex: 1, pageSize: 10 } }),
  'POST /api/payment/providers': () => ({}),
  'POST /api/payment/select/:id': payment,
  'POST /api/payment/sync/:id': payment,
  'POST /api/payment/test/view': () => ({ body: { paymentNo: '1_20260101_000000000000' } }),
  'POST /api/payment/test/complete': () => ({ body: { paymentNo: '1_20260101_000000000000', outcome: 'paid' } }),
  'POST /api/payment/reconciliation': () => ({ body: range }),
  'POST /api/payment/reconciliation/export': () => ({ body: range }),
};

// Student A's own test payment awaiting payment (written straight into the table: starting one is
// the course-order and tuition modules' route). A reads and asks about it; student B finds neither.
export async function paymentOwnedByStudent(t: TestApp, token: string): Promise<Record<string, number[]>> {
  const me = await t.call<{ id: number }>('GET', '/api/user/current', { token });
  const orgId = t.ids.demo.orgId;
  const [row] = await t.database.db
    .insert(payments)
    .values({
      organizationId: orgId,
      paymentNo: newPaymentNo(orgId),
      purpose: 'courseOrder',
      purposeId: NOBODYS,
      payerId: me.response.id,
      provider: 'test',
      amount: 100,
      currency: 'CNY',
      payUrl: '/pay/test/matrix',
    })
    .returning({ id: payments.id });
  const ids = [row!.id];
  return { 'POST /api/payment/select/:id': ids, 'POST /api/payment/sync/:id': ids };
}
