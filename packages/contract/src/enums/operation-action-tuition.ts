import { action, type OperationActionLabel } from './operation-action-kit';

// The operation log's verbs of tuition (issue 33, second part: /api/tuition/{verb}/…), apart from
// the catalogue in operation-action.ts, which is full. `refund` and `pay` are worded for any record
// (an invoice here, a course order too).
export const tuitionActionLabels = {
  generateInvoices: action(
    'Generate invoices',
    '批量生成账单',
    'generated invoices from {{target}}',
    'generate invoices from {{target}}',
    '按{{target}}生成账单',
    'success',
  ),
  issue: action('Issue', '开具', 'issued {{target}}', 'issue {{target}}', '开具{{target}}', 'success'),
  issueMany: action(
    'Issue several',
    '批量开具',
    'issued {{target}}',
    'issue {{target}}',
    '批量开具{{target}}',
    'success',
  ),
  discount: action(
    'Discount',
    '减免',
    'set the discount of {{target}}',
    'set the discount of {{target}}',
    '设置{{target}}的减免',
  ),
  collectFee: action(
    'Record a payment',
    '登记缴费',
    'recorded a payment of {{target}}',
    'record a payment of {{target}}',
    '登记{{target}}的缴费',
    'success',
  ),
  refund: action('Refund', '退款', 'refunded {{target}}', 'refund {{target}}', '退款{{target}}', 'warning'),
  pay: action(
    'Pay online',
    '在线支付',
    'started a payment of {{target}}',
    'start a payment of {{target}}',
    '发起{{target}}的在线支付',
  ),
} satisfies Record<string, OperationActionLabel>;
