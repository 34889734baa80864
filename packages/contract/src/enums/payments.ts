import { defineEnum, type EnumValue } from '../labels';

// Course orders, payments, refunds and tuition (issue 33, second part). Money is whole minor units
// (fen, cents) of the organisation's currency. The seed's course order values are kept: 1 awaiting
// payment, 2 paid, 3 refunding, 4 refunded, 5 expired; 6 cancelled (by the buyer before paying) is
// our extension.
export const { values: CourseOrderStatus, labels: courseOrderStatusLabels } = defineEnum({
  AwaitingPayment: [1, 'Awaiting payment', '待支付', 'processing'],
  Paid: [2, 'Paid', '已支付', 'success'],
  Refunding: [3, 'Refunding', '退款中', 'warning'],
  Refunded: [4, 'Refunded', '已退款', 'default'],
  Expired: [5, 'Expired', '已过期', 'default'],
  Cancelled: [6, 'Cancelled', '已取消', 'default'],
});
export type CourseOrderStatus = EnumValue<typeof CourseOrderStatus>;

// Who takes the money. Offline (cash, transfer, the desk's card terminal) is always on and recorded
// by a bursar; the test provider moves no money and says so everywhere; Alipay is the online one.
export const PAYMENT_PROVIDERS = ['offline', 'test', 'alipay'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
// The providers a school configures as a channel (offline needs none).
export const ONLINE_PROVIDERS = ['test', 'alipay'] as const satisfies readonly PaymentProvider[];
export type OnlineProvider = (typeof ONLINE_PROVIDERS)[number];

export const { values: OfflineMethod, labels: offlineMethodLabels } = defineEnum({
  Cash: [1, 'Cash', '现金'],
  BankTransfer: [2, 'Bank transfer', '银行转账'],
  CardTerminal: [3, 'Card terminal', '刷卡'],
});
export type OfflineMethod = EnumValue<typeof OfflineMethod>;

// One payment attempt. Only a verified notification, an active query of the provider or a
// bursar's record makes it paid, and only from "awaiting" (a conditional update).
export const { values: PaymentStatus, labels: paymentStatusLabels } = defineEnum({
  Awaiting: [1, 'Awaiting payment', '待支付', 'processing'],
  Paid: [2, 'Paid', '已支付', 'success'],
  Failed: [3, 'Failed', '失败', 'error'],
  Closed: [4, 'Closed', '已关闭', 'default'],
});
export type PaymentStatus = EnumValue<typeof PaymentStatus>;

// What a payment is for.
export const PAYMENT_PURPOSES = ['courseOrder', 'tuition'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

export const { values: RefundStatus, labels: refundStatusLabels } = defineEnum({
  Refunding: [1, 'Refunding', '退款中', 'processing'],
  Refunded: [2, 'Refunded', '已退款', 'success'],
  Failed: [3, 'Failed', '退款失败', 'error'],
});
export type RefundStatus = EnumValue<typeof RefundStatus>;

// What became of a provider's notification (each kept as it came, append-only).
export const NOTIFICATION_OUTCOMES = [
  'applied',
  'duplicate',
  'badSignature',
  'unknownPayment',
  'amountMismatch',
  'notPaid',
  'malformed',
  // Verified and meant to apply, but applying failed (the purpose refused or the database did):
  // nothing stayed, the provider is answered "failure" and retries.
  'failed',
] as const;
export type NotificationOutcome = (typeof NOTIFICATION_OUTCOMES)[number];

// A tuition invoice. Partly paid and paid follow the allocations (written in the same transaction
// as each allocation, from their sum); the outstanding amount is never stored.
export const { values: InvoiceStatus, labels: invoiceStatusLabels } = defineEnum({
  Pending: [1, 'Pending', '待开具', 'default'],
  Issued: [2, 'Issued', '已开具', 'processing'],
  PartiallyPaid: [3, 'Partially paid', '部分缴纳', 'warning'],
  Paid: [4, 'Paid', '已缴清', 'success'],
  Cancelled: [5, 'Cancelled', '已作废', 'default'],
  Refunded: [6, 'Refunded', '已退费', 'error'],
});
export type InvoiceStatus = EnumValue<typeof InvoiceStatus>;

// Unpaid course orders expire after this long (the job asks the provider first).
export const COURSE_ORDER_EXPIRY_MINUTES = 30;
// The organisation's currency when none is set (ISO 4217); amounts are in its minor unit.
export const DEFAULT_CURRENCY = 'CNY';
