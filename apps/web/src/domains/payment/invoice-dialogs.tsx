import { PrinterOutlined } from '@ant-design/icons';
import {
  type Invoice,
  OfflineMethod,
  offlineMethodLabels,
  type TuitionReceipt,
  zCollect,
  zInvoiceCancel,
} from '@lyceum/contract';
import { Button, Form, Input, Modal, Radio, Result, Typography } from 'antd';
import { useState } from 'react';
import { useDialogRun } from '../../crud/dialog-run';
import { enumOptions } from '../../crud/filter-fields';
import { useKitTexts } from '../../crud/i18n';
import { zodRule } from '../../crud/zod-rules';
import { useLang } from '../../shell/i18n';
import { useRequired } from '../../ui/editor-kit';
import { formatMoney } from '../../ui/money-format';
import { MoneyInput } from '../../ui/money-input';
import { openReceipt } from '../../ui/payment-words';
import { paymentCalls } from './payment-api';
import { usePaymentTexts } from './payment-words';

interface DialogProps {
  invoice: Invoice | null;
  onClose: () => void;
  onDone: () => void;
}

interface CollectValues {
  amount?: number | null;
  method: OfflineMethod;
  note?: string;
}

// Money taken at the desk for an invoice: how much (all that is owed unless less was paid), how, a
// note; the server allocates it to the earliest instalments and numbers the receipt, which is then
// ready to print.
export function CollectDialog({ invoice, onClose, onDone }: DialogProps) {
  const { t } = usePaymentTexts();
  const kit = useKitTexts();
  const lang = useLang();
  const required = useRequired();
  const [form] = Form.useForm<CollectValues>();
  const [receipt, setReceipt] = useState<TuitionReceipt | null>(null);
  const { running, run } = useDialogRun(() => {
    onClose();
    onDone();
  });
  async function submit() {
    if (!invoice) return;
    let v: CollectValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    await run(
      async () => {
        const answer = await paymentCalls.collect(invoice.id, {
          amount: v.amount ?? 0,
          method: v.method,
          note: v.note?.trim() || null,
        });
        setReceipt(answer);
        return answer;
      },
      (answer) => t('payment.collectDone', { no: answer.receiptNo ?? answer.paymentNo }),
      form,
    );
  }
  const money = (v: number) => (invoice ? formatMoney(v, invoice.currency, lang) : '');
  return (
    <>
      <Modal
        open={invoice !== null}
        title={invoice && t('payment.collectTitle', { no: invoice.invoiceNo })}
        okText={t('payment.collectOk')}
        okButtonProps={{ loading: running }}
        cancelText={t('common.cancel')}
        onOk={() => void submit()}
        onCancel={onClose}
        destroyOnHidden
      >
        {invoice && (
          <Typography.Paragraph>
            {t('payment.collectText', {
              name: invoice.studentName,
              title: invoice.title,
              owed: money(invoice.outstanding),
            })}
          </Typography.Paragraph>
        )}
        {invoice && (
          <Form<CollectValues>
            form={form}
            layout="vertical"
            name="invoice-collect"
            preserve={false}
            initialValues={{ amount: invoice.outstanding, method: OfflineMethod.Cash }}
          >
            <Form.Item
              name="amount"
              label={t('payment.amount')}
              extra={t('payment.collectAmountHint')}
              rules={[required(t('payment.amount'), { type: 'number' })]}
            >
              <MoneyInput currency={invoice.currency} min={1} max={invoice.outstanding} autoFocus />
            </Form.Item>
            <Form.Item
              name="method"
              label={t('payment.method')}
              rules={[required(t('payment.method'), { picked: true, type: 'number' })]}
            >
              <Radio.Group options={enumOptions(offlineMethodLabels, lang)} optionType="button" />
            </Form.Item>
            <Form.Item name="note" label={t('payment.note')} rules={[zodRule(zCollect.shape.note, kit.t)]}>
              <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} count={{ show: true, max: 200 }} />
            </Form.Item>
          </Form>
        )}
      </Modal>
      <ReceiptReady receipt={receipt} onClose={() => setReceipt(null)} />
    </>
  );
}

// After a collection: its receipt number and a button that opens the receipt to print.
function ReceiptReady({ receipt, onClose }: { receipt: TuitionReceipt | null; onClose: () => void }) {
  const { t } = usePaymentTexts();
  const lang = useLang();
  return (
    <Modal open={receipt !== null} footer={null} onCancel={onClose} destroyOnHidden>
      {receipt && (
        <Result
          status="success"
          title={t('payment.receiptReady', { no: receipt.receiptNo ?? receipt.paymentNo })}
          subTitle={t('payment.receiptReadyText', {
            amount: formatMoney(receipt.amount, receipt.currency, lang),
            name: receipt.student.name,
            owed: formatMoney(receipt.outstandingAfter, receipt.currency, lang),
          })}
          extra={[
            <Button
              key="print"
              type="primary"
              icon={<PrinterOutlined />}
              onClick={() => openReceipt(receipt.paymentId)}
            >
              {t('payment.printReceipt')}
            </Button>,
            <Button key="close" onClick={onClose}>
              {t('payment.closePage')}
            </Button>,
          ]}
        />
      )}
    </Modal>
  );
}

// Cancelling an invoice nothing was paid against: why (the student sees it).
export function CancelInvoiceDialog({ invoice, onClose, onDone }: DialogProps) {
  const { t } = usePaymentTexts();
  const kit = useKitTexts();
  const required = useRequired();
  const [form] = Form.useForm<{ reason?: string }>();
  const { running, run } = useDialogRun(() => {
    onClose();
    onDone();
  });
  async function submit() {
    if (!invoice) return;
    let v: { reason?: string };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    await run(
      () => paymentCalls.cancel(invoice.id, v.reason ?? ''),
      t('payment.cancelDone', { no: invoice.invoiceNo }),
      form,
    );
  }
  return (
    <Modal
      open={invoice !== null}
      title={invoice && t('payment.cancelTitle', { no: invoice.invoiceNo, name: invoice.studentName })}
      okText={t('payment.cancelInvoice')}
      okButtonProps={{ danger: true, loading: running }}
      cancelText={t('payment.keep')}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('payment.cancelText')}</Typography.Paragraph>
      <Form form={form} layout="vertical" name="invoice-cancel" preserve={false}>
        <Form.Item
          name="reason"
          label={t('payment.reason')}
          rules={[required(t('payment.reason')), zodRule(zInvoiceCancel.shape.reason, kit.t)]}
        >
          <Input.TextArea autoFocus autoSize={{ minRows: 2, maxRows: 4 }} count={{ show: true, max: 200 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
