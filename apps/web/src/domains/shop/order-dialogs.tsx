import { GOODS_ORDER_AUTO_COMPLETE_DAYS, type GoodsOrder, zShip, zStaffCancel } from '@lyceum/contract';
import { Form, Input, Modal, Typography } from 'antd';
import { useDialogRun } from '../../crud/dialog-run';
import { useKitTexts } from '../../crud/i18n';
import { zodRule } from '../../crud/zod-rules';
import { useLang } from '../../shell/i18n';
import { useRequired } from '../../ui/editor-kit';
import { pointsText } from '../../ui/points-format';
import { orderCalls } from './shop-api';
import { useShopTexts } from './shop-words';

interface DialogProps {
  order: GoodsOrder | null;
  onClose: () => void;
  onDone: () => void;
}

// Shipping an order: the carrier (or how it was handed over) and the tracking number, which the
// student reads in My orders; it completes on their receipt or by itself some days later.
export function ShipDialog({ order, onClose, onDone }: DialogProps) {
  const { t } = useShopTexts();
  const kit = useKitTexts();
  const required = useRequired();
  const [form] = Form.useForm<{ carrier?: string; trackingNo?: string }>();
  const { running, run } = useDialogRun(() => {
    onClose();
    onDone();
  });
  async function submit() {
    if (!order) return;
    let v: { carrier?: string; trackingNo?: string };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    await run(
      () => orderCalls.ship(order.id, v.carrier ?? '', v.trackingNo ?? ''),
      t('shop.shipDone', { no: order.orderNo }),
      form,
    );
  }
  return (
    <Modal
      open={order !== null}
      title={order && t('shop.shipTitle', { no: order.orderNo })}
      okText={t('shop.ship')}
      okButtonProps={{ loading: running }}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t('shop.shipText', { days: GOODS_ORDER_AUTO_COMPLETE_DAYS })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" name="order-ship" preserve={false}>
        <Form.Item
          name="carrier"
          label={t('shop.carrier')}
          extra={t('shop.carrierHint')}
          rules={[required(t('shop.carrier')), zodRule(zShip.shape.carrier, kit.t)]}
        >
          <Input autoFocus autoComplete="off" count={{ show: true, max: 64 }} />
        </Form.Item>
        <Form.Item name="trackingNo" label={t('shop.trackingNo')} rules={[zodRule(zShip.shape.trackingNo, kit.t)]}>
          <Input autoComplete="off" count={{ show: true, max: 64 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

// Cancelling an order not yet shipped: the reason (the student reads it), and what goes back — the
// stock and the points, as a new entry in the ledger.
export function CancelOrderDialog({ order, onClose, onDone }: DialogProps) {
  const { t } = useShopTexts();
  const kit = useKitTexts();
  const lang = useLang();
  const required = useRequired();
  const [form] = Form.useForm<{ reason?: string }>();
  const { running, run } = useDialogRun(() => {
    onClose();
    onDone();
  });
  async function submit() {
    if (!order) return;
    let v: { reason?: string };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    await run(() => orderCalls.cancel(order.id, v.reason ?? ''), t('shop.cancelDone', { no: order.orderNo }), form);
  }
  return (
    <Modal
      open={order !== null}
      title={order && t('shop.cancelTitle', { no: order.orderNo })}
      okText={t('shop.cancelConfirm')}
      okButtonProps={{ danger: true, loading: running }}
      cancelText={t('shop.keep')}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {order && (
        <Typography.Paragraph>
          {t('shop.cancelText', {
            quantity: order.quantity,
            product: order.productName,
            points: pointsText(order.totalPoints, lang),
            name: order.realName,
          })}
        </Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" name="order-cancel" preserve={false}>
        <Form.Item
          name="reason"
          label={t('shop.cancelReason')}
          extra={t('shop.cancelReasonHint')}
          rules={[required(t('shop.cancelReason')), zodRule(zStaffCancel.shape.reason, kit.t)]}
        >
          <Input.TextArea autoFocus autoSize={{ minRows: 2, maxRows: 4 }} count={{ show: true, max: 200 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
