import { action, type OperationActionLabel } from './operation-action-kit';

// The operation log's verbs of points, products and orders (issue 33), apart from the catalogue in
// operation-action.ts, which is full.
export const shopActionLabels = {
  // Points (/api/point/adjust, /api/point/ledger/export).
  adjust: action('Adjust points', '调整积分', 'adjusted {{target}}', 'adjust {{target}}', '调整{{target}}', 'warning'),
  ledger: action(
    'Export the points ledger',
    '导出积分明细',
    'exported the points ledger',
    'export the points ledger',
    '导出积分明细',
    'default',
  ),
  // Goods orders (/api/goodsOrder/redeem, receive, cancelMine and the staff's ship and complete).
  redeem: action('Redeem', '兑换', 'redeemed {{target}}', 'redeem {{target}}', '兑换{{target}}', 'success'),
  receive: action(
    'Confirm receipt',
    '确认收货',
    'confirmed receipt of {{target}}',
    'confirm receipt of {{target}}',
    '确认收货{{target}}',
  ),
  cancelMine: action(
    'Cancel own order',
    '取消订单',
    'cancelled their order {{target}}',
    'cancel their order {{target}}',
    '取消订单{{target}}',
    'warning',
  ),
  ship: action('Ship', '发货', 'shipped {{target}}', 'ship {{target}}', '发货{{target}}'),
  complete: action('Complete', '完成', 'completed {{target}}', 'complete {{target}}', '完成{{target}}', 'success'),
} satisfies Record<string, OperationActionLabel>;
