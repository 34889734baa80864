import { endpoint } from '../endpoint';
import { engineDecl, engineEndpoints } from '../engine-endpoints';
import { zIdParam } from '../fields';
import { fileEndpoint, zLangQuery } from '../file-endpoint';
import { zPayAnswer } from './payment';
import {
  zCollect,
  zFeeStructure,
  zFeeStructureCreate,
  zFeeStructureFilter,
  zFeeStructureUpdate,
  zInvoiceCancel,
  zInvoiceCreate,
  zInvoiceDetail,
  zInvoiceDiscount,
  zInvoiceFilter,
  zInvoiceGenerate,
  zInvoiceGenerated,
  zInvoiceIds,
  zInvoicePage,
  zInvoicePageRequest,
  zIssued,
  zMyInvoices,
  zOverduePage,
  zOverdueRequest,
  zPayInvoice,
  zRemind,
  zReminded,
  zTuitionReceipt,
  zTuitionRefund,
} from './tuition';

// Tuition's endpoints (issue 33, second part). Fee structures are an engine resource; invoices are
// read at /api/tuition/invoice/* and changed at /api/tuition/{verb}/:id (the operation log names
// the record by the entity "tuition" and the verb). A bursar's work needs the payment page's
// buttons; students read and pay only their own invoices (another's is "not found").

const tags = ['tuition'];
const READ = ['payment:page'] as const;
const INVOICE = ['payment:invoice'] as const;

export const feeStructureDecl = engineDecl({
  name: 'feeStructure',
  title: 'Fee structure',
  tags,
  schemas: {
    row: zFeeStructure,
    create: zFeeStructureCreate,
    update: zFeeStructureUpdate,
    filter: zFeeStructureFilter,
  },
  access: { read: READ, create: INVOICE, update: INVOICE, remove: INVOICE },
  sheets: 'none',
});
export const feeStructureVerbs = engineEndpoints(feeStructureDecl);

const OVERPAY =
  'An amount above what is still owed is refused (overpayment on amount), with nothing written; so are parallel ' +
  'payments that together would pay more: the invoice is held while one is allocated.';

export const tuitionEndpoints = {
  invoicePage: endpoint({
    method: 'POST',
    path: '/api/tuition/invoice/page',
    summary: 'Page through invoices with what each has had paid, still owes, and its next due day',
    description:
      'Paid is the sum of the allocations (refunds reverse them); outstanding is the total less that, never a ' +
      'stored figure. `overdue` keeps invoices with an instalment past its day (the organisation’s zone) still owing.',
    tags,
    access: READ,
    body: zInvoicePageRequest,
    response: zInvoicePage,
  }),
  invoiceSelect: endpoint({
    method: 'POST',
    path: '/api/tuition/invoice/select/:id',
    summary: 'One invoice with its lines, instalments (each with paid and outstanding), payments and allocations',
    tags,
    access: READ,
    params: zIdParam,
    response: zInvoiceDetail,
  }),
  generate: endpoint({
    method: 'POST',
    path: '/api/tuition/generateInvoices',
    summary: 'Invoice the students of classes, of a grade, or named, from a fee structure (pending until issued)',
    description:
      'Each invoice gets the structure’s items as lines, less the student’s discount if given, and its plan as ' +
      'instalments (shares of the total, the remainder on the last). A student who already holds a live invoice of ' +
      'the structure is skipped. With no class, grade or student named, the structure’s grade is invoiced.',
    tags,
    access: INVOICE,
    mutates: true,
    body: zInvoiceGenerate,
    response: zInvoiceGenerated,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/tuition/create',
    summary: 'One student’s invoice with lines of its own (pending until issued)',
    tags,
    access: INVOICE,
    mutates: true,
    body: zInvoiceCreate,
    response: zInvoiceDetail,
  }),
  discount: endpoint({
    method: 'POST',
    path: '/api/tuition/discount/:id',
    summary: 'Set a pending invoice’s discount; its instalments are split again in the same shares',
    tags,
    access: INVOICE,
    mutates: true,
    params: zIdParam,
    body: zInvoiceDiscount,
    response: zInvoiceDetail,
  }),
  issue: endpoint({
    method: 'POST',
    path: '/api/tuition/issue/:id',
    summary: 'Issue a pending invoice: the student is told and may pay',
    tags,
    access: INVOICE,
    mutates: true,
    params: zIdParam,
    response: zInvoiceDetail,
  }),
  issueMany: endpoint({
    method: 'POST',
    path: '/api/tuition/issueMany',
    summary: 'Issue several invoices at once (those still pending; the others are left as they are)',
    tags,
    access: INVOICE,
    mutates: true,
    body: zInvoiceIds,
    response: zIssued,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/tuition/cancel/:id',
    summary: 'Cancel an invoice nothing was paid against (its open online payments are closed first)',
    tags,
    access: INVOICE,
    mutates: true,
    params: zIdParam,
    body: zInvoiceCancel,
    response: zInvoiceDetail,
  }),
  collect: endpoint({
    method: 'POST',
    path: '/api/tuition/collectFee/:id',
    summary: 'Record money taken at the desk: a paid payment with the next receipt number, allocated to instalments',
    description: `Allocated to the earliest instalments still owing. ${OVERPAY} Answers the receipt to print.`,
    tags,
    access: ['payment:collect'],
    mutates: true,
    params: zIdParam,
    body: zCollect,
    response: zTuitionReceipt,
  }),
  refund: endpoint({
    method: 'POST',
    path: '/api/tuition/refund/:id',
    summary: 'Refund (part of) a payment of the invoice: its allocations are reversed, latest instalment first',
    tags,
    access: ['payment:refund'],
    mutates: true,
    params: zIdParam,
    body: zTuitionRefund,
    response: zInvoiceDetail,
  }),
  my: endpoint({
    method: 'POST',
    path: '/api/tuition/my',
    summary: 'The caller’s issued invoices with their instalments, what is owed and their payments',
    tags,
    access: 'login',
    response: zMyInvoices,
  }),
  pay: endpoint({
    method: 'POST',
    path: '/api/tuition/pay/:id',
    summary: 'Pay one of the caller’s invoices online (default: all that is still owed)',
    description: `Only the invoice’s student; another’s is “not found”. ${OVERPAY}`,
    tags,
    access: 'login',
    mutates: true,
    params: zIdParam,
    body: zPayInvoice,
    response: zPayAnswer,
  }),
  receipt: endpoint({
    method: 'POST',
    path: '/api/tuition/receipt/:id',
    summary: 'The receipt of a paid tuition payment, to print (the payer, or staff with payment:page)',
    tags,
    access: 'login',
    params: zIdParam,
    response: zTuitionReceipt,
  }),
  overdue: endpoint({
    method: 'POST',
    path: '/api/tuition/overdue/page',
    summary: 'Instalments past their day and still owing, with the student and the days overdue',
    tags,
    access: READ,
    body: zOverdueRequest,
    response: zOverduePage,
  }),
  remind: endpoint({
    method: 'POST',
    path: '/api/tuition/remind',
    summary: 'Remind the students of overdue instalments (all, or of the invoices named) through Messages',
    description:
      'Each instalment is reminded at most once a day (the organisation’s day), whoever asks and however often; ' +
      'a daily job reminds by itself.',
    tags,
    access: ['payment:remind'],
    mutates: true,
    body: zRemind,
    response: zReminded,
  }),
};

export const tuitionFileEndpoints = {
  export: fileEndpoint({
    method: 'POST',
    path: '/api/tuition/export',
    summary: 'Export the invoices matching the filters to Excel, with paid and outstanding',
    tags,
    access: ['payment:export'],
    body: zInvoiceFilter,
    query: zLangQuery,
  }),
};
