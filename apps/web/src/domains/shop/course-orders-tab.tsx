import { EyeOutlined, RollbackOutlined } from '@ant-design/icons';
import {
  type CourseOrder,
  CourseOrderStatus,
  courseOrderMeta,
  courseOrderStatusLabels,
  labelOf,
  type ResourceMeta,
  type ScreenPrefix,
  zCourseOrderFilter,
} from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Form, Skeleton, Space, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useState } from 'react';
import { ResourceScreen } from '../../crud/resource-screen';
import type { RowAction } from '../../crud/row-actions';
import { useLang } from '../../shell/i18n';
import { useIsMobile } from '../../shell/layout/use-device';
import { usePermission } from '../../shell/permission';
import { call } from '../../shell/request';
import { OrderItems, PaymentAttempts, RefundList, useOrderAmount } from '../../ui/course-order-parts';
import { usePayWords } from '../../ui/payment-words';
import { TIME } from '../../ui/portal-format';
import { StudentSelect } from '../../ui/student-select';
import { useCourseOrderTexts } from './course-order-texts';
import { CourseRefundDialog, refundable } from './course-refund-dialog';

// Course orders are read with order:page, exported with order:export and refunded with order:refund;
// the kit reads the prefix for the Excel export alone.
const meta: ResourceMeta = { ...courseOrderMeta, permission: 'order' as ScreenPrefix };
const COURSE_ORDER_KEY = 'courseOrder';
const time = (v: string | null) => (v ? dayjs(v).format(TIME) : '—');

// One order whole: who, when, its courses (each open, refunded or released), the payments started
// for it and its refunds; Refund for a paid one.
function OrderDrawer({
  id,
  onClose,
  onRefund,
}: {
  id: number | null;
  onClose: () => void;
  onRefund: (o: CourseOrder) => void;
}) {
  const { t } = useCourseOrderTexts();
  const words = usePayWords();
  const lang = useLang();
  const mobile = useIsMobile();
  const amountOf = useOrderAmount();
  const canRefund = usePermission(['order:refund']);
  const order = useQuery({
    queryKey: [COURSE_ORDER_KEY, 'select', id],
    queryFn: ({ signal }) => call(api.courseOrder.select, { params: { id: id ?? 0 } }, { signal, retry: 2 }),
    enabled: id !== null,
  });
  const o = order.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={o ? t('courseOrders.detailTitle', { no: o.orderNo }) : t('courseOrders.view')}
      size={mobile ? '100%' : 720}
      destroyOnHidden
      extra={
        o &&
        canRefund &&
        o.status === CourseOrderStatus.Paid &&
        o.items.some(refundable) && (
          <Button danger icon={<RollbackOutlined />} onClick={() => onRefund(o)}>
            {t('courseOrders.refund')}
          </Button>
        )
      }
    >
      {!o ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
            <Descriptions.Item label={t('courseOrders.student')}>
              {o.realName} ({o.userName})
            </Descriptions.Item>
            <Descriptions.Item label={t('courseOrders.status')}>
              <Tag color={courseOrderStatusLabels[o.status].color}>
                {labelOf(courseOrderStatusLabels, o.status, lang)}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('courseOrders.total')}>{amountOf(o, o.total)}</Descriptions.Item>
            <Descriptions.Item label={t('courseOrders.refundedTotal')}>{amountOf(o, o.refunded)}</Descriptions.Item>
            <Descriptions.Item label={t('courseOrders.ordered')}>{time(o.createTime)}</Descriptions.Item>
            <Descriptions.Item label={o.paidAt ? t('courseOrders.paidAt') : t('courseOrders.expires')}>
              {time(o.paidAt ?? o.expiresAt)}
            </Descriptions.Item>
          </Descriptions>
          <OrderItems order={o} />
          {o.currency && (
            <>
              <Typography.Title level={5} className="shop-heading">
                {words.t('payWords.attempts')}
              </Typography.Title>
              <PaymentAttempts payments={o.payments} />
            </>
          )}
          <Typography.Title level={5} className="shop-heading">
            {words.t('payWords.refunds')}
          </Typography.Title>
          <RefundList refunds={o.refunds} currency={o.currency} />
        </Space>
      )}
    </Drawer>
  );
}

// Course orders (staff): every purchase of priced courses, by status, how it was paid, student or a
// word of its number or a course; an order opens to its courses, payments and refunds; a paid one
// refunds some of its courses (each closed for the buyer); to Excel as filtered.
export function CourseOrdersTab() {
  const { t } = useCourseOrderTexts();
  const lang = useLang();
  const client = useQueryClient();
  const amountOf = useOrderAmount();
  const canRefund = usePermission(['order:refund']);
  const [viewing, setViewing] = useState<number | null>(null);
  const [refunding, setRefunding] = useState<CourseOrder | null>(null);
  const reload = useCallback(() => void client.invalidateQueries({ queryKey: [COURSE_ORDER_KEY] }), [client]);

  const actions: RowAction<CourseOrder>[] = [
    { key: 'view', label: t('courseOrders.view'), icon: <EyeOutlined />, onClick: (row) => setViewing(row.id) },
    {
      key: 'refund',
      label: t('courseOrders.refund'),
      icon: <RollbackOutlined />,
      danger: true,
      allowed: canRefund,
      disabled: (row) =>
        (row.status !== CourseOrderStatus.Paid || !row.items.some(refundable)) && t('courseOrders.refundLock'),
      onClick: setRefunding,
    },
  ];

  const columns = (base: TableColumnsType<CourseOrder>): TableColumnsType<CourseOrder> => {
    const byKey = (key: string) => base.find((c) => c.key === key);
    return [
      {
        ...byKey('orderNo'),
        width: 170,
        render: (_: unknown, o) => (
          <div>
            <div>{o.orderNo}</div>
            <Typography.Text type="secondary" className="shop-sub">
              {time(o.createTime)}
            </Typography.Text>
          </div>
        ),
      },
      {
        key: 'student',
        title: t('courseOrders.student'),
        width: 130,
        render: (_: unknown, o) => (
          <div>
            <div>{o.realName}</div>
            <Typography.Text type="secondary" className="shop-sub">
              {o.userName}
            </Typography.Text>
          </div>
        ),
      },
      { ...byKey('courses'), width: 220, ellipsis: true },
      { ...byKey('priceKind'), width: 90 },
      {
        ...byKey('total'),
        title: t('courseOrders.total'),
        width: 130,
        align: 'right',
        render: (_: unknown, o) => (
          <div>
            <div className="shop-figure">{amountOf(o, o.total)}</div>
            {o.refunded > 0 && (
              <Typography.Text type="secondary" className="shop-sub">
                {t('courseOrders.refunded', { amount: amountOf(o, o.refunded) })}
              </Typography.Text>
            )}
          </div>
        ),
      },
      {
        ...byKey('status'),
        width: 170,
        render: (_: unknown, o) => (
          <div>
            <Tag color={courseOrderStatusLabels[o.status].color}>
              {labelOf(courseOrderStatusLabels, o.status, lang)}
            </Tag>
            <Typography.Text type="secondary" className="shop-sub">
              {o.status === CourseOrderStatus.AwaitingPayment
                ? t('courseOrders.payBy', { time: time(o.expiresAt) })
                : o.paidAt
                  ? t('courseOrders.paidOn', { time: time(o.paidAt) })
                  : time(o.closedAt)}
            </Typography.Text>
          </div>
        ),
      },
    ];
  };

  return (
    <ResourceScreen<CourseOrder>
      meta={meta}
      schema={zCourseOrderFilter}
      slots={{
        can: { create: false, update: false, remove: false },
        create: null,
        transfer: 'export',
        columns,
        rowActions: actions,
        emptyText: t('courseOrders.empty'),
        filterFormName: 'course-order-filter',
        filters: ({ keyword, fields }) => (
          <>
            {fields.status}
            {fields.priceKind}
            <Form.Item name="userId" label={t('courseOrders.student')}>
              <StudentSelect placeholder={t('courseOrders.studentPick')} style={{ width: 200 }} />
            </Form.Item>
            {keyword}
          </>
        ),
      }}
    >
      <OrderDrawer id={viewing} onClose={() => setViewing(null)} onRefund={setRefunding} />
      <CourseRefundDialog order={refunding} onClose={() => setRefunding(null)} onDone={reload} />
    </ResourceScreen>
  );
}
