import { CreditCardOutlined, PrinterOutlined, WarningOutlined } from '@ant-design/icons';
import {
  type Instalment,
  InvoiceStatus,
  invoiceStatusLabels,
  labelOf,
  type MyInvoices,
  PaymentStatus,
  paymentStatusLabels,
} from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Skeleton, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useLang } from '../../shell/i18n';
import { formatMoney } from '../../ui/money-format';
import { type PayChoice, PayChoiceDialog } from '../../ui/pay-choice';
import { openReceipt, providerName, usePayWords } from '../../ui/payment-words';
import { TIME } from '../../ui/portal-format';
import { MY_PAY_KEY, myPayCalls } from './my-payments-api';
import { useMyPayTexts } from './my-payments-texts';

type MyInvoice = MyInvoices['list'][number];
const payableStatus: readonly InvoiceStatus[] = [InvoiceStatus.Issued, InvoiceStatus.PartiallyPaid];

function Figures({ invoice }: { invoice: MyInvoice }) {
  const { t } = useMyPayTexts();
  const lang = useLang();
  const money = (v: number) => formatMoney(v, invoice.currency, lang);
  return (
    <dl className="my-pay-figures">
      <div>
        <dt>{t('myPay.total')}</dt>
        <dd>{money(invoice.total)}</dd>
        {invoice.discount > 0 && (
          <Typography.Text type="secondary" className="my-pay-sub">
            {t('myPay.discount')} −{money(invoice.discount)}
            {invoice.discountReason ? ` · ${invoice.discountReason}` : ''}
          </Typography.Text>
        )}
      </div>
      <div>
        <dt>{t('myPay.paid')}</dt>
        <dd>{money(invoice.paid)}</dd>
      </div>
      <div>
        <dt>{t('myPay.outstanding')}</dt>
        <dd className={invoice.outstanding > 0 ? 'my-pay-owed' : undefined}>{money(invoice.outstanding)}</dd>
      </div>
    </dl>
  );
}

function Instalments({ invoice }: { invoice: MyInvoice }) {
  const { t } = useMyPayTexts();
  const lang = useLang();
  const money = (v: number) => <span className="my-pay-figure">{formatMoney(v, invoice.currency, lang)}</span>;
  return (
    <Table<Instalment>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={invoice.instalments}
      scroll={{ x: 560 }}
      rowClassName={(i) => (i.overdue ? 'my-pay-overdue-row' : '')}
      columns={[
        {
          key: 'seq',
          title: t('myPay.instalment'),
          width: 100,
          render: (_, i) => t('myPay.instalmentN', { n: i.seq }),
        },
        { key: 'due', title: t('myPay.dueDate'), width: 110, render: (_, i) => i.dueDate },
        { key: 'amount', title: t('myPay.amount'), width: 110, align: 'right', render: (_, i) => money(i.amount) },
        { key: 'paid', title: t('myPay.paid'), width: 110, align: 'right', render: (_, i) => money(i.paid) },
        {
          key: 'outstanding',
          title: t('myPay.outstanding'),
          width: 150,
          align: 'right',
          render: (_, i) =>
            i.outstanding === 0 ? (
              <Tag color="success">{t('myPay.settled')}</Tag>
            ) : (
              <Space size={4}>
                {i.overdue && (
                  <Tag color="error" icon={<WarningOutlined />}>
                    {t('myPay.overdue')}
                  </Tag>
                )}
                {money(i.outstanding)}
              </Space>
            ),
        },
      ]}
    />
  );
}

function Payments({ invoice }: { invoice: MyInvoice }) {
  const { t } = useMyPayTexts();
  const words = usePayWords();
  const lang = useLang();
  if (invoice.payments.length === 0) return null;
  return (
    <>
      <Typography.Title level={5} className="my-pay-detail-heading">
        {t('myPay.feePayments')}
      </Typography.Title>
      <ul className="my-pay-payments">
        {invoice.payments.map((p) => (
          <li key={p.id}>
            <span className="my-pay-figure">{formatMoney(p.amount, p.currency, lang)}</span>
            <span>{providerName(words.t, p.provider)}</span>
            <Tag color={paymentStatusLabels[p.status].color}>{labelOf(paymentStatusLabels, p.status, lang)}</Tag>
            <Typography.Text type="secondary">{dayjs(p.paidAt ?? p.createTime).format(TIME)}</Typography.Text>
            {p.status === PaymentStatus.Paid && (
              <Button
                size="small"
                type="link"
                icon={<PrinterOutlined />}
                aria-label={words.t('payWords.receiptOf', { no: p.receiptNo ?? p.paymentNo })}
                onClick={() => openReceipt(p.id)}
              >
                {words.t('payWords.receipt')}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

// The student's tuition: each invoice the school issued with what it comes to, what is paid and
// still owed, its instalments (overdue ones marked), its payments with their receipts; "Pay online"
// pays all that is owed or part of it (the earliest instalments first).
export function MyFees() {
  const { t } = useMyPayTexts();
  const lang = useLang();
  const [paying, setPaying] = useState<{ invoice: MyInvoice; choice: PayChoice } | null>(null);
  const invoices = useQuery({
    queryKey: [MY_PAY_KEY, 'invoices'],
    queryFn: ({ signal }) => myPayCalls.invoices({ signal }),
  });

  if (invoices.isPending) return <Skeleton active />;
  if (invoices.isError)
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('myPay.loadFailed')}>
        <Button onClick={() => void invoices.refetch()}>{t('myPay.retry')}</Button>
      </Empty>
    );
  const list = invoices.data.list;
  if (list.length === 0)
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('myPay.feesEmpty')} data-testid="my-fees-empty" />
    );

  const pay = (invoice: MyInvoice) =>
    setPaying({
      invoice,
      choice: {
        title: t('myPay.payInvoiceTitle', { title: invoice.title }),
        amount: invoice.outstanding,
        currency: invoice.currency,
        editableAmount: { min: 1, hint: t('myPay.payAmountHint') },
      },
    });

  return (
    <div className="my-pay-invoices">
      {list.map((invoice) => (
        <Card
          key={invoice.id}
          size="small"
          data-testid="my-invoice"
          title={
            <div className="my-pay-invoice-title">
              <span>{invoice.title}</span>
              <Tag color={invoiceStatusLabels[invoice.status].color}>
                {labelOf(invoiceStatusLabels, invoice.status, lang)}
              </Tag>
            </div>
          }
          extra={
            invoice.outstanding > 0 &&
            payableStatus.includes(invoice.status) && (
              <Button type="primary" icon={<CreditCardOutlined />} onClick={() => pay(invoice)}>
                {t('myPay.payOnline')}
              </Button>
            )
          }
        >
          <Typography.Text type="secondary" className="my-pay-sub">
            {t('myPay.invoiceNo', { no: invoice.invoiceNo })}
            {invoice.nextDue && ` · ${t('myPay.nextDue', { date: invoice.nextDue })}`}
          </Typography.Text>
          <Figures invoice={invoice} />
          <Instalments invoice={invoice} />
          <Payments invoice={invoice} />
        </Card>
      ))}
      <PayChoiceDialog
        choice={paying?.choice ?? null}
        onClose={() => setPaying(null)}
        start={(provider, amount) => myPayCalls.payInvoice(paying?.invoice.id ?? 0, provider, amount)}
      />
    </div>
  );
}
