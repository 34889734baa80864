import type { CourseOrder } from '@lyceum/contract';
import { Typography } from 'antd';
import { OrderItems, PaymentAttempts, RefundList } from '../../ui/course-order-parts';
import { usePayWords } from '../../ui/payment-words';

// An order opened in the list: its courses, the payments started for it, and its refunds if any.
export function OrderDetail({ order }: { order: CourseOrder }) {
  const { t } = usePayWords();
  return (
    <div className="my-pay-detail">
      <OrderItems order={order} />
      {order.currency && (
        <>
          <Typography.Title level={5} className="my-pay-detail-heading">
            {t('payWords.attempts')}
          </Typography.Title>
          <PaymentAttempts payments={order.payments} />
        </>
      )}
      {order.refunds.length > 0 && (
        <>
          <Typography.Title level={5} className="my-pay-detail-heading">
            {t('payWords.refunds')}
          </Typography.Title>
          <RefundList refunds={order.refunds} currency={order.currency} />
        </>
      )}
    </div>
  );
}
