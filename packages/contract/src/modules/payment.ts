import { z } from 'zod';
import {
  NOTIFICATION_OUTCOMES,
  ONLINE_PROVIDERS,
  offlineMethodLabels,
  PAYMENT_PROVIDERS,
  PAYMENT_PURPOSES,
  paymentStatusLabels,
  refundStatusLabels,
} from '../enums/payments';
import { zDateText, zDateTime, zEnum, zId, zOptionalLink, zOptionalText, zText } from '../fields';
import { zPage, zPlainPageRequest } from '../paging';

// Payments (issue 33, second part): one row per payment attempt, whatever it pays (a course order
// or a tuition invoice: `purpose`), by a provider (the test provider, Alipay) or recorded offline by
// a bursar. Amounts are whole minor units (fen, cents) of `currency`; the server never formats them.

export const zOnlineProvider = z.enum(ONLINE_PROVIDERS);
export const zPaymentProvider = z.enum(PAYMENT_PROVIDERS);
export const zPaymentPurpose = z.enum(PAYMENT_PURPOSES);
// ISO 4217, three capitals.
export const zCurrency = z.string().regex(/^[A-Z]{3}$/);
// Whole minor units, positive (the column is a bigint; JavaScript's safe range is the bound).
export const zAmount = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

// A refund of (part of) a payment.
export const zRefund = z.object({
  id: zId,
  refundNo: z.string(),
  paymentId: zId,
  itemId: zId.nullable(),
  amount: z.number().int(),
  status: zEnum(refundStatusLabels),
  reason: z.string(),
  requestedBy: zId.nullable(),
  decidedBy: zId.nullable(),
  providerRefundNo: z.string().nullable(),
  failReason: z.string().nullable(),
  finishedAt: zDateTime.nullable(),
  createTime: zDateTime,
});
export type Refund = z.infer<typeof zRefund>;

// One payment attempt. `payUrl` is where the payer goes (online, while awaiting); `receiptNo` is
// the bursar's receipt (offline); `refunded` sums the refunds done.
export const zPayment = z.object({
  id: zId,
  paymentNo: z.string(),
  purpose: zPaymentPurpose,
  purposeId: zId,
  payerId: zId,
  payerName: z.string(),
  provider: zPaymentProvider,
  method: zEnum(offlineMethodLabels).nullable(),
  amount: z.number().int(),
  currency: z.string(),
  status: zEnum(paymentStatusLabels),
  providerTradeNo: z.string().nullable(),
  payUrl: z.string().nullable(),
  paidAt: zDateTime.nullable(),
  closedAt: zDateTime.nullable(),
  receiptNo: z.string().nullable(),
  recordedBy: zId.nullable(),
  recordedByName: z.string().nullable(),
  note: z.string().nullable(),
  refunded: z.number().int(),
  createTime: zDateTime,
});
export type Payment = z.infer<typeof zPayment>;

// What starting an online payment answers: where the payer goes.
export const zPayAnswer = z.object({ payUrl: z.string(), paymentNo: z.string(), paymentId: zId });
export type PayAnswer = z.infer<typeof zPayAnswer>;

// ---- lists ----

export const zPaymentPageRequest = zPlainPageRequest.extend({
  provider: zPaymentProvider.optional(),
  status: zEnum(paymentStatusLabels).optional(),
  purpose: zPaymentPurpose.optional(),
  payerId: zId.optional(),
  // Payment number, trade number, receipt number or the payer's name.
  keyword: z.string().trim().max(64).optional(),
  // Days in the organisation's time zone, on the creation time.
  from: zDateText('date').optional(),
  to: zDateText('date').optional(),
});
export type PaymentPageRequest = z.input<typeof zPaymentPageRequest>;
export const zPaymentPage = zPage(zPayment);

export const zMyPaymentsRequest = zPlainPageRequest.extend({ purpose: zPaymentPurpose.optional() });
// The caller's payments with their refunds.
export const zMyPayment = zPayment.extend({ refunds: z.array(zRefund) });
export const zMyPaymentsPage = zPage(zMyPayment);

// What asking the provider changed: the payment as it is now.
export const zSyncAnswer = z.object({ payment: zPayment, changed: z.boolean() });
export type SyncAnswer = z.infer<typeof zSyncAnswer>;

// The test provider's page: the payer pays or declines.
export const zTestPaymentNo = z.object({ paymentNo: z.string().trim().min(1).max(40) });
export const zTestComplete = zTestPaymentNo.extend({ outcome: z.enum(['paid', 'declined']) });
// What the test provider's page shows before the payer decides.
export const zTestPaymentView = z.object({
  paymentNo: z.string(),
  subject: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: zEnum(paymentStatusLabels),
  purpose: zPaymentPurpose,
  purposeId: zId,
});
export const zTestCompleteAnswer = z.object({ outcome: z.enum(NOTIFICATION_OUTCOMES), payment: zPayment });

export const zNotifyProviderParam = z.object({ provider: zOnlineProvider });

// ---- channels: the organisation's account at each online provider (payment:settings) ----

const channelFields = {
  provider: zOnlineProvider,
  name: zText(64),
  enabled: z.boolean().default(true),
  // Alipay: the app's id, Alipay's public key, the gateway (empty: Alipay's production gateway;
  // the sandbox's is https://openapi-sandbox.dl.alipaydev.com/gateway.do).
  appId: zOptionalText(64),
  providerPublicKey: zOptionalText(4096),
  gateway: zOptionalLink(512),
};
// The app's private key is written, never read back: blank on an update keeps the stored one.
export const zPaymentChannelCreate = z.object({
  id: z.null().optional(),
  ...channelFields,
  privateKey: z.string().max(8192).optional().default(''),
});
export const zPaymentChannelUpdate = z.object({
  id: zId,
  ...channelFields,
  privateKey: z.string().max(8192).optional().default(''),
});
export type PaymentChannelInput = z.input<typeof zPaymentChannelCreate>;
export const zPaymentChannelRow = z.object({
  id: zId,
  organizationId: zId,
  provider: zOnlineProvider,
  name: z.string(),
  enabled: z.boolean(),
  appId: z.string().nullable(),
  providerPublicKey: z.string().nullable(),
  gateway: z.string().nullable(),
  // Whether a private key is stored that this server can open (it never leaves the server).
  hasPrivateKey: z.boolean(),
  createTime: zDateTime,
  updateTime: zDateTime,
});
export type PaymentChannelRow = z.infer<typeof zPaymentChannelRow>;
export const zPaymentChannelFilter = z.object({ keyword: z.string().trim().max(64).optional() });
// What asking the provider with the stored keys answered.
export const zPaymentChannelTest = z.object({ ok: z.boolean(), detail: z.string() });
export type PaymentChannelTest = z.infer<typeof zPaymentChannelTest>;
// The online providers a payer may choose now (the enabled channels), for the pay buttons.
export const zPayProvider = z.object({ provider: zOnlineProvider, name: z.string() });
export type PayProvider = z.infer<typeof zPayProvider>;

// ---- reconciliation (payment:export or order:page) ----

// The longest range one reconciliation covers.
export const RECONCILIATION_MAX_DAYS = 366;
export const zReconciliationRequest = z.object({
  // Days in the organisation's time zone, both included.
  from: zDateText('date'),
  to: zDateText('date'),
});
export type ReconciliationRequest = z.input<typeof zReconciliationRequest>;

// One day. Points: issued (rules, additions by hand), spent (goods and course orders), reversed
// (their cancels and refunds given back), deducted by hand. Money in minor units of `currency`.
export const zReconciliationDay = z.object({
  day: z.string(),
  pointsIssued: z.number().int(),
  pointsSpent: z.number().int(),
  pointsReversed: z.number().int(),
  pointsDeducted: z.number().int(),
  courseOrdersPaid: z.number().int(),
  courseOrderMoneyPaid: z.number().int(),
  courseRefunds: z.number().int(),
  courseOrderMoneyRefunded: z.number().int(),
  tuitionPayments: z.number().int(),
  tuitionCollected: z.number().int(),
  tuitionRefunds: z.number().int(),
  tuitionRefunded: z.number().int(),
});
export type ReconciliationDay = z.infer<typeof zReconciliationDay>;

// Money taken at the desk in the range, by bursar and method.
export const zBursarCash = z.object({
  bursarId: zId.nullable(),
  bursarName: z.string().nullable(),
  method: zEnum(offlineMethodLabels),
  currency: z.string(),
  count: z.number().int(),
  amount: z.number().int(),
});

// The money a purpose holds by its own books against what its payments brought in (all time, now):
// paid payments less refunds done. `held` is null when the purpose keeps no such figure.
export const zMoneyCheck = z.object({
  purpose: zPaymentPurpose,
  currency: z.string(),
  paid: z.number().int(),
  refunded: z.number().int(),
  net: z.number().int(),
  held: z.number().int().nullable(),
  difference: z.number().int().nullable(),
});

export const zReconciliation = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  // The organisation's currency: the days' money is of payments in it.
  currency: z.string(),
  days: z.array(zReconciliationDay),
  totals: zReconciliationDay.omit({ day: true }),
  cashByBursar: z.array(zBursarCash),
  check: z.object({
    // Every figure below agrees (the points ledger with its balances; each purpose's books with
    // its payments).
    agrees: z.boolean(),
    points: z.object({ entries: z.number().int(), balances: z.number().int(), difference: z.number().int() }),
    money: z.array(zMoneyCheck),
  }),
});
export type Reconciliation = z.infer<typeof zReconciliation>;
