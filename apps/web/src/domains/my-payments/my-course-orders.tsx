import { CreditCardOutlined, StopOutlined, SyncOutlined } from '@ant-design/icons';
import {
  type CourseOrder,
  CourseOrderStatus,
  courseOrderStatusLabels,
  labelOf,
  PAGE_SIZE_DEFAULT,
  PaymentStatus,
} from '@lyceum/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useConfirm } from '../../crud/confirm';
import { useLang } from '../../shell/i18n';
import { useOrderAmount } from '../../ui/course-order-parts';
import { type PayChoice, PayChoiceDialog } from '../../ui/pay-choice';
import { TIME } from '../../ui/portal-format';
import { MY_PAY_KEY, myPayCalls } from './my-payments-api';
import { useMyPayTexts } from './my-payments-texts';
import { OrderDetail } from './order-detail';

const payable = (o: CourseOrder, now: number) =>
  o.status === CourseOrderStatus.AwaitingPayment && Date.parse(o.expiresAt) > now;
// The payment last started for an order and still awaiting (to ask the provider about it).
const openPayment = (o: CourseOrder) => o.payments.find((p) => p.status === PaymentStatus.Awaiting);

// The student's course orders, newest first: the courses, the total, where it is; an order awaiting
// payment is paid (choose how, then the provider's page), checked ("I have paid": the provider is
// asked) or cancelled. A row opens to its courses, payment attempts and refunds.
export function MyCourseOrders() {
  const { t } = useMyPayTexts();
  const lang = useLang();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const client = useQueryClient();
  const amountOf = useOrderAmount();
  const [paging, setPaging] = useState({ pageIndex: 1, pageSize: PAGE_SIZE_DEFAULT });
  const [paying, setPaying] = useState<{ order: CourseOrder; choice: PayChoice } | null>(null);
  const orders = useQuery({
    queryKey: [MY_PAY_KEY, 'orders', paging],
    queryFn: ({ signal }) => myPayCalls.orders(paging, { signal }),
    placeholderData: keepPreviousData,
  });
  const reload = () => client.invalidateQueries({ queryKey: [MY_PAY_KEY] });
  const now = Date.now();
  const awaiting = (orders.data?.list ?? []).some((o) => o.status === CourseOrderStatus.AwaitingPayment);

  const cancel = (order: CourseOrder) =>
    confirm({
      title: t('myPay.cancelTitle', { no: order.orderNo }),
      content: t('myPay.cancelText'),
      okText: t('myPay.cancelOk'),
      danger: true,
      onOk: async () => {
        const answer = await myPayCalls.cancelOrder(order.id);
        if (answer.paid) message.info(t('myPay.cancelPaid', { no: order.orderNo }));
        else message.success(t('myPay.cancelDone', { no: order.orderNo }));
        await reload();
      },
    });

  async function check(order: CourseOrder) {
    const open = openPayment(order);
    if (!open) return;
    try {
      const answer = await myPayCalls.sync(open.id);
      if (answer.payment.status === PaymentStatus.Paid) message.success(t('myPay.checkPaid'));
      else message.info(t('myPay.checkWaiting'));
      await reload();
    } catch {
      // The request client has said why.
    }
  }

  const pay = (order: CourseOrder) =>
    setPaying({
      order,
      choice: {
        title: t('myPay.payTitle', { no: order.orderNo }),
        amount: order.total,
        currency: order.currency ?? '',
      },
    });

  if (orders.isError)
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('myPay.loadFailed')}>
        <Button onClick={() => void orders.refetch()}>{t('myPay.retry')}</Button>
      </Empty>
    );
  return (
    <>
      <Table<CourseOrder>
        rowKey="id"
        size="middle"
        loading={orders.isFetching}
        dataSource={orders.data?.list}
        scroll={{ x: 860 }}
        expandable={{ expandedRowRender: (o) => <OrderDetail order={o} /> }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('myPay.ordersEmpty')} /> }}
        pagination={{
          current: paging.pageIndex,
          pageSize: paging.pageSize,
          total: orders.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: (pageIndex, pageSize) => setPaging({ pageIndex, pageSize }),
        }}
        columns={[
          {
            key: 'courses',
            title: t('myPay.courses'),
            width: 280,
            render: (_, o) => (
              <div>
                <div className="my-pay-courses">{o.courses}</div>
                <Typography.Text type="secondary" className="my-pay-sub">
                  {o.orderNo}
                </Typography.Text>
              </div>
            ),
          },
          {
            key: 'total',
            title: t('myPay.total'),
            width: 130,
            align: 'right',
            render: (_, o) => (
              <div>
                <div className="my-pay-figure">{amountOf(o, o.total)}</div>
                {o.refunded > 0 && (
                  <Typography.Text type="secondary" className="my-pay-sub">
                    {t('myPay.refunded', { amount: amountOf(o, o.refunded) })}
                  </Typography.Text>
                )}
              </div>
            ),
          },
          {
            key: 'status',
            title: t('myPay.status'),
            width: 190,
            render: (_, o) => (
              <div>
                <Tag color={courseOrderStatusLabels[o.status].color} data-testid="my-course-order-status">
                  {labelOf(courseOrderStatusLabels, o.status, lang)}
                </Tag>
                <Typography.Text type="secondary" className="my-pay-sub">
                  {o.status === CourseOrderStatus.AwaitingPayment
                    ? t('myPay.payBy', { time: dayjs(o.expiresAt).format(TIME) })
                    : o.paidAt
                      ? t('myPay.paidOn', { time: dayjs(o.paidAt).format(TIME) })
                      : dayjs(o.createTime).format(TIME)}
                </Typography.Text>
              </div>
            ),
          },
          // Only orders awaiting payment have anything to do.
          ...(awaiting
            ? [
                {
                  key: 'actions',
                  title: t('common.actions'),
                  width: 250,
                  fixed: 'right' as const,
                  render: (_: unknown, o: CourseOrder) =>
                    o.status === CourseOrderStatus.AwaitingPayment && (
                      <Space size={4} wrap>
                        {payable(o, now) && (
                          <Button
                            size="small"
                            type="primary"
                            icon={<CreditCardOutlined />}
                            aria-label={t('myPay.payOf', { no: o.orderNo })}
                            onClick={() => pay(o)}
                          >
                            {t('myPay.pay')}
                          </Button>
                        )}
                        {openPayment(o) && (
                          <Button
                            size="small"
                            icon={<SyncOutlined />}
                            aria-label={t('myPay.checkOf', { no: o.orderNo })}
                            onClick={() => void check(o)}
                          >
                            {t('myPay.check')}
                          </Button>
                        )}
                        <Button
                          size="small"
                          danger
                          icon={<StopOutlined />}
                          aria-label={t('myPay.cancelOf', { no: o.orderNo })}
                          onClick={() => cancel(o)}
                        >
                          {t('myPay.cancel')}
                        </Button>
                      </Space>
                    ),
                },
              ]
            : []),
        ]}
      />
      <PayChoiceDialog
        choice={paying?.choice ?? null}
        onClose={() => setPaying(null)}
        start={(provider) => myPayCalls.payOrder(paying?.order.id ?? 0, provider)}
      />
    </>
  );
}
