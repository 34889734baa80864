import { action, type OperationActionLabel } from './operation-action-kit';

// The operation log's verbs of payments (issue 33, second part: /api/payment/{verb}/…), apart from
// the catalogue in operation-action.ts, which is full.
export const paymentActionLabels = {
  // Asking the provider about a payment now (/api/payment/sync/:id).
  sync: action(
    'Ask the provider',
    '向支付渠道查询',
    'asked the provider about {{target}}',
    'ask the provider about {{target}}',
    '向支付渠道查询{{target}}',
  ),
  // The test provider's page: pay or decline (/api/payment/test/complete). No money moves.
  test: action(
    'Test payment',
    '测试支付',
    'completed the test payment {{target}}',
    'complete the test payment {{target}}',
    '完成测试支付{{target}}',
  ),
  // A provider's notification (/api/payment/notify/:provider): public, applied once when its
  // signature holds; logged like any change.
  notify: action(
    'Payment notification',
    '支付通知',
    'notified the payment {{target}}',
    'notify the payment {{target}}',
    '通知支付{{target}}',
  ),
  // The reconciliation's spreadsheet (/api/payment/reconciliation/export).
  reconciliation: action(
    'Export the reconciliation',
    '导出对账',
    'exported the reconciliation',
    'export the reconciliation',
    '导出对账',
  ),
} satisfies Record<string, OperationActionLabel>;
