import { type CourseOrder, type CourseOrderItem, PriceKind, RefundStatus, zCourseOrderRefund } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { Alert, Checkbox, Form, Input, Modal, Typography } from 'antd';
import { useDialogRun } from '../../crud/dialog-run';
import { useKitTexts } from '../../crud/i18n';
import { zodRule } from '../../crud/zod-rules';
import { call } from '../../shell/request';
import { useOrderAmount } from '../../ui/course-order-parts';
import { useRequired } from '../../ui/editor-kit';
import { MoneyInput } from '../../ui/money-input';
import { useCourseOrderTexts } from './course-order-texts';

interface Values {
  itemIds: number[];
  amount?: number | null;
  reason?: string;
}

// A course of the order that can still be refunded: held, not refunded, no refund running.
export const refundable = (i: CourseOrderItem) => i.holds && !i.refundedAt && i.refundStatus !== RefundStatus.Refunding;

// Refunding some courses of a paid order: which, how much each (money orders; default the price),
// why. Each course is refunded and closed for the buyer on its own.
export function CourseRefundDialog({
  order,
  onClose,
  onDone,
}: {
  order: CourseOrder | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useCourseOrderTexts();
  const kit = useKitTexts();
  const required = useRequired();
  const amountOf = useOrderAmount();
  const [form] = Form.useForm<Values>();
  const chosen = (Form.useWatch('itemIds', form) as number[] | undefined) ?? [];
  const { running, run } = useDialogRun(() => {
    onClose();
    onDone();
  });
  const items = order?.items.filter(refundable) ?? [];
  const money = order?.priceKind === PriceKind.Money && order.currency !== null;
  const cheapest = Math.min(...items.filter((i) => chosen.includes(i.id)).map((i) => i.price));

  async function submit() {
    if (!order) return;
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    await run(
      () =>
        call(
          api.courseOrder.refund,
          {
            params: { id: order.id },
            body: {
              itemIds: v.itemIds,
              amount: money && v.amount ? v.amount : undefined,
              reason: v.reason?.trim() ?? '',
            },
          },
          { loading: true },
        ),
      t('courseOrders.refundDone', { no: order.orderNo }),
      form,
    );
  }

  return (
    <Modal
      open={order !== null}
      title={order && t('courseOrders.refundTitle', { no: order.orderNo })}
      okText={t('courseOrders.refundOk')}
      okButtonProps={{ danger: true, loading: running, disabled: items.length === 0 }}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {order && (
        <>
          <Typography.Paragraph>{t('courseOrders.refundText', { name: order.realName })}</Typography.Paragraph>
          {items.length === 0 ? (
            <Alert type="info" showIcon title={t('courseOrders.refundNone')} />
          ) : (
            <Form<Values>
              form={form}
              layout="vertical"
              name="course-refund"
              preserve={false}
              initialValues={{ itemIds: items.length === 1 ? [items[0]!.id] : [] }}
            >
              <Form.Item
                name="itemIds"
                label={t('courseOrders.refundCourses')}
                rules={[{ required: true, type: 'array', min: 1, message: t('courseOrders.pickCourses') }]}
              >
                <Checkbox.Group className="course-refund-items">
                  {items.map((i) => (
                    <Checkbox key={i.id} value={i.id}>
                      {i.title} · {amountOf(order, i.price)}
                    </Checkbox>
                  ))}
                </Checkbox.Group>
              </Form.Item>
              {money && order.currency && (
                <Form.Item
                  name="amount"
                  label={t('courseOrders.refundAmount')}
                  extra={t('courseOrders.refundAmountHint')}
                >
                  <MoneyInput
                    currency={order.currency}
                    min={1}
                    max={Number.isFinite(cheapest) ? cheapest : undefined}
                  />
                </Form.Item>
              )}
              <Form.Item
                name="reason"
                label={t('courseOrders.refundReason')}
                extra={t('courseOrders.refundReasonHint')}
                rules={[required(t('courseOrders.refundReason')), zodRule(zCourseOrderRefund.shape.reason, kit.t)]}
              >
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} count={{ show: true, max: 200 }} />
              </Form.Item>
            </Form>
          )}
        </>
      )}
    </Modal>
  );
}
