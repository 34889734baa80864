import { type InvoiceDetail, zInvoiceDiscount, zTuitionRefund } from '@lyceum/contract';
import { Form, Input, Modal, Typography } from 'antd';
import { useDialogRun } from '../../crud/dialog-run';
import { useKitTexts } from '../../crud/i18n';
import { zodRule } from '../../crud/zod-rules';
import { useLang } from '../../shell/i18n';
import { useRequired } from '../../ui/editor-kit';
import { formatMoney } from '../../ui/money-format';
import { MoneyInput } from '../../ui/money-input';
import { paymentCalls } from './payment-api';
import { usePaymentTexts } from './payment-words';

// A pending invoice's discount (a scholarship, a sibling's reduction): the amount off the lines and
// why; the instalments are split again in the same shares.
export function DiscountDialog({
  invoice,
  onClose,
  onDone,
}: {
  invoice: InvoiceDetail | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = usePaymentTexts();
  const kit = useKitTexts();
  const required = useRequired();
  const [form] = Form.useForm<{ discount?: number | null; reason?: string }>();
  const { running, run } = useDialogRun(() => {
    onClose();
    onDone();
  });
  async function submit() {
    if (!invoice) return;
    let v: { discount?: number | null; reason?: string };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    await run(
      () => paymentCalls.discount(invoice.id, v.discount ?? 0, v.reason ?? ''),
      t('payment.discountDone', { no: invoice.invoiceNo }),
      form,
    );
  }
  return (
    <Modal
      open={invoice !== null}
      title={invoice && t('payment.discountTitle', { no: invoice.invoiceNo })}
      okText={t('common.save')}
      okButtonProps={{ loading: running }}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {invoice && (
        <Form
          form={form}
          layout="vertical"
          name="invoice-discount"
          preserve={false}
          initialValues={{ discount: invoice.discount, reason: invoice.discountReason ?? '' }}
        >
          <Typography.Paragraph type="secondary">{t('payment.discountText')}</Typography.Paragraph>
          <Form.Item
            name="discount"
            label={t('payment.discount')}
            rules={[required(t('payment.discount'), { type: 'number' })]}
          >
            <MoneyInput currency={invoice.currency} min={0} max={invoice.subtotal} autoFocus />
          </Form.Item>
          <Form.Item name="reason" label={t('payment.reason')} rules={[zodRule(zInvoiceDiscount.shape.reason, kit.t)]}>
            <Input autoComplete="off" count={{ show: true, max: 200 }} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

export interface RefundTarget {
  invoice: InvoiceDetail;
  paymentId: number;
  // What of the payment is not refunded yet.
  left: number;
  no: string;
}

// Refunding (part of) one payment of an invoice: the amount (at most what is left of it) and why.
// Online payments go back through their provider; the allocations are reversed, latest instalment
// first, so the invoice owes that much again.
export function TuitionRefundDialog({
  target,
  onClose,
  onDone,
}: {
  target: RefundTarget | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = usePaymentTexts();
  const kit = useKitTexts();
  const lang = useLang();
  const required = useRequired();
  const [form] = Form.useForm<{ amount?: number | null; reason?: string }>();
  const { running, run } = useDialogRun(() => {
    onClose();
    onDone();
  });
  async function submit() {
    if (!target) return;
    let v: { amount?: number | null; reason?: string };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    await run(
      () => paymentCalls.refund(target.invoice.id, target.paymentId, v.amount ?? 0, v.reason ?? ''),
      t('payment.refundDone', { no: target.no }),
      form,
    );
  }
  return (
    <Modal
      open={target !== null}
      title={target && t('payment.refundTitle', { no: target.no })}
      okText={t('payment.refund')}
      okButtonProps={{ danger: true, loading: running }}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {target && (
        <Form
          form={form}
          layout="vertical"
          name="tuition-refund"
          preserve={false}
          initialValues={{ amount: target.left }}
        >
          <Typography.Paragraph>
            {t('payment.refundText', {
              name: target.invoice.studentName,
              left: formatMoney(target.left, target.invoice.currency, lang),
            })}
          </Typography.Paragraph>
          <Form.Item
            name="amount"
            label={t('payment.amount')}
            rules={[required(t('payment.amount'), { type: 'number' })]}
          >
            <MoneyInput currency={target.invoice.currency} min={1} max={target.left} autoFocus />
          </Form.Item>
          <Form.Item
            name="reason"
            label={t('payment.reason')}
            rules={[required(t('payment.reason')), zodRule(zTuitionRefund.shape.reason, kit.t)]}
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} count={{ show: true, max: 200 }} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
