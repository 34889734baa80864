import { MENU_AREA_PATHS, type OnlineProvider, type PaymentPurpose } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { type Cancel, call } from '../../shell/request';
import { newRequestKey } from '../../ui/payment-words';

// Every query of Orders & fees sits under one key: paying, cancelling or checking a payment reads
// the orders, the invoices and the payments again together.
export const MY_PAY_KEY = 'myPayments';
// The student's Orders & fees (My study › Orders & fees), where the test provider's page returns.
export const MY_PAYMENTS_PATH = `${MENU_AREA_PATHS.study}/payments`;

export interface Paging {
  pageIndex: number;
  pageSize: number;
}

export const myPayCalls = {
  orders: (paging: Paging, { signal }: Cancel = {}) => call(api.courseOrder.my, { body: paging }, { signal, retry: 2 }),
  payOrder: (id: number, provider: OnlineProvider) =>
    call(api.courseOrder.pay, { params: { id }, body: { provider, requestKey: newRequestKey() } }, { loading: true }),
  cancelOrder: (id: number) => call(api.courseOrder.cancel, { params: { id } }, { loading: true }),
  invoices: ({ signal }: Cancel = {}) => call(api.tuition.my, {}, { signal, retry: 2 }),
  payInvoice: (id: number, provider: OnlineProvider, amount: number) =>
    call(
      api.tuition.pay,
      { params: { id }, body: { provider, amount, requestKey: newRequestKey() } },
      { loading: true },
    ),
  payments: (body: Paging & { purpose?: PaymentPurpose }, { signal }: Cancel = {}) =>
    call(api.payment.my, { body }, { signal, retry: 2 }),
  sync: (id: number) => call(api.payment.sync, { params: { id } }, { loading: true }),
  // The test provider's page: what it asks, and the payer's answer. The page shows refusals itself.
  testView: (paymentNo: string, { signal }: Cancel = {}) =>
    call(api.payment.testView, { body: { paymentNo } }, { signal, silent: true }),
  testComplete: (paymentNo: string, outcome: 'paid' | 'declined') =>
    call(api.payment.testComplete, { body: { paymentNo, outcome } }, { loading: true }),
};
