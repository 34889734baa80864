import { CourseOrderStatus, type PayAnswer, type zCourseOrderPay } from '@lyceum/contract';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { invalidParams } from '../../platform/errors';
import { startPayment } from '../payment/payment.service';
import { closeOpenPayments } from './course-order-close';
import { courseOrderPurpose } from './course-order-paid';
import { ownOrder, transitionRefusal } from './course-order-rows';

// The buyer pays an order awaiting payment online. A payment started before with another provider
// is closed first (the provider asked: paid there → the order is paid, and this start is refused),
// so one order has one live trade; the same provider's awaiting payment is reused by the payment
// module (a second click never opens a second trade).

export async function payOrder(
  ctx: RequestContext,
  id: number,
  input: z.output<typeof zCourseOrderPay>,
  origin?: string,
): Promise<PayAnswer> {
  const order = await ownOrder(ctx.db, ctx, id);
  if (order.status !== CourseOrderStatus.AwaitingPayment) throw transitionRefusal('pay', order.status);
  if (!order.currency) throw transitionRefusal('pay', order.status);
  if (order.expiresAt.getTime() <= clock.now()) throw invalidParams('expiresAt', 'orderExpired');
  if (await closeOpenPayments(ctx.db, ctx.orgId, id, input.provider))
    throw invalidParams('status', 'orderPaidMeanwhile');
  const about = await courseOrderPurpose.describe(ctx.db, ctx.orgId, id);
  const { payment, payUrl } = await startPayment(ctx, {
    purpose: 'courseOrder',
    purposeId: id,
    amount: order.total,
    currency: order.currency,
    provider: input.provider,
    subject: about?.subject ?? `Course order ${order.orderNo}`,
    ...(input.requestKey ? { requestKey: input.requestKey } : {}),
    ...(origin ? { origin } : {}),
  });
  return { payUrl, paymentNo: payment.paymentNo, paymentId: Number(payment.id) };
}
