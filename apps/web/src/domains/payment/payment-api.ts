import type {
  Collect,
  FeeStructure,
  FeeStructureInput,
  InvoiceCreate,
  InvoiceFilter,
  InvoiceGenerate,
  InvoicePageRequest,
  Lang,
  OverdueRequest,
  PaymentChannelInput,
  PaymentChannelRow,
  PaymentPageRequest,
  ReconciliationRequest,
} from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { cleanFilter, resourceApi, type SaveOf } from '../../crud/resource-api';
import { type Cancel, call } from '../../shell/request';
import { downloadFrom } from '../../shell/transfer';
import { newRequestKey } from '../../ui/payment-words';

// The tuition page's calls. Invoices, overdue instalments, payments and the reconciliation sit under
// one key, so a collection, an issue or a refund refreshes every tab that shows money; fee
// structures and channels are engine resources under their own names.
export const TUITION_KEY = 'tuition';
export const STRUCTURE_KEY = 'feeStructure';
export const CHANNEL_KEY = 'paymentChannel';

export type StructureSave = SaveOf<FeeStructureInput>;
export const structureApi = resourceApi<FeeStructure, StructureSave, StructureSave & { id: number }, object>(
  STRUCTURE_KEY,
);
export type ChannelSave = SaveOf<PaymentChannelInput>;
export const channelApi = resourceApi<PaymentChannelRow, ChannelSave, ChannelSave & { id: number }, object>(
  CHANNEL_KEY,
);

const loading = { loading: true };

export const paymentCalls = {
  invoices: (body: InvoicePageRequest, { signal }: Cancel = {}) =>
    call(api.tuition.invoicePage, { body: cleanFilter(body) as InvoicePageRequest }, { signal, retry: 2 }),
  invoice: (id: number, { signal }: Cancel = {}) =>
    call(api.tuition.invoiceSelect, { params: { id } }, { signal, retry: 2 }),
  generate: (body: InvoiceGenerate) => call(api.tuition.generate, { body }, loading),
  create: (body: InvoiceCreate) => call(api.tuition.create, { body }, loading),
  discount: (id: number, discount: number, reason: string) =>
    call(api.tuition.discount, { params: { id }, body: { discount, reason: reason.trim() || null } }, loading),
  issue: (id: number) => call(api.tuition.issue, { params: { id } }, loading),
  issueMany: (ids: number[]) => call(api.tuition.issueMany, { body: { ids } }, loading),
  cancel: (id: number, reason: string) =>
    call(api.tuition.cancel, { params: { id }, body: { reason: reason.trim() } }, loading),
  collect: (id: number, body: Omit<Collect, 'requestKey'>) =>
    call(api.tuition.collect, { params: { id }, body: { ...body, requestKey: newRequestKey() } }, loading),
  refund: (id: number, paymentId: number, amount: number, reason: string) =>
    call(api.tuition.refund, { params: { id }, body: { paymentId, amount, reason: reason.trim() } }, loading),
  // The print view shows a refusal itself.
  receipt: (paymentId: number, { signal }: Cancel = {}) =>
    call(api.tuition.receipt, { params: { id: paymentId } }, { signal, silent: true }),
  exportInvoices: (filter: InvoiceFilter, lang: Lang) =>
    downloadFrom(api.tuition.export, { body: cleanFilter(filter) as InvoiceFilter, query: { lang } }, loading),
  overdue: (body: OverdueRequest, { signal }: Cancel = {}) =>
    call(api.tuition.overdue, { body: cleanFilter(body) as OverdueRequest }, { signal, retry: 2 }),
  remind: (invoiceIds?: number[]) => call(api.tuition.remind, { body: invoiceIds ? { invoiceIds } : {} }, loading),
  payments: (body: PaymentPageRequest, { signal }: Cancel = {}) =>
    call(api.payment.page, { body: cleanFilter(body) as PaymentPageRequest }, { signal, retry: 2 }),
  sync: (id: number) => call(api.payment.sync, { params: { id } }, loading),
  reconciliation: (body: ReconciliationRequest, { signal }: Cancel = {}) =>
    call(api.payment.reconciliation, { body }, { signal, retry: 2 }),
  exportReconciliation: (body: ReconciliationRequest, lang: Lang) =>
    downloadFrom(api.payment.reconciliationExport, { body, query: { lang } }, loading),
  testChannel: (id: number) => call(api.paymentChannel.test, { params: { id } }, loading),
};
