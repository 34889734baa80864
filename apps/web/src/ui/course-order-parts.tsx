import {
  type CourseOrder,
  type CourseOrderItem,
  CourseOrderStatus,
  labelOf,
  type Payment,
  PaymentStatus,
  PriceKind,
  paymentStatusLabels,
  type Refund,
  RefundStatus,
  refundStatusLabels,
} from '@lyceum/contract';
import { Empty, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useLang } from '../shell/i18n';
import { formatMoney } from './money-format';
import { providerName, usePayWords } from './payment-words';
import { pointsText } from './points-format';
import { TIME } from './portal-format';
import './course-order-parts.css';

// A course order's parts as the staff's orders page and the student's Orders & fees both show them:
// its courses (each open, refunded or released), its payment attempts and its refunds.

type Priced = Pick<CourseOrder, 'priceKind' | 'currency'>;

// An order's amount: money in its currency, or points.
export function useOrderAmount() {
  const { t } = usePayWords();
  const lang = useLang();
  return (order: Priced, amount: number) =>
    order.priceKind === PriceKind.Points || !order.currency
      ? t('payWords.points', { points: pointsText(amount, lang) })
      : formatMoney(amount, order.currency, lang);
}

function ItemState({ order, item }: { order: CourseOrder; item: CourseOrderItem }) {
  const { t } = usePayWords();
  const lang = useLang();
  const amountOf = useOrderAmount();
  if (item.refundedAt) return <Tag>{t('payWords.itemRefunded', { amount: amountOf(order, item.refunded) })}</Tag>;
  if (item.refundStatus === RefundStatus.Refunding || item.refundStatus === RefundStatus.Failed)
    return (
      <Tag color={refundStatusLabels[item.refundStatus].color}>
        {labelOf(refundStatusLabels, item.refundStatus, lang)}
      </Tag>
    );
  if (!item.holds) return <Tag>{t('payWords.itemReleased')}</Tag>;
  return order.status === CourseOrderStatus.AwaitingPayment ? (
    <Tag color="processing">{t('payWords.itemAwaiting')}</Tag>
  ) : (
    <Tag color="success">{t('payWords.itemOpen')}</Tag>
  );
}

export function OrderItems({ order, selection }: { order: CourseOrder; selection?: ReactNode }) {
  const { t } = usePayWords();
  const amountOf = useOrderAmount();
  return (
    <Table<CourseOrderItem>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={order.items}
      title={selection ? () => selection : undefined}
      columns={[
        { key: 'course', title: t('payWords.course'), render: (_, i) => i.title },
        {
          key: 'price',
          title: t('payWords.price'),
          width: 120,
          align: 'right',
          render: (_, i) => <span className="order-parts-figure">{amountOf(order, i.price)}</span>,
        },
        {
          key: 'state',
          title: t('payWords.state'),
          width: 170,
          render: (_, i) => <ItemState order={order} item={i} />,
        },
      ]}
    />
  );
}

type Attempt = Pick<
  Payment,
  'id' | 'paymentNo' | 'provider' | 'amount' | 'currency' | 'status' | 'paidAt' | 'createTime'
>;

export function PaymentAttempts({ payments }: { payments: Attempt[] }) {
  const { t } = usePayWords();
  const lang = useLang();
  if (payments.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('payWords.noAttempts')} />;
  return (
    <Table<Attempt>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={payments}
      scroll={{ x: 560 }}
      columns={[
        { key: 'no', title: t('payWords.paymentNo'), width: 200, render: (_, p) => <code>{p.paymentNo}</code> },
        {
          key: 'provider',
          title: t('payWords.provider'),
          width: 150,
          render: (_, p) => providerName(t, p.provider),
        },
        {
          key: 'amount',
          title: t('payWords.amount'),
          width: 110,
          align: 'right',
          render: (_, p) => <span className="order-parts-figure">{formatMoney(p.amount, p.currency, lang)}</span>,
        },
        {
          key: 'status',
          title: t('payWords.status'),
          width: 150,
          render: (_, p) => (
            <div>
              <Tag color={paymentStatusLabels[p.status].color}>{labelOf(paymentStatusLabels, p.status, lang)}</Tag>
              <Typography.Text type="secondary" className="order-parts-sub">
                {dayjs(p.status === PaymentStatus.Paid && p.paidAt ? p.paidAt : p.createTime).format(TIME)}
              </Typography.Text>
            </div>
          ),
        },
      ]}
    />
  );
}

export function RefundList({ refunds, currency }: { refunds: Refund[]; currency: string | null }) {
  const { t } = usePayWords();
  const lang = useLang();
  if (refunds.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('payWords.noRefunds')} />;
  return (
    <Table<Refund>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={refunds}
      scroll={{ x: 560 }}
      columns={[
        { key: 'no', title: t('payWords.refundNo'), width: 180, render: (_, r) => <code>{r.refundNo}</code> },
        {
          key: 'amount',
          title: t('payWords.amount'),
          width: 110,
          align: 'right',
          render: (_, r) => (
            <span className="order-parts-figure">{currency ? formatMoney(r.amount, currency, lang) : r.amount}</span>
          ),
        },
        {
          key: 'status',
          title: t('payWords.status'),
          width: 150,
          render: (_, r) => (
            <div>
              <Tag color={refundStatusLabels[r.status].color}>{labelOf(refundStatusLabels, r.status, lang)}</Tag>
              <Typography.Text type="secondary" className="order-parts-sub">
                {dayjs(r.finishedAt ?? r.createTime).format(TIME)}
              </Typography.Text>
            </div>
          ),
        },
        {
          key: 'reason',
          title: t('payWords.reason'),
          width: 200,
          render: (_, r) => (
            <div>
              <div>{r.reason}</div>
              {r.failReason && (
                <Typography.Text type="danger" className="order-parts-sub">
                  {t('payWords.refundFailed', { reason: r.failReason })}
                </Typography.Text>
              )}
            </div>
          ),
        },
      ]}
    />
  );
}
