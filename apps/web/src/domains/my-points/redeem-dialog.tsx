import type { ShopProduct } from '@lyceum/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Descriptions, Form, Input, InputNumber, Modal, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLang } from '../../shell/i18n';
import { ApiError } from '../../shell/request';
import { pointsText } from '../../ui/points-format';
import { MY_POINTS_KEY, myPointsCalls, newRequestKey } from './my-points-api';
import { useMyPointsTexts } from './my-points-texts';
import { ProductCover } from './product-card';

const MAX_QUANTITY = 99;

// How many one may take: the stock, what is left of the per-student limit, and the request's cap.
export function maxQuantity(p: ShopProduct): number {
  return Math.max(0, Math.min(MAX_QUANTITY, p.stock, p.remaining ?? MAX_QUANTITY));
}

// Redeeming a product: how many, the total, the balance now and after, an optional note; then one
// request. The request key is made when the dialog opens and kept until it closes, so a double click
// or a retry after a lost answer makes one order (the server answers the same order again).
export function RedeemDialog({
  product,
  balance,
  onClose,
}: {
  product: ShopProduct | null;
  balance: number;
  onClose: () => void;
}) {
  const { t } = useMyPointsTexts();
  const lang = useLang();
  const { modal } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<{ quantity: number; note?: string }>();
  const quantity = Form.useWatch('quantity', form) ?? 1;
  const [busy, setBusy] = useState(false);
  const productId = product?.id;
  // A fresh key for each opening of the dialog (closing it sets the product to null); a refetch of
  // the shop while it is open keeps it.
  const requestKey = useMemo(() => (productId ? newRequestKey() : ''), [productId]);

  useEffect(() => {
    if (productId) form.setFieldsValue({ quantity: 1, note: undefined });
  }, [productId, form]);

  if (!product) return null;
  const most = maxQuantity(product);
  const total = product.pointsPrice * (quantity || 0);
  const after = balance - total;
  const short = after < 0;

  async function submit() {
    if (!product || busy) return;
    let values: { quantity: number; note?: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      const order = await myPointsCalls.redeem({
        productId: product.id,
        quantity: values.quantity,
        requestKey,
        note: values.note?.trim() || undefined,
      });
      // Everything the redemption changed is read again: the balance first of all.
      await client.invalidateQueries({ queryKey: [MY_POINTS_KEY] });
      onClose();
      const now = client.getQueryData<number>([MY_POINTS_KEY, 'balance']) ?? balance - order.totalPoints;
      modal.success({
        title: t('myPoints.redeemed', { no: order.orderNo }),
        content: t('myPoints.redeemAfter', { balance: pointsText(now, lang) }),
        okText: t('myPoints.close'),
      });
    } catch (err) {
      // A refusal is toasted by the request client (out of stock, not enough points); the list is
      // read again so what the dialog showed catches up.
      if (err instanceof ApiError) void client.invalidateQueries({ queryKey: [MY_POINTS_KEY] });
      else throw err;
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={t('myPoints.redeemTitle', { name: product.name })}
      okText={t('myPoints.redeemConfirm', { points: pointsText(total, lang) })}
      okButtonProps={{ loading: busy, disabled: short || most < 1 }}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <div className="my-points-redeem-head">
        <ProductCover url={product.imageUrls[0] ?? null} />
        <div>
          <Typography.Text strong>{product.name}</Typography.Text>
          <Typography.Text type="secondary" className="my-points-sub">
            {t('myPoints.stockLeft', { count: product.stock })}
            {product.remaining !== null && ` · ${t('myPoints.limitLeft', { count: product.remaining })}`}
          </Typography.Text>
        </div>
      </div>
      <Form form={form} layout="vertical" name="my-points-redeem" initialValues={{ quantity: 1 }}>
        <Form.Item
          name="quantity"
          label={t('myPoints.quantity')}
          rules={[
            {
              validator: async (_, v: number | null) => {
                if (!v || v < 1) throw new Error(t('validation.minValue', { min: 1 }));
                if (v > most) throw new Error(t('validation.maxValue', { max: most }));
              },
            },
          ]}
        >
          <InputNumber precision={0} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="note" label={t('myPoints.note')} extra={t('myPoints.noteHint')}>
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} count={{ show: true, max: 200 }} />
        </Form.Item>
      </Form>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('myPoints.price')}>
          {t('myPoints.pointsCount', { points: pointsText(product.pointsPrice, lang) })}
        </Descriptions.Item>
        <Descriptions.Item label={t('myPoints.total')}>
          <strong>{t('myPoints.pointsCount', { points: pointsText(total, lang) })}</strong>
        </Descriptions.Item>
        <Descriptions.Item label={t('myPoints.balanceNow')}>{pointsText(balance, lang)}</Descriptions.Item>
        <Descriptions.Item label={t('myPoints.balanceAfter')}>
          <Typography.Text strong type={short ? 'danger' : undefined} data-testid="redeem-balance-after">
            {pointsText(after, lang)}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      {short && (
        <Alert
          className="my-points-short"
          type="warning"
          showIcon
          message={t('myPoints.notEnough', { missing: pointsText(-after, lang) })}
        />
      )}
    </Modal>
  );
}
