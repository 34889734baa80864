import { z } from 'zod';
import { invoiceStatusLabels, offlineMethodLabels, paymentStatusLabels, refundStatusLabels } from '../enums/payments';
import { codedIssue, type ErrorKey, formatRegex, type ParamsArg } from '../errors';
import { zDateText, zDateTime, zEnum, zId, zOptionalText, zText } from '../fields';
import { zPage, zPlainPageRequest } from '../paging';
import { type FormMeta, field } from '../resource-meta';
import { zAmount, zCurrency, zOnlineProvider, zPaymentProvider } from './payment';

// Tuition (issue 33, second part): fee structures per term and grade, invoices per student with
// their lines, discount and instalments, payments allocated to the instalments. Amounts are whole
// minor units of `currency`; what is paid and what is still owed are always computed from the
// allocations, never stored.

export const FEE_ITEMS_MAX = 30;
export const FEE_PLAN_MAX = 12;
// The most students one generation invoices.
export const INVOICE_GENERATE_MAX = 5000;

const issue = <K extends ErrorKey>(ctx: z.core.$RefinementCtx, path: (string | number)[], key: K, ...p: ParamsArg<K>) =>
  ctx.addIssue({ code: 'custom', path, ...codedIssue(key, ...p) });

// The digits after the decimal point of a currency's major unit (ISO 4217): 2 for most, none for
// the yen and the won, 3 for the dinars.
const NO_MINOR = new Set(['JPY', 'KRW', 'VND', 'CLP', 'ISK', 'UGX', 'PYG', 'XAF', 'XOF']);
const THREE_MINOR = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);
export function minorDigits(currency: string): number {
  return NO_MINOR.has(currency) ? 0 : THREE_MINOR.has(currency) ? 3 : 2;
}
// An amount as plain text after its code ("CNY 1200.50"), for notices and refusals that carry words
// in both languages at once; screens format amounts in the reader's locale themselves.
export function moneyText(amount: number, currency: string): string {
  const digits = minorDigits(currency);
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  if (!digits) return `${currency} ${sign}${abs}`;
  const unit = 10 ** digits;
  return `${currency} ${sign}${Math.floor(abs / unit)}.${String(abs % unit).padStart(digits, '0')}`;
}

// ---- fee structures ----

// A component of a term's fees (tuition, books, boarding). `id` names a kept row on save.
export const zFeeItemInput = z.object({ id: zId.nullable().optional(), name: zText(64), amount: zAmount });
export const zFeeItem = z.object({ id: zId, structureId: zId, name: z.string(), amount: z.number().int() });
// One instalment of the plan: its share of the total, due by a day.
export const zPlanEntry = z.object({
  label: zOptionalText(40),
  dueDate: zDateText('date'),
  percent: z.number().int().min(1).max(100),
});
export type PlanEntry = z.output<typeof zPlanEntry>;
export const zPlan = z.array(zPlanEntry).min(1).max(FEE_PLAN_MAX);

// Shares add up to 100 and due dates go forward.
function checkPlan(plan: { dueDate: string; percent: number }[], ctx: z.core.$RefinementCtx, at = 'plan') {
  const sum = plan.reduce((a, p) => a + p.percent, 0);
  if (sum !== 100) issue(ctx, [at], 'sharesNot100', { sum });
  plan.forEach((p, i) => {
    if (i > 0 && p.dueDate <= plan[i - 1]!.dueDate) issue(ctx, [at, i, 'dueDate'], 'dueNotAfterPrevious');
  });
}

const structureFields = {
  name: zText(64),
  semesterId: zId.nullable().optional(),
  // The grade (a class's grade year) it is for; none: any.
  gradeYear: z.number().int().min(1900).max(2200).nullable().optional(),
  // Default: the organisation's currency.
  currency: zCurrency.optional(),
  items: z.array(zFeeItemInput).min(1).max(FEE_ITEMS_MAX),
  plan: zPlan,
  note: zOptionalText(500),
};
export const zFeeStructureCreate = z
  .object({ id: z.null().optional(), ...structureFields })
  .superRefine((s, ctx) => checkPlan(s.plan, ctx));
export const zFeeStructureUpdate = z
  .object({ id: zId, ...structureFields })
  .superRefine((s, ctx) => checkPlan(s.plan, ctx));
export type FeeStructureInput = z.input<typeof zFeeStructureCreate>;
export const zFeeStructure = z.object({
  id: zId,
  organizationId: zId,
  name: z.string(),
  semesterId: zId.nullable(),
  semesterName: z.string().nullable(),
  gradeYear: z.number().int().nullable(),
  currency: z.string(),
  plan: z.array(z.object({ label: z.string().nullable(), dueDate: z.string(), percent: z.number().int() })),
  note: z.string().nullable(),
  items: z.array(zFeeItem),
  // The items' sum, and the invoices made from it that are not cancelled.
  total: z.number().int(),
  invoices: z.number().int(),
  createTime: zDateTime,
  updateTime: zDateTime,
});
export type FeeStructure = z.infer<typeof zFeeStructure>;
export const zFeeStructureFilter = z.object({
  keyword: z.string().trim().max(64).optional(),
  semesterId: zId.optional(),
  gradeYear: z.number().int().min(1900).max(2200).optional(),
});
export const feeStructureMeta: FormMeta = {
  name: 'feeStructure',
  title: { en: 'Fee structures', zh: '收费标准' },
  keyword: true,
  fields: [
    field('name', ['Name', '名称'], 'text', { required: true }),
    field('semesterId', ['Semester', '学期'], 'ref', { ref: { resource: 'semester' }, filter: true }),
    field('gradeYear', ['Grade', '年级'], 'number', { width: 90 }),
    field('currency', ['Currency', '币种'], 'text', { width: 80 }),
    field('total', ['Total', '合计'], 'number', { form: false, width: 110 }),
    field('invoices', ['Invoices', '账单数'], 'number', { form: false, width: 90 }),
  ],
};

// ---- invoices ----

export const zInvoiceLineInput = z.object({ name: zText(64), amount: zAmount });
export const zInvoiceLine = z.object({ id: zId, name: z.string(), amount: z.number().int() });

// An instalment with what was put against it (allocations less their reversals) and what is still
// owed; overdue when its day has passed (the organisation's zone) with something owed.
export const zInstalment = z.object({
  id: zId,
  seq: z.number().int(),
  dueDate: z.string(),
  amount: z.number().int(),
  paid: z.number().int(),
  outstanding: z.number().int(),
  overdue: z.boolean(),
  remindedAt: zDateTime.nullable(),
});
export type Instalment = z.infer<typeof zInstalment>;

export const zInvoice = z.object({
  id: zId,
  invoiceNo: z.string(),
  studentId: zId,
  studentName: z.string(),
  userName: z.string(),
  // The student's class now (the first when several).
  teamName: z.string().nullable(),
  structureId: zId.nullable(),
  semesterId: zId.nullable(),
  title: z.string(),
  status: zEnum(invoiceStatusLabels),
  subtotal: z.number().int(),
  discount: z.number().int(),
  discountReason: z.string().nullable(),
  total: z.number().int(),
  currency: z.string(),
  paid: z.number().int(),
  outstanding: z.number().int(),
  // The first instalment still owing, and whether its day has passed.
  nextDue: z.string().nullable(),
  overdue: z.boolean(),
  issuedAt: zDateTime.nullable(),
  cancelledAt: zDateTime.nullable(),
  cancelReason: z.string().nullable(),
  note: z.string().nullable(),
  createTime: zDateTime,
});
export type Invoice = z.infer<typeof zInvoice>;

// A payment of an invoice as its detail lists it: `allocated` is what it put against the
// instalments (net of reversals); `refunded` sums its refunds done.
export const zInvoicePayment = z.object({
  id: zId,
  paymentNo: z.string(),
  provider: zPaymentProvider,
  method: zEnum(offlineMethodLabels).nullable(),
  amount: z.number().int(),
  currency: z.string(),
  status: zEnum(paymentStatusLabels),
  paidAt: zDateTime.nullable(),
  receiptNo: z.string().nullable(),
  recordedByName: z.string().nullable(),
  allocated: z.number().int(),
  refunded: z.number().int(),
  createTime: zDateTime,
});
export const zAllocation = z.object({
  id: zId,
  paymentId: zId,
  instalmentId: zId,
  seq: z.number().int(),
  amount: z.number().int(),
  reversalOf: zId.nullable(),
  createTime: zDateTime,
});
export const zInvoiceRefund = z.object({
  id: zId,
  refundNo: z.string(),
  paymentId: zId,
  amount: z.number().int(),
  status: zEnum(refundStatusLabels),
  reason: z.string(),
  failReason: z.string().nullable(),
  finishedAt: zDateTime.nullable(),
  createTime: zDateTime,
});
export const zInvoiceDetail = zInvoice
  .extend({
    lines: z.array(zInvoiceLine),
    instalments: z.array(zInstalment),
    payments: z.array(zInvoicePayment),
    allocations: z.array(zAllocation),
    refunds: z.array(zInvoiceRefund),
  })
  .meta({ id: 'InvoiceDetail' });
export type InvoiceDetail = z.infer<typeof zInvoiceDetail>;

const invoiceFilters = {
  status: zEnum(invoiceStatusLabels).optional(),
  semesterId: zId.optional(),
  structureId: zId.optional(),
  // The invoice number, or the student's name or user name.
  keyword: z.string().trim().max(64).optional(),
  teamId: zId.optional(),
  // Only invoices with an instalment past its day and still owing.
  overdue: z.boolean().optional(),
};
export const zInvoiceFilter = z.object(invoiceFilters);
export type InvoiceFilter = z.input<typeof zInvoiceFilter>;
export const zInvoicePageRequest = zPlainPageRequest.extend(invoiceFilters);
export type InvoicePageRequest = z.input<typeof zInvoicePageRequest>;
export const zInvoicePage = zPage(zInvoice);

// A discount for one student of a generation (a scholarship, a sibling's reduction).
const zStudentDiscount = z.object({ studentId: zId, amount: zAmount, reason: zOptionalText(200) });
// Invoices from a fee structure for the students of classes, of a grade, or named; with none of
// them, the students of the structure's grade.
export const zInvoiceGenerate = z.object({
  structureId: zId,
  teamIds: z.array(zId).max(200).optional(),
  gradeYear: z.number().int().min(1900).max(2200).optional(),
  studentIds: z.array(zId).max(INVOICE_GENERATE_MAX).optional(),
  discounts: z.array(zStudentDiscount).max(INVOICE_GENERATE_MAX).optional(),
});
export type InvoiceGenerate = z.input<typeof zInvoiceGenerate>;
export const zInvoiceGenerated = z.object({
  created: z.number().int(),
  // Students who already hold a live invoice of the structure.
  skipped: z.number().int(),
  invoiceIds: z.array(zId),
});

// One student's invoice with lines of its own.
export const zInvoiceCreate = z
  .object({
    studentId: zId,
    title: zText(100),
    semesterId: zId.nullable().optional(),
    lines: z.array(zInvoiceLineInput).min(1).max(FEE_ITEMS_MAX),
    discount: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
    discountReason: zOptionalText(200),
    plan: zPlan,
    note: zOptionalText(500),
  })
  .superRefine((s, ctx) => checkPlan(s.plan, ctx));
export type InvoiceCreate = z.input<typeof zInvoiceCreate>;

export const zInvoiceDiscount = z.object({
  discount: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  reason: zOptionalText(200),
});
export const zInvoiceCancel = z.object({ reason: zText(200) });
export const zInvoiceIds = z.object({ ids: z.array(zId).min(1).max(INVOICE_GENERATE_MAX) });
export const zIssued = z.object({ issued: z.number().int() });

// The client's key of a request: sent again (a double click, a retry), it answers the payment the
// first one made.
const zRequestKey = z
  .string()
  .min(8)
  .max(64)
  .regex(...formatRegex(/^[A-Za-z0-9_-]+$/, 'keyChars'));

// Money taken at the desk.
export const zCollect = z.object({
  amount: zAmount,
  method: zEnum(offlineMethodLabels),
  note: zOptionalText(200),
  requestKey: zRequestKey.optional(),
});
export type Collect = z.input<typeof zCollect>;

// A student pays online (default: all that is still owed; default provider: the organisation's
// enabled channel, Alipay before the test provider).
export const zPayInvoice = z.object({
  provider: zOnlineProvider.optional(),
  amount: zAmount.optional(),
  requestKey: zRequestKey.optional(),
});

export const zTuitionRefund = z.object({ paymentId: zId, amount: zAmount, reason: zText(200) });

// ---- receipts ----

// What the web's print view shows of one payment of an invoice.
export const zTuitionReceipt = z.object({
  school: z.string(),
  paymentId: zId,
  // The bursar's receipt number (offline); online payments show their payment number.
  receiptNo: z.string().nullable(),
  paymentNo: z.string(),
  provider: zPaymentProvider,
  method: zEnum(offlineMethodLabels).nullable(),
  providerTradeNo: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  paidAt: zDateTime.nullable(),
  // Who recorded it at the desk.
  bursar: z.string().nullable(),
  note: z.string().nullable(),
  student: z.object({ id: zId, name: z.string(), userName: z.string(), teamName: z.string().nullable() }),
  invoice: z.object({ id: zId, invoiceNo: z.string(), title: z.string(), total: z.number().int() }),
  allocations: z.array(z.object({ seq: z.number().int(), dueDate: z.string(), amount: z.number().int() })),
  // What the invoice still owed right after this payment, and now.
  outstandingAfter: z.number().int(),
  outstandingNow: z.number().int(),
  refunded: z.number().int(),
});
export type TuitionReceipt = z.infer<typeof zTuitionReceipt>;

// ---- the student's own ----

export const zMyInvoice = zInvoice.extend({
  lines: z.array(zInvoiceLine),
  instalments: z.array(zInstalment),
  payments: z.array(zInvoicePayment),
});
export const zMyInvoices = z.object({ list: z.array(zMyInvoice) });
export type MyInvoices = z.infer<typeof zMyInvoices>;

// ---- overdue ----

export const zOverdueRequest = zPlainPageRequest.extend({
  keyword: z.string().trim().max(64).optional(),
  teamId: zId.optional(),
  semesterId: zId.optional(),
  // At least this many days past the due day.
  minDays: z.number().int().min(1).max(3660).optional(),
});
export type OverdueRequest = z.input<typeof zOverdueRequest>;
export const zOverdueRow = z.object({
  invoiceId: zId,
  invoiceNo: z.string(),
  title: z.string(),
  studentId: zId,
  studentName: z.string(),
  userName: z.string(),
  teamName: z.string().nullable(),
  instalmentId: zId,
  seq: z.number().int(),
  dueDate: z.string(),
  amount: z.number().int(),
  paid: z.number().int(),
  outstanding: z.number().int(),
  currency: z.string(),
  daysOverdue: z.number().int(),
  remindedAt: zDateTime.nullable(),
});
export type OverdueRow = z.infer<typeof zOverdueRow>;
export const zOverduePage = zPage(zOverdueRow);
export const zRemind = z.object({ invoiceIds: z.array(zId).min(1).max(INVOICE_GENERATE_MAX).optional() });
// Students told and instalments reminded (each at most once a day).
export const zReminded = z.object({ students: z.number().int(), instalments: z.number().int() });
