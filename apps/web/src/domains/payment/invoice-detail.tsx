import { MoneyCollectOutlined, PercentageOutlined, PrinterOutlined, RollbackOutlined } from '@ant-design/icons';
import {
  type Instalment,
  type InvoiceDetail,
  InvoiceStatus,
  invoiceStatusLabels,
  labelOf,
  offlineMethodLabels,
  PaymentStatus,
  paymentStatusLabels,
  refundStatusLabels,
} from '@lyceum/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Empty, Skeleton, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useLang } from '../../shell/i18n';
import { useIsMobile } from '../../shell/layout/use-device';
import { usePermission } from '../../shell/permission';
import { formatMoney } from '../../ui/money-format';
import { openReceipt, providerName, usePayWords } from '../../ui/payment-words';
import { TIME } from '../../ui/portal-format';
import { CollectDialog } from './invoice-dialogs';
import { DiscountDialog, type RefundTarget, TuitionRefundDialog } from './invoice-money-dialogs';
import { collectable } from './invoices-tab';
import { paymentCalls, TUITION_KEY } from './payment-api';
import { usePaymentTexts } from './payment-words';

type InvoicePayment = InvoiceDetail['payments'][number];
type InvoiceRefund = InvoiceDetail['refunds'][number];

function Heading({ children }: { children: string }) {
  return (
    <Typography.Title level={5} className="pay-heading">
      {children}
    </Typography.Title>
  );
}

// One invoice whole: its lines and discount, its instalments with what each has had and still owes,
// every payment (with its receipt, and a refund for those who hold payment:refund) and refund.
function InvoiceBody({ invoice, onChanged }: { invoice: InvoiceDetail; onChanged: () => void }) {
  const { t } = usePaymentTexts();
  const words = usePayWords();
  const lang = useLang();
  const canInvoice = usePermission(['payment:invoice']);
  const canCollect = usePermission(['payment:collect']);
  const canRefund = usePermission(['payment:refund']);
  const [discounting, setDiscounting] = useState(false);
  const [collecting, setCollecting] = useState(false);
  const [refunding, setRefunding] = useState<RefundTarget | null>(null);
  const money = (v: number) => <span className="pay-figure">{formatMoney(v, invoice.currency, lang)}</span>;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <div>
        <Space wrap size={8}>
          <Tag color={invoiceStatusLabels[invoice.status].color}>
            {labelOf(invoiceStatusLabels, invoice.status, lang)}
          </Tag>
          <Typography.Text type="secondary">{invoice.invoiceNo}</Typography.Text>
        </Space>
        <div className="pay-detail-student">
          {invoice.studentName} ({invoice.userName}){invoice.teamName && ` · ${invoice.teamName}`}
        </div>
        {invoice.cancelReason && (
          <Typography.Text type="secondary">
            {t('payment.cancelledWhy', { reason: invoice.cancelReason })}
          </Typography.Text>
        )}
      </div>
      <dl className="pay-figures">
        <div>
          <dt>{t('payment.subtotal')}</dt>
          <dd>{money(invoice.subtotal)}</dd>
        </div>
        <div>
          <dt>{t('payment.discount')}</dt>
          <dd>{money(invoice.discount)}</dd>
        </div>
        <div>
          <dt>{t('payment.total')}</dt>
          <dd>{money(invoice.total)}</dd>
        </div>
        <div>
          <dt>{t('payment.paid')}</dt>
          <dd>{money(invoice.paid)}</dd>
        </div>
        <div>
          <dt>{t('payment.outstanding')}</dt>
          <dd className={invoice.overdue ? 'pay-loss' : undefined}>{money(invoice.outstanding)}</dd>
        </div>
      </dl>
      <Space wrap>
        {canCollect && collectable(invoice) && (
          <Button type="primary" icon={<MoneyCollectOutlined />} onClick={() => setCollecting(true)}>
            {t('payment.collect')}
          </Button>
        )}
        {canInvoice && invoice.status === InvoiceStatus.Pending && (
          <Button icon={<PercentageOutlined />} onClick={() => setDiscounting(true)}>
            {t('payment.setDiscount')}
          </Button>
        )}
      </Space>

      <Heading>{t('payment.lines')}</Heading>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={invoice.lines}
        columns={[
          { key: 'name', title: t('payment.item'), render: (_, l) => l.name },
          { key: 'amount', title: t('payment.amount'), width: 130, align: 'right', render: (_, l) => money(l.amount) },
        ]}
      />

      <Heading>{t('payment.instalments')}</Heading>
      <Table<Instalment>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={invoice.instalments}
        scroll={{ x: 600 }}
        columns={[
          {
            key: 'seq',
            title: t('payment.instalment'),
            width: 90,
            render: (_, i) => t('payment.instalmentN', { n: i.seq }),
          },
          { key: 'due', title: t('payment.dueDate'), width: 110, render: (_, i) => i.dueDate },
          { key: 'amount', title: t('payment.amount'), width: 110, align: 'right', render: (_, i) => money(i.amount) },
          { key: 'paid', title: t('payment.paid'), width: 110, align: 'right', render: (_, i) => money(i.paid) },
          {
            key: 'outstanding',
            title: t('payment.outstanding'),
            width: 140,
            align: 'right',
            render: (_, i) => (
              <div>
                {money(i.outstanding)}
                {i.overdue && (
                  <div>
                    <Tag color="error">{t('payment.overdue')}</Tag>
                  </div>
                )}
                {i.remindedAt && (
                  <Typography.Text type="secondary" className="pay-sub">
                    {t('payment.remindedOn', { time: dayjs(i.remindedAt).format(TIME) })}
                  </Typography.Text>
                )}
              </div>
            ),
          },
        ]}
      />

      <Heading>{t('payment.payments')}</Heading>
      {invoice.payments.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('payment.noPayments')} />
      ) : (
        <Table<InvoicePayment>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={invoice.payments}
          scroll={{ x: 660 }}
          columns={[
            {
              key: 'no',
              title: t('payment.receiptNo'),
              width: 160,
              render: (_, p) => (
                <div>
                  <div>{p.receiptNo ?? p.paymentNo}</div>
                  <Typography.Text type="secondary" className="pay-sub">
                    {dayjs(p.paidAt ?? p.createTime).format(TIME)}
                  </Typography.Text>
                </div>
              ),
            },
            {
              key: 'how',
              title: t('payment.method'),
              width: 140,
              render: (_, p) => (
                <div>
                  <div>
                    {p.method !== null
                      ? labelOf(offlineMethodLabels, p.method, lang)
                      : providerName(words.t, p.provider)}
                  </div>
                  {p.recordedByName && (
                    <Typography.Text type="secondary" className="pay-sub">
                      {p.recordedByName}
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
                  {money(p.amount)}
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
              width: 90,
              render: (_, p) => (
                <Tag color={paymentStatusLabels[p.status].color}>{labelOf(paymentStatusLabels, p.status, lang)}</Tag>
              ),
            },
            {
              key: 'actions',
              title: t('common.actions'),
              width: 140,
              render: (_, p) =>
                p.status === PaymentStatus.Paid && (
                  <Space size={0} wrap>
                    <Button type="link" size="small" icon={<PrinterOutlined />} onClick={() => openReceipt(p.id)}>
                      {words.t('payWords.receipt')}
                    </Button>
                    {canRefund && p.amount - p.refunded > 0 && (
                      <Button
                        type="link"
                        size="small"
                        danger
                        icon={<RollbackOutlined />}
                        onClick={() =>
                          setRefunding({
                            invoice,
                            paymentId: p.id,
                            left: p.amount - p.refunded,
                            no: p.receiptNo ?? p.paymentNo,
                          })
                        }
                      >
                        {t('payment.refund')}
                      </Button>
                    )}
                  </Space>
                ),
            },
          ]}
        />
      )}

      {invoice.refunds.length > 0 && (
        <>
          <Heading>{t('payment.refunds')}</Heading>
          <Table<InvoiceRefund>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={invoice.refunds}
            scroll={{ x: 560 }}
            columns={[
              { key: 'no', title: t('payment.refundNo'), width: 170, render: (_, r) => r.refundNo },
              {
                key: 'amount',
                title: t('payment.amount'),
                width: 110,
                align: 'right',
                render: (_, r) => money(r.amount),
              },
              {
                key: 'status',
                title: t('payment.status'),
                width: 110,
                render: (_, r) => (
                  <Tag color={refundStatusLabels[r.status].color}>{labelOf(refundStatusLabels, r.status, lang)}</Tag>
                ),
              },
              {
                key: 'reason',
                title: t('payment.reason'),
                render: (_, r) => (
                  <div>
                    <div>{r.reason}</div>
                    {r.failReason && (
                      <Typography.Text type="danger" className="pay-sub">
                        {r.failReason}
                      </Typography.Text>
                    )}
                  </div>
                ),
              },
            ]}
          />
        </>
      )}
      <DiscountDialog invoice={discounting ? invoice : null} onClose={() => setDiscounting(false)} onDone={onChanged} />
      <CollectDialog invoice={collecting ? invoice : null} onClose={() => setCollecting(false)} onDone={onChanged} />
      <TuitionRefundDialog target={refunding} onClose={() => setRefunding(null)} onDone={onChanged} />
    </Space>
  );
}

// The invoice's drawer, read afresh each time it opens and after anything done inside it.
export function InvoiceDrawer({
  invoiceId,
  onClose,
  onChanged,
}: {
  invoiceId: number | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = usePaymentTexts();
  const mobile = useIsMobile();
  const client = useQueryClient();
  const detail = useQuery({
    queryKey: [TUITION_KEY, 'invoice', invoiceId],
    queryFn: ({ signal }) => paymentCalls.invoice(invoiceId ?? 0, { signal }),
    enabled: invoiceId !== null,
  });
  const changed = () => {
    void client.invalidateQueries({ queryKey: [TUITION_KEY] });
    onChanged();
  };
  return (
    <Drawer
      open={invoiceId !== null}
      onClose={onClose}
      title={detail.data?.title ?? t('payment.invoice')}
      size={mobile ? '100%' : 760}
      destroyOnHidden
    >
      {detail.data ? <InvoiceBody invoice={detail.data} onChanged={changed} /> : <Skeleton active />}
    </Drawer>
  );
}
