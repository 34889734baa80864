import { CheckOutlined, StopOutlined } from '@ant-design/icons';
import {
  type GoodsOrder,
  GoodsOrderStatus,
  goodsOrderStatusLabels,
  labelOf,
  PAGE_SIZE_DEFAULT,
} from '@lyceum/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Form, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useConfirm } from '../../crud/confirm';
import { useLang } from '../../shell/i18n';
import { pointsText } from '../../ui/points-format';
import { TIME } from '../../ui/portal-format';
import { MY_POINTS_KEY, myPointsCalls } from './my-points-api';
import { useMyPointsTexts } from './my-points-texts';
import { ProductCover } from './product-card';

// Where an order is on its way: the carrier and tracking number once shipped, a word before, the
// reason once cancelled.
function Shipping({ order }: { order: GoodsOrder }) {
  const { t } = useMyPointsTexts();
  if (order.status === GoodsOrderStatus.Cancelled)
    return (
      <Typography.Text type="secondary">
        {order.cancelReason ? t('myPoints.cancelledWhy', { reason: order.cancelReason }) : '—'}
      </Typography.Text>
    );
  if (order.status === GoodsOrderStatus.AwaitingShipment)
    return <Typography.Text type="secondary">{t('myPoints.awaiting')}</Typography.Text>;
  return (
    <div>
      <div>
        {order.trackingNo ? t('myPoints.tracking', { carrier: order.carrier, no: order.trackingNo }) : order.carrier}
      </div>
      {order.shippedAt && (
        <Typography.Text type="secondary" className="my-points-sub">
          {dayjs(order.shippedAt).format(TIME)}
        </Typography.Text>
      )}
    </div>
  );
}

// The student's orders, newest first: what, how many, the points, where it is; "Confirm receipt" once
// it is shipped, "Cancel" (points back at once) before.
export function MyOrders() {
  const { t } = useMyPointsTexts();
  const lang = useLang();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const client = useQueryClient();
  const [paging, setPaging] = useState({ pageIndex: 1, pageSize: PAGE_SIZE_DEFAULT });
  const [cancelling, setCancelling] = useState<GoodsOrder | null>(null);
  const orders = useQuery({
    queryKey: [MY_POINTS_KEY, 'orders', paging],
    queryFn: ({ signal }) => myPointsCalls.orders(paging, { signal }),
    placeholderData: keepPreviousData,
  });
  const reload = () => client.invalidateQueries({ queryKey: [MY_POINTS_KEY] });

  const receive = (order: GoodsOrder) =>
    confirm({
      title: t('myPoints.receiptTitle', { product: order.productName }),
      content: t('myPoints.receiptText'),
      okText: t('myPoints.confirmReceipt'),
      onOk: async () => {
        await myPointsCalls.receive(order.id);
        message.success(t('myPoints.receiptDone', { no: order.orderNo }));
        await reload();
      },
    });

  if (orders.isError)
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('myPoints.loadFailed')}>
        <Button onClick={() => void orders.refetch()}>{t('myPoints.retry')}</Button>
      </Empty>
    );
  return (
    <>
      <Table<GoodsOrder>
        rowKey="id"
        size="middle"
        loading={orders.isFetching}
        dataSource={orders.data?.list}
        scroll={{ x: 900 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('myPoints.ordersEmpty')} /> }}
        pagination={{
          current: paging.pageIndex,
          pageSize: paging.pageSize,
          total: orders.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: (pageIndex, pageSize) => setPaging({ pageIndex, pageSize }),
        }}
        columns={[
          {
            key: 'product',
            title: t('myPoints.product'),
            width: 260,
            render: (_, o) => (
              <div className="my-points-order-product">
                <ProductCover url={o.coverUrl} />
                <div>
                  <div>
                    {o.productName} × {o.quantity}
                  </div>
                  <Typography.Text type="secondary" className="my-points-sub">
                    {o.orderNo}
                  </Typography.Text>
                </div>
              </div>
            ),
          },
          {
            key: 'points',
            title: t('myPoints.points'),
            width: 100,
            align: 'right',
            render: (_, o) => <span className="my-points-figure">{pointsText(o.totalPoints, lang)}</span>,
          },
          {
            key: 'ordered',
            title: t('myPoints.ordered'),
            width: 150,
            render: (_, o) => dayjs(o.createTime).format(TIME),
          },
          {
            key: 'status',
            title: t('myPoints.status'),
            width: 120,
            render: (_, o) => (
              <Tag color={goodsOrderStatusLabels[o.status].color} data-testid="my-order-status">
                {labelOf(goodsOrderStatusLabels, o.status, lang)}
              </Tag>
            ),
          },
          { key: 'shipping', title: t('myPoints.shipping'), width: 220, render: (_, o) => <Shipping order={o} /> },
          {
            key: 'actions',
            title: t('common.actions'),
            width: 170,
            fixed: 'right',
            render: (_, o) => (
              <Space size={4} wrap>
                {o.status === GoodsOrderStatus.Shipped && (
                  <Button
                    size="small"
                    type="primary"
                    icon={<CheckOutlined />}
                    aria-label={t('myPoints.confirmReceiptOf', { no: o.orderNo })}
                    onClick={() => receive(o)}
                  >
                    {t('myPoints.confirmReceipt')}
                  </Button>
                )}
                {o.status === GoodsOrderStatus.AwaitingShipment && (
                  <Button
                    size="small"
                    danger
                    autoInsertSpace={false}
                    icon={<StopOutlined />}
                    aria-label={t('myPoints.cancelOf', { no: o.orderNo })}
                    onClick={() => setCancelling(o)}
                  >
                    {t('myPoints.cancel')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <CancelDialog order={cancelling} onClose={() => setCancelling(null)} onDone={reload} />
    </>
  );
}

// Cancelling one's own order before it ships: an optional reason, then the points come back.
function CancelDialog({
  order,
  onClose,
  onDone,
}: {
  order: GoodsOrder | null;
  onClose: () => void;
  onDone: () => Promise<unknown>;
}) {
  const { t } = useMyPointsTexts();
  const lang = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason?: string }>();
  const [busy, setBusy] = useState(false);
  async function submit() {
    if (!order) return;
    setBusy(true);
    try {
      await myPointsCalls.cancel(order.id, form.getFieldValue('reason') ?? '');
      message.success(t('myPoints.cancelDone', { no: order.orderNo, points: pointsText(order.totalPoints, lang) }));
      onClose();
      await onDone();
    } catch {
      // The request client has said why.
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal
      open={order !== null}
      title={order && t('myPoints.cancelTitle', { no: order.orderNo })}
      okText={t('myPoints.cancelConfirm')}
      okButtonProps={{ danger: true, loading: busy }}
      cancelText={t('myPoints.keep')}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {order && (
        <Typography.Paragraph>
          {t('myPoints.cancelText', { points: pointsText(order.totalPoints, lang) })}
        </Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" name="my-order-cancel" preserve={false}>
        <Form.Item name="reason" label={t('myPoints.cancelReason')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} count={{ show: true, max: 200 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
