import { ArrowRightOutlined, PrinterOutlined, SyncOutlined } from '@ant-design/icons';
import {
  type EndpointOutput,
  labelOf,
  PAGE_SIZE_DEFAULT,
  PaymentStatus,
  paymentStatusLabels,
  refundStatusLabels,
} from '@lyceum/contract';
import type { api } from '@lyceum/contract/routes';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useLang } from '../../shell/i18n';
import { formatMoney } from '../../ui/money-format';
import { goToPay, openReceipt, providerName, purposeName, usePayWords } from '../../ui/payment-words';
import { TIME } from '../../ui/portal-format';
import { MY_PAY_KEY, myPayCalls } from './my-payments-api';
import { useMyPayTexts } from './my-payments-texts';

type MyPayment = EndpointOutput<typeof api.payment.my>['list'][number];

// Every payment of the student, newest first, whatever it paid: the provider, the amount and its
// refunds, the state; an online one still awaiting goes on to its page or asks the provider; a paid
// tuition payment prints its receipt.
export function MyPaymentList() {
  const { t } = useMyPayTexts();
  const words = usePayWords();
  const lang = useLang();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [paging, setPaging] = useState({ pageIndex: 1, pageSize: PAGE_SIZE_DEFAULT });
  const payments = useQuery({
    queryKey: [MY_PAY_KEY, 'payments', paging],
    queryFn: ({ signal }) => myPayCalls.payments(paging, { signal }),
    placeholderData: keepPreviousData,
  });

  async function sync(p: MyPayment) {
    try {
      const answer = await myPayCalls.sync(p.id);
      const status = labelOf(paymentStatusLabels, answer.payment.status, lang);
      message.info(t(answer.changed ? 'myPay.syncChanged' : 'myPay.syncSame', { no: p.paymentNo, status }));
      await client.invalidateQueries({ queryKey: [MY_PAY_KEY] });
    } catch {
      // The request client has said why.
    }
  }

  if (payments.isError)
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('myPay.loadFailed')}>
        <Button onClick={() => void payments.refetch()}>{t('myPay.retry')}</Button>
      </Empty>
    );
  return (
    <Table<MyPayment>
      rowKey="id"
      size="middle"
      loading={payments.isFetching}
      dataSource={payments.data?.list}
      scroll={{ x: 900 }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('myPay.paymentsEmpty')} /> }}
      pagination={{
        current: paging.pageIndex,
        pageSize: paging.pageSize,
        total: payments.data?.total ?? 0,
        hideOnSinglePage: true,
        onChange: (pageIndex, pageSize) => setPaging({ pageIndex, pageSize }),
      }}
      columns={[
        {
          key: 'no',
          title: t('myPay.paymentNo'),
          width: 200,
          render: (_, p) => (
            <div>
              <code>{p.paymentNo}</code>
              <Typography.Text type="secondary" className="my-pay-sub">
                {dayjs(p.createTime).format(TIME)}
              </Typography.Text>
            </div>
          ),
        },
        {
          key: 'amount',
          title: t('myPay.amount'),
          width: 150,
          align: 'right',
          render: (_, p) => (
            <div>
              <div className="my-pay-figure">{formatMoney(p.amount, p.currency, lang)}</div>
              {p.refunds.length > 0 && (
                <Typography.Text type="secondary" className="my-pay-sub">
                  {t('myPay.refundsOf', {
                    list: p.refunds
                      .map(
                        (r) =>
                          `${formatMoney(r.amount, p.currency, lang)} ${labelOf(refundStatusLabels, r.status, lang)}`,
                      )
                      .join(', '),
                  })}
                </Typography.Text>
              )}
            </div>
          ),
        },
        {
          key: 'status',
          title: t('myPay.status'),
          width: 150,
          render: (_, p) => (
            <div>
              <Tag color={paymentStatusLabels[p.status].color}>{labelOf(paymentStatusLabels, p.status, lang)}</Tag>
              {p.paidAt && (
                <Typography.Text type="secondary" className="my-pay-sub">
                  {dayjs(p.paidAt).format(TIME)}
                </Typography.Text>
              )}
            </div>
          ),
        },
        { key: 'purpose', title: t('myPay.purpose'), width: 110, render: (_, p) => purposeName(words.t, p.purpose) },
        {
          key: 'provider',
          title: t('myPay.provider'),
          width: 160,
          render: (_, p) => (
            <div>
              <div>{providerName(words.t, p.provider)}</div>
              {p.receiptNo && (
                <Typography.Text type="secondary" className="my-pay-sub">
                  {p.receiptNo}
                </Typography.Text>
              )}
            </div>
          ),
        },
        {
          key: 'actions',
          title: t('common.actions'),
          width: 220,
          fixed: 'right',
          render: (_, p) => (
            <Space size={4} wrap>
              {p.status === PaymentStatus.Awaiting && p.payUrl && (
                <Button
                  size="small"
                  type="primary"
                  icon={<ArrowRightOutlined />}
                  aria-label={t('myPay.continuePayOf', { no: p.paymentNo })}
                  onClick={() => p.payUrl && goToPay(p.payUrl)}
                >
                  {t('myPay.continuePay')}
                </Button>
              )}
              {p.status === PaymentStatus.Awaiting && p.provider !== 'offline' && (
                <Button
                  size="small"
                  icon={<SyncOutlined />}
                  aria-label={t('myPay.syncOf', { no: p.paymentNo })}
                  onClick={() => void sync(p)}
                >
                  {t('myPay.sync')}
                </Button>
              )}
              {p.status === PaymentStatus.Paid && p.purpose === 'tuition' && (
                <Button
                  size="small"
                  icon={<PrinterOutlined />}
                  aria-label={words.t('payWords.receiptOf', { no: p.receiptNo ?? p.paymentNo })}
                  onClick={() => openReceipt(p.id)}
                >
                  {words.t('payWords.receipt')}
                </Button>
              )}
            </Space>
          ),
        },
      ]}
    />
  );
}
