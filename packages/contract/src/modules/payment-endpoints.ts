import { z } from 'zod';
import { endpoint } from '../endpoint';
import { engineDecl, engineEndpoints } from '../engine-endpoints';
import { zIdParam } from '../fields';
import { fileEndpoint, zLangQuery } from '../file-endpoint';
import { type FormMeta, field } from '../resource-meta';
import {
  zMyPayment,
  zMyPaymentsPage,
  zMyPaymentsRequest,
  zNotifyProviderParam,
  zPaymentChannelCreate,
  zPaymentChannelFilter,
  zPaymentChannelRow,
  zPaymentChannelTest,
  zPaymentChannelUpdate,
  zPaymentPage,
  zPaymentPageRequest,
  zPayProvider,
  zReconciliation,
  zReconciliationRequest,
  zSyncAnswer,
  zTestComplete,
  zTestCompleteAnswer,
  zTestPaymentNo,
  zTestPaymentView,
} from './payment';

// Payments (issue 33, second part): the organisation's channels, the payments list, a payer's own
// payments, asking the provider, the test provider's page, providers' notifications, and the
// reconciliation with its spreadsheet.

const tags = ['payment'];
const SETTINGS = ['payment:settings'] as const;
// Payments are read by the tuition office and by whoever handles orders.
const STAFF_READ = ['payment:page', 'order:page'] as const;
const RECONCILE = ['payment:export', 'order:page'] as const;

export const paymentChannelMeta: FormMeta = {
  name: 'paymentChannel',
  title: { en: 'Payment channels', zh: '支付渠道' },
  labelKey: 'name',
  keyword: true,
  fields: [
    field('name', ['Name', '名称'], 'text', { required: true }),
    field('provider', ['Provider', '支付方式'], 'text', { required: true, width: 120 }),
    field('appId', ['App ID', '应用 ID'], 'text', { width: 160 }),
    field('gateway', ['Gateway', '网关地址'], 'text'),
    field('enabled', ['Enabled', '启用'], 'boolean', { width: 90 }),
  ],
};
// One channel per provider. The private key never leaves the server: rows say only whether one is
// stored.
export const paymentChannelDecl = engineDecl({
  name: 'paymentChannel',
  title: 'Payment channel',
  tags,
  schemas: {
    row: zPaymentChannelRow,
    create: zPaymentChannelCreate,
    update: zPaymentChannelUpdate,
    filter: zPaymentChannelFilter,
  },
  access: { read: SETTINGS, create: SETTINGS, update: SETTINGS, remove: SETTINGS, export: SETTINGS },
});
export const paymentChannelVerbs = engineEndpoints(paymentChannelDecl);

export const paymentChannelEndpoints = {
  test: endpoint({
    method: 'POST',
    path: '/api/paymentChannel/test/:id',
    summary: 'Ask the provider about a made-up payment with the stored keys: reachable and keys accepted, or why not',
    tags,
    access: SETTINGS,
    params: zIdParam,
    response: zPaymentChannelTest,
  }),
};

export const paymentEndpoints = {
  page: endpoint({
    method: 'POST',
    path: '/api/payment/page',
    summary: 'All payments (online and at the desk), newest first, with payer and refunded sums',
    tags,
    access: STAFF_READ,
    body: zPaymentPageRequest,
    response: zPaymentPage,
  }),
  my: endpoint({
    method: 'POST',
    path: '/api/payment/my',
    summary: "The caller's own payments with their refunds, newest first",
    tags,
    access: 'login',
    body: zMyPaymentsRequest,
    response: zMyPaymentsPage,
  }),
  providers: endpoint({
    method: 'POST',
    path: '/api/payment/providers',
    summary: 'The online providers a payer may choose now (the enabled channels; the test provider moves no money)',
    tags,
    access: 'login',
    response: z.array(zPayProvider),
  }),
  select: endpoint({
    method: 'POST',
    path: '/api/payment/select/:id',
    summary: 'One payment with its refunds (its payer, or staff who read payments)',
    tags,
    access: 'login',
    params: zIdParam,
    response: zMyPayment,
  }),
  sync: endpoint({
    method: 'POST',
    path: '/api/payment/sync/:id',
    summary: 'Ask the provider about a payment now; a paid answer is applied as its notification would be',
    description:
      'For schools the provider cannot reach (no notification arrives): the payer or staff who read payments ' +
      'ask. Applied at most once whatever the number of calls and notifications.',
    tags,
    access: 'login',
    mutates: true,
    params: zIdParam,
    response: zSyncAnswer,
  }),
  testView: endpoint({
    method: 'POST',
    path: '/api/payment/test/view',
    summary: "The test provider's page (no money moves): what the payer is asked to pay",
    tags,
    access: 'login',
    body: zTestPaymentNo,
    response: zTestPaymentView,
  }),
  testComplete: endpoint({
    method: 'POST',
    path: '/api/payment/test/complete',
    summary: 'Pay or decline a test payment (no money moves): the test provider posts its signed notification',
    description:
      'Only the payer of an awaiting test payment. The notification goes through the same notify route a real ' +
      "provider's does; the answer says what became of it.",
    tags,
    access: 'login',
    mutates: true,
    body: zTestComplete,
    response: zTestCompleteAnswer,
  }),
  notify: endpoint({
    method: 'POST',
    path: '/api/payment/notify/:provider',
    summary: "A provider's payment notification (Alipay's asynchronous notice, the test provider's), applied once",
    description:
      'Public: trusted only by its signature (Alipay: RSA2 with Alipay’s public key of the channel; the test ' +
      'provider: HMAC-SHA256 under a key of the organisation). Form-encoded, at most 64 KiB. Every notification is ' +
      'kept with what became of it; the payment is made paid once, and only when the amount and currency agree. ' +
      'Answers what the provider expects (Alipay: the text "success"; 400 "failure" when it should try again).',
    tags,
    access: 'public',
    mutates: true,
    params: zNotifyProviderParam,
    response: z.never().describe('The provider’s acknowledgement text'),
  }),
  reconciliation: endpoint({
    method: 'POST',
    path: '/api/payment/reconciliation',
    summary: 'Points and money per day of a range (the organisation’s zone), cash by bursar, and the ledgers’ check',
    tags,
    access: RECONCILE,
    body: zReconciliationRequest,
    response: zReconciliation,
  }),
};

export const paymentFileEndpoints = {
  reconciliationExport: fileEndpoint({
    method: 'POST',
    path: '/api/payment/reconciliation/export',
    summary: 'The reconciliation of a range as an Excel file (days, cash by bursar, check)',
    description: 'Answers with an .xlsx file in the language asked for (?lang=en|zh).',
    tags,
    access: RECONCILE,
    body: zReconciliationRequest,
    query: zLangQuery,
  }),
};
