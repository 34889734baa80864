import { PrinterOutlined, SyncOutlined } from '@ant-design/icons';
import {
  labelOf,
  offlineMethodLabels,
  PAYMENT_PROVIDERS,
  PAYMENT_PURPOSES,
  type Payment,
  type PaymentPageRequest,
  PaymentStatus,
  paymentStatusLabels,
} from '@lyceum/contract';
import { App, DatePicker, Form, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { EnumFilter, KeywordFilter, SelectFilter } from '../../crud/filter-fields';
import { ResourceListPage } from '../../crud/resource-list-page';
import { type RowAction, RowActionButtons } from '../../crud/row-actions';
import { usePagedList } from '../../crud/use-paged-list';
import { useLang } from '../../shell/i18n';
import { formatMoney } from '../../ui/money-format';
import { openReceipt, providerName, purposeName, usePayWords } from '../../ui/payment-words';
import { TIME } from '../../ui/portal-format';
import { StudentSelect } from '../../ui/student-select';
import { paymentCalls, TUITION_KEY } from './payment-api';
import { DAY, usePaymentTexts } from './payment-words';

type Filter = Omit<PaymentPageRequest, 'pageIndex' | 'pageSize'>;

const toFilter = (v: Record<string, unknown>): Filter => {
  const range = v.dates as [Dayjs | null, Dayjs | null] | null | undefined;
  return {
    keyword: (v.keyword as string | undefined)?.trim() || undefined,
    provider: v.provider as Filter['provider'],
    status: v.status as Filter['status'],
    purpose: v.purpose as Filter['purpose'],
    payerId: (v.payerId as number | undefined) ?? undefined,
    from: range?.[0]?.format(DAY),
    to: range?.[1]?.format(DAY),
  };
};

// Every payment, newest first, online or at the desk, whatever it paid: by provider, state, purpose,
// payer, days or a number. An online payment still awaiting can be asked about at its provider (for a
// school the provider's notifications cannot reach); a paid tuition payment prints its receipt.
export function PaymentsTab() {
  const { t } = usePaymentTexts();
  const words = usePayWords();
  const lang = useLang();
  const { message } = App.useApp();
  const list = usePagedList<Payment, Filter>(
    TUITION_KEY,
    (req, cancel) => paymentCalls.payments(req, cancel),
    {},
    {
      list: 'payments',
    },
  );

  async function sync(p: Payment) {
    try {
      const answer = await paymentCalls.sync(p.id);
      const status = labelOf(paymentStatusLabels, answer.payment.status, lang);
      message.info(t(answer.changed ? 'payment.syncChanged' : 'payment.syncSame', { no: p.paymentNo, status }));
      await list.reload();
    } catch {
      // The request client has said why.
    }
  }

  const actions: RowAction<Payment>[] = [
    {
      key: 'sync',
      label: t('payment.sync'),
      icon: <SyncOutlined />,
      hidden: (p) => p.provider === 'offline',
      disabled: (p) => p.status !== PaymentStatus.Awaiting && t('payment.syncLock'),
      onClick: (p) => void sync(p),
    },
    {
      key: 'receipt',
      label: words.t('payWords.receipt'),
      icon: <PrinterOutlined />,
      hidden: (p) => p.purpose !== 'tuition',
      disabled: (p) => p.status !== PaymentStatus.Paid && t('payment.receiptLock'),
      onClick: (p) => openReceipt(p.id),
    },
  ];

  const columns: TableColumnsType<Payment> = [
    {
      key: 'no',
      title: t('payment.paymentNo'),
      width: 230,
      render: (_, p) => (
        <div>
          <code>{p.paymentNo}</code>
          <Typography.Text type="secondary" className="pay-sub">
            {dayjs(p.createTime).format(TIME)}
          </Typography.Text>
        </div>
      ),
    },
    { key: 'payer', title: t('payment.payer'), width: 120, render: (_, p) => p.payerName },
    { key: 'purpose', title: t('payment.purpose'), width: 110, render: (_, p) => purposeName(words.t, p.purpose) },
    {
      key: 'provider',
      title: t('payment.provider'),
      width: 190,
      render: (_, p) => (
        <div>
          <div>
            {providerName(words.t, p.provider)}
            {p.method !== null && ` · ${labelOf(offlineMethodLabels, p.method, lang)}`}
          </div>
          {(p.receiptNo || p.providerTradeNo || p.recordedByName) && (
            <Typography.Text type="secondary" className="pay-sub">
              {[p.receiptNo, p.providerTradeNo, p.recordedByName].filter(Boolean).join(' · ')}
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      key: 'amount',
      title: t('payment.amount'),
      width: 130,
      align: 'right',
      render: (_, p) => (
        <div>
          <div className="pay-figure">{formatMoney(p.amount, p.currency, lang)}</div>
          {p.refunded > 0 && (
            <Typography.Text type="secondary" className="pay-sub">
              {t('payment.refundedOf', { amount: formatMoney(p.refunded, p.currency, lang) })}
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      key: 'status',
      title: t('payment.status'),
      width: 150,
      render: (_, p) => (
        <div>
          <Tag color={paymentStatusLabels[p.status].color}>{labelOf(paymentStatusLabels, p.status, lang)}</Tag>
          {p.paidAt && (
            <Typography.Text type="secondary" className="pay-sub">
              {dayjs(p.paidAt).format(TIME)}
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: 'right',
      width: 36 * actions.length + 16,
      render: (_, p) => <RowActionButtons actions={actions} row={p} name={p.paymentNo} />,
    },
  ];

  return (
    <ResourceListPage<Payment, Filter>
      list={list}
      columns={columns}
      emptyText={t('payment.paymentsEmpty')}
      filterFormName="payment-filter"
      toFilter={toFilter}
      filterFields={
        <>
          <SelectFilter
            name="provider"
            label={t('payment.provider')}
            width={190}
            options={PAYMENT_PROVIDERS.map((p) => ({ value: p, label: providerName(words.t, p) }))}
          />
          <EnumFilter name="status" label={t('payment.status')} labels={paymentStatusLabels} width={130} />
          <SelectFilter
            name="purpose"
            label={t('payment.purpose')}
            width={130}
            options={PAYMENT_PURPOSES.map((p) => ({ value: p, label: purposeName(words.t, p) }))}
          />
          <Form.Item name="payerId" label={t('payment.payer')}>
            <StudentSelect placeholder={t('payment.studentPick')} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="dates" label={t('payment.dates')}>
            <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: 240 }} />
          </Form.Item>
          <KeywordFilter label={t('payment.keyword')} placeholder={t('payment.paymentKeywordHint')} width={260} />
        </>
      }
    />
  );
}
