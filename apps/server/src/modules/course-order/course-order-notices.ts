import { moneyText, type SystemNotice } from '@lyceum/contract';
import type { DbOrTx } from '../../platform/db';
import { idsQuery, sendNotice } from '../message/message-delivery';

// What a buyer is told about their course order: paid (the course is open), a refund done or
// failed. A notice is one text for both languages' readers, so an amount is written plainly:
// "CNY 12.30" (the currency's code and its minor units as decimals) or "120 points / 积分".

export function amountText(amount: number, currency: string | null): string {
  return currency ? moneyText(amount, currency) : `${amount} points / 积分`;
}

export interface NoticeOrder {
  orderNo: string;
  userId: number;
  currency: string | null;
}

export async function tellBuyer(
  db: DbOrTx,
  orgId: number,
  order: NoticeOrder,
  kind: Extract<SystemNotice, 'courseOrderPaid' | 'refundDone' | 'refundFailed'>,
  p: { name: string; amount: number; reason?: string },
): Promise<void> {
  await sendNotice(db, orgId, {
    kind,
    params: {
      name: p.name,
      orderNo: order.orderNo,
      amount: amountText(p.amount, order.currency),
      ...(kind === 'courseOrderPaid' ? {} : { reason: p.reason ?? '' }),
    },
    to: idsQuery([order.userId]),
  });
}
