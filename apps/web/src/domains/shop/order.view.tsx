import { CarOutlined, CheckOutlined, GiftOutlined, StopOutlined } from '@ant-design/icons';
import {
  type GoodsOrder,
  GoodsOrderStatus,
  goodsOrderMeta,
  type ResourceMeta,
  type ScreenPrefix,
  zGoodsOrderFilter,
} from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Form, type TableColumnsType, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { SelectFilter } from '../../crud/filter-fields';
import { ResourceScreen } from '../../crud/resource-screen';
import type { RowAction } from '../../crud/row-actions';
import { useAction } from '../../crud/use-action';
import { useLang } from '../../shell/i18n';
import { useTabLocation } from '../../shell/layout/tabs-store';
import { usePermission } from '../../shell/permission';
import { pointsText } from '../../ui/points-format';
import { TIME } from '../../ui/portal-format';
import { StudentSelect } from '../../ui/student-select';
import { useCourseOrderTexts } from './course-order-texts';
import { CourseOrdersTab } from './course-orders-tab';
import { CancelOrderDialog, ShipDialog } from './order-dialogs';
import { ORDER_KEY, PRODUCT_KEY, productApi } from './shop-api';
import { useShopTexts } from './shop-words';
import './shop.css';

// The orders' permissions are order:ship, order:cancel and order:export (no create, update or delete:
// orders come from redemptions), so the kit reads the prefix for the Excel export alone.
const meta: ResourceMeta = { ...goodsOrderMeta, permission: 'order' as ScreenPrefix };
const { AwaitingShipment, Shipped, Cancelled, Completed } = GoodsOrderStatus;

// Where an order is: shipped by which carrier with which number, completed (by whom), or cancelled
// and why.
function ShippingCell({ order }: { order: GoodsOrder }) {
  const { t } = useShopTexts();
  const at = (v: string | null) => (v ? dayjs(v).format(TIME) : '');
  const sub = (text: string) => (
    <Typography.Text type="secondary" className="shop-sub">
      {text}
    </Typography.Text>
  );
  if (order.status === Cancelled)
    return sub(
      order.cancelReason
        ? t('shop.cancelledWhy', { time: at(order.cancelledAt), reason: order.cancelReason })
        : t('shop.cancelledOn', { time: at(order.cancelledAt) }),
    );
  if (order.status === AwaitingShipment) return <>—</>;
  return (
    <div>
      <div>{[order.carrier, order.trackingNo].filter(Boolean).join(' · ')}</div>
      {sub(t('shop.shippedOn', { time: at(order.shippedAt) }))}
      {order.status === Completed &&
        sub(
          `${t('shop.completedOn', { time: at(order.completedAt) })}${
            order.completedBy === null
              ? ` · ${t('shop.completedAuto')}`
              : order.completedBy === order.userId
                ? ` · ${t('shop.completedBySelf')}`
                : ''
          }`,
        )}
    </div>
  );
}

// Goods orders: every redemption, by status, product, student or a word of its number;
// shipped with a carrier and number, completed for a student who has not confirmed, cancelled (the
// stock and the points go back) before shipping; to Excel as filtered.
function GoodsOrders() {
  const { t } = useShopTexts();
  const lang = useLang();
  const client = useQueryClient();
  const canShip = usePermission(['order:ship']);
  const canCancel = usePermission(['order:cancel']);
  const [shipping, setShipping] = useState<GoodsOrder | null>(null);
  const [cancelling, setCancelling] = useState<GoodsOrder | null>(null);
  const reload = useCallback(() => void client.invalidateQueries({ queryKey: [ORDER_KEY] }), [client]);
  const act = useAction(reload);
  const products = useQuery({
    queryKey: [PRODUCT_KEY, 'options'],
    queryFn: () => productApi.list({}, true),
    staleTime: 60_000,
  });

  const completeAction: RowAction<GoodsOrder> = {
    key: 'ship',
    label: t('shop.complete'),
    icon: <CheckOutlined />,
    onClick: (row) =>
      act(api.goodsOrder.complete, {
        title: t('shop.completeTitle', { no: row.orderNo }),
        content: t('shop.completeText'),
        okText: t('shop.complete'),
        input: { params: { id: row.id }, body: {} },
        done: () => t('shop.completeDone', { no: row.orderNo }),
      }),
  };
  const actions: RowAction<GoodsOrder>[] = [
    {
      key: 'ship',
      label: t('shop.ship'),
      icon: <CarOutlined />,
      allowed: canShip,
      disabled: (row) => row.status !== AwaitingShipment && t('shop.shipLock'),
      onClick: setShipping,
      // A shipped order's place is completing it.
      swap: (row) => (row.status === Shipped ? completeAction : undefined),
    },
    {
      key: 'cancel',
      label: t('shop.cancel'),
      icon: <StopOutlined />,
      danger: true,
      allowed: canCancel,
      disabled: (row) => row.status !== AwaitingShipment && t('shop.cancelLock'),
      onClick: setCancelling,
    },
  ];

  const columns = (base: TableColumnsType<GoodsOrder>): TableColumnsType<GoodsOrder> => {
    const byKey = (key: string) => base.find((c) => c.key === key);
    return [
      {
        ...byKey('orderNo'),
        width: 150,
        render: (_: unknown, o) => (
          <div>
            <div>{o.orderNo}</div>
            <Typography.Text type="secondary" className="shop-sub">
              {dayjs(o.createTime).format(TIME)}
            </Typography.Text>
          </div>
        ),
      },
      {
        key: 'student',
        title: t('shop.student'),
        width: 120,
        render: (_: unknown, o) => (
          <div>
            <div>{o.realName}</div>
            <Typography.Text type="secondary" className="shop-sub">
              {o.userName}
            </Typography.Text>
          </div>
        ),
      },
      {
        key: 'product',
        title: t('shop.product'),
        width: 200,
        render: (_: unknown, o) => (
          <div className="shop-product">
            <div className="shop-thumb" aria-hidden>
              {o.coverUrl ? <img src={o.coverUrl} alt="" loading="lazy" /> : <GiftOutlined />}
            </div>
            <div>
              <div>
                {o.productName} × {o.quantity}
              </div>
              {o.note && (
                <Typography.Text type="secondary" className="shop-sub">
                  {o.note}
                </Typography.Text>
              )}
            </div>
          </div>
        ),
      },
      {
        ...byKey('totalPoints'),
        width: 90,
        align: 'right',
        render: (_: unknown, o) => (
          <div>
            <div className="shop-figure">{pointsText(o.totalPoints, lang)}</div>
            <Typography.Text type="secondary" className="shop-sub">
              {t('shop.unitTimes', { quantity: o.quantity, points: pointsText(o.unitPoints, lang) })}
            </Typography.Text>
          </div>
        ),
      },
      { ...byKey('status'), width: 130 },
      { key: 'shipping', title: t('shop.shipping'), width: 190, render: (_: unknown, o) => <ShippingCell order={o} /> },
    ];
  };

  return (
    <ResourceScreen<GoodsOrder>
      meta={meta}
      schema={zGoodsOrderFilter}
      slots={{
        can: { create: false, update: false, remove: false },
        create: null,
        transfer: 'export',
        columns,
        rowActions: actions,
        emptyText: t('shop.ordersEmpty'),
        filterFormName: 'order-filter',
        filters: ({ keyword, fields }) => (
          <>
            {fields.status}
            <SelectFilter
              name="productId"
              label={t('shop.product')}
              width={180}
              searchable
              loading={products.isPending}
              options={(products.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            />
            <Form.Item name="userId" label={t('shop.student')}>
              <StudentSelect placeholder={t('shop.studentPick')} style={{ width: 200 }} />
            </Form.Item>
            {keyword}
          </>
        ),
      }}
    >
      <ShipDialog order={shipping} onClose={() => setShipping(null)} onDone={reload} />
      <CancelOrderDialog order={cancelling} onClose={() => setCancelling(null)} onDone={reload} />
    </ResourceScreen>
  );
}

// Orders (staff): goods redeemed with points, and priced courses bought (issue 33). The tab is in the
// address, so a reload keeps it.
export default function OrderView() {
  const { t } = useCourseOrderTexts();
  const tab = useTabLocation();
  const navigate = useNavigate();
  const shown = tab?.query.tab === 'courses' ? 'courses' : 'goods';
  const path = tab?.path ?? window.location.pathname;
  return (
    <Card size="small" className="shop-orders">
      <Tabs
        activeKey={shown}
        onChange={(key) => navigate(key === 'goods' ? path : `${path}?tab=${key}`, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'goods', label: t('courseOrders.tabGoods'), children: <GoodsOrders /> },
          { key: 'courses', label: t('courseOrders.tabCourses'), children: <CourseOrdersTab /> },
        ]}
      />
    </Card>
  );
}
