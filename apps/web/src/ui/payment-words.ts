import type { OnlineProvider, PaymentProvider, PaymentPurpose } from '@lyceum/contract';
import { moduleTexts } from '../shell/module-texts';

// The words of payments every screen that shows one shares (the bursar's page, the orders page, the
// student's Orders & fees, the course catalogue's Buy), read as `payWords.key`. The test provider is
// named as what it is everywhere: no money moves.
const en = {
  provider_offline: 'At the desk',
  provider_test: 'Test payment (no money moves)',
  provider_alipay: 'Alipay',
  providerHint_test: 'A payment page of this system for trying things out. Nothing is charged.',
  providerHint_alipay: 'Pay on Alipay’s page with the Alipay app or your account.',
  purpose_courseOrder: 'Course order',
  purpose_tuition: 'Tuition',
  testTag: 'TEST',
  chooseTitle: 'How do you want to pay?',
  chooseAmount: 'Amount to pay',
  goPay: 'Go to payment',
  noProviders: 'Online payment is not set up at your school. Pay at the desk, or ask the school office.',
  loadingProviders: 'Looking up the ways to pay…',
  redirecting: 'Opening the payment page…',
  receipt: 'Receipt',
  receiptOf: 'Receipt of payment {{no}}',
  points: '{{points}} points',
  items: 'Courses',
  course: 'Course',
  price: 'Price',
  state: 'State',
  itemOpen: 'Open',
  itemAwaiting: 'Awaiting payment',
  itemReleased: 'Released',
  itemRefunded: 'Refunded {{amount}}',
  attempts: 'Payment attempts',
  paymentNo: 'Payment',
  provider: 'Paid by',
  amount: 'Amount',
  status: 'Status',
  time: 'Time',
  noAttempts: 'No payment started yet.',
  refunds: 'Refunds',
  refundNo: 'Refund',
  reason: 'Reason',
  noRefunds: 'No refunds.',
  refundFailed: 'Failed: {{reason}}',
};
const zh: typeof en = {
  provider_offline: '线下缴费',
  provider_test: '测试支付（不产生真实扣款）',
  provider_alipay: '支付宝',
  providerHint_test: '本系统自带的测试支付页面，用于试用，不会扣款。',
  providerHint_alipay: '在支付宝页面用支付宝 App 或账号付款。',
  purpose_courseOrder: '课程订单',
  purpose_tuition: '学费',
  testTag: '测试',
  chooseTitle: '选择支付方式',
  chooseAmount: '支付金额',
  goPay: '去支付',
  noProviders: '学校尚未开通在线支付。请到财务窗口缴费，或联系学校办公室。',
  loadingProviders: '正在读取可用的支付方式…',
  redirecting: '正在打开支付页面…',
  receipt: '收据',
  receiptOf: '缴费 {{no}} 的收据',
  points: '{{points}} 积分',
  items: '课程',
  course: '课程',
  price: '价格',
  state: '状态',
  itemOpen: '已开通',
  itemAwaiting: '待支付',
  itemReleased: '已释放',
  itemRefunded: '已退款 {{amount}}',
  attempts: '支付记录',
  paymentNo: '支付单号',
  provider: '支付方式',
  amount: '金额',
  status: '状态',
  time: '时间',
  noAttempts: '尚未发起支付。',
  refunds: '退款记录',
  refundNo: '退款单号',
  reason: '原因',
  noRefunds: '没有退款。',
  refundFailed: '失败：{{reason}}',
};

export const { useTexts: usePayWords } = moduleTexts('payWords', en, zh);

type T = (key: string) => string;
export const providerName = (t: T, provider: PaymentProvider) => t(`payWords.provider_${provider}`);
export const providerHint = (t: T, provider: OnlineProvider) => t(`payWords.providerHint_${provider}`);
export const purposeName = (t: T, purpose: PaymentPurpose) => t(`payWords.purpose_${purpose}`);

// Where a payment's receipt prints: a page of its own (router.tsx), opened beside the screen.
export const receiptPath = (paymentId: number) => `/pay/receipt/${paymentId}`;
export function openReceipt(paymentId: number): void {
  window.open(receiptPath(paymentId), '_blank', 'noopener');
}

// A request key for a payment or an order: random, 32 hex digits (getRandomValues works on plain
// http too, where randomUUID does not).
export function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

// Sends the payer to the provider's page: the test provider's page of this app, or Alipay's.
export function goToPay(payUrl: string): void {
  window.location.assign(payUrl);
}
