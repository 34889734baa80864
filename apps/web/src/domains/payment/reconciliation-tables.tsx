import { labelOf, offlineMethodLabels, type Reconciliation } from '@lyceum/contract';
import { Empty, Table, Tag, Typography } from 'antd';
import { useLang } from '../../shell/i18n';
import { formatMoney, formatSignedMoney } from '../../ui/money-format';
import { purposeName, usePayWords } from '../../ui/payment-words';
import { pointsText, signedPointsText } from '../../ui/points-format';
import { usePaymentTexts } from './payment-words';

type Day = Reconciliation['days'][number];
type Cash = Reconciliation['cashByBursar'][number];
type MoneyCheck = Reconciliation['check']['money'][number];

// The check: points entries against balances, each purpose's books against its payments.
export function CheckTable({ data }: { data: Reconciliation }) {
  const { t } = usePaymentTexts();
  const words = usePayWords();
  const lang = useLang();
  const p = data.check.points;
  const ok = (difference: number | null) =>
    difference === null || difference === 0 ? (
      <Tag color="success">{t('payment.agreesShort')}</Tag>
    ) : (
      <Tag color="error">{t('payment.differs')}</Tag>
    );
  return (
    <div className="pay-check">
      <dl className="pay-check-points">
        <dt>{t('payment.pointsLedger')}</dt>
        <dd>
          {t('payment.pointsCheck', { entries: pointsText(p.entries, lang), balances: pointsText(p.balances, lang) })}{' '}
          {ok(p.difference)}
          {p.difference !== 0 && (
            <Typography.Text type="danger" className="pay-sub">
              {t('payment.difference', { amount: signedPointsText(p.difference, lang) })}
            </Typography.Text>
          )}
        </dd>
      </dl>
      <Table<MoneyCheck>
        rowKey={(m) => `${m.purpose}-${m.currency}`}
        size="small"
        pagination={false}
        dataSource={data.check.money}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('payment.noMoney')} /> }}
        columns={[
          {
            key: 'purpose',
            title: t('payment.purpose'),
            render: (_, m) => (
              <div>
                <div>{purposeName(words.t, m.purpose)}</div>
                {ok(m.difference)}
              </div>
            ),
          },
          {
            key: 'net',
            title: t('payment.netPaid'),
            align: 'right',
            render: (_, m) => (
              <div>
                <div className="pay-figure">{formatMoney(m.net, m.currency, lang)}</div>
                <Typography.Text type="secondary" className="pay-sub">
                  {t('payment.paidLessRefunded', {
                    paid: formatMoney(m.paid, m.currency, lang),
                    refunded: formatMoney(m.refunded, m.currency, lang),
                  })}
                </Typography.Text>
              </div>
            ),
          },
          {
            key: 'held',
            title: t('payment.held'),
            align: 'right',
            render: (_, m) => (
              <div>
                <div className="pay-figure">{m.held === null ? '—' : formatMoney(m.held, m.currency, lang)}</div>
                {m.difference !== null && m.difference !== 0 && (
                  <Typography.Text type="danger" className="pay-sub">
                    {t('payment.difference', { amount: formatSignedMoney(m.difference, m.currency, lang) })}
                  </Typography.Text>
                )}
              </div>
            ),
          },
        ]}
      />
    </div>
  );
}

// Cash and card taken at the desk, by bursar and method.
export function BursarTable({ data }: { data: Reconciliation }) {
  const { t } = usePaymentTexts();
  const lang = useLang();
  return (
    <Table<Cash>
      rowKey={(c) => `${c.bursarId ?? 0}-${c.method}-${c.currency}`}
      size="small"
      pagination={false}
      dataSource={data.cashByBursar}
      scroll={{ x: 480 }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('payment.noCash')} /> }}
      columns={[
        { key: 'bursar', title: t('payment.bursar'), render: (_, c) => c.bursarName ?? '—' },
        {
          key: 'method',
          title: t('payment.method'),
          width: 150,
          render: (_, c) => labelOf(offlineMethodLabels, c.method, lang),
        },
        { key: 'count', title: t('payment.count'), width: 90, align: 'right', render: (_, c) => c.count },
        {
          key: 'amount',
          title: t('payment.amount'),
          width: 150,
          align: 'right',
          render: (_, c) => <span className="pay-figure">{formatMoney(c.amount, c.currency, lang)}</span>,
        },
      ]}
    />
  );
}

// Every day of the range with its figures; quiet days are kept (a day without sales is a fact too).
export function DaysTable({ data }: { data: Reconciliation }) {
  const { t } = usePaymentTexts();
  const lang = useLang();
  const money = (v: number) => <span className="pay-figure">{formatMoney(v, data.currency, lang)}</span>;
  const points = (v: number) => <span className="pay-figure">{pointsText(v, lang)}</span>;
  return (
    <Table<Day>
      rowKey="day"
      size="small"
      dataSource={[...data.days].reverse()}
      pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
      scroll={{ x: 1100 }}
      columns={[
        { key: 'day', title: t('payment.day'), width: 110, fixed: 'left', render: (_, d) => d.day },
        {
          key: 'pi',
          title: t('payment.pointsIssued'),
          width: 100,
          align: 'right',
          render: (_, d) => points(d.pointsIssued),
        },
        {
          key: 'ps',
          title: t('payment.pointsSpent'),
          width: 100,
          align: 'right',
          render: (_, d) => points(d.pointsSpent),
        },
        {
          key: 'pr',
          title: t('payment.pointsReversed'),
          width: 100,
          align: 'right',
          render: (_, d) => points(d.pointsReversed),
        },
        {
          key: 'pd',
          title: t('payment.pointsDeducted'),
          width: 100,
          align: 'right',
          render: (_, d) => points(d.pointsDeducted),
        },
        {
          key: 'co',
          title: t('payment.courseMoney'),
          width: 140,
          align: 'right',
          render: (_, d) => (
            <div>
              {money(d.courseOrderMoneyPaid)}
              {d.courseOrdersPaid > 0 && (
                <span className="pay-sub">{t('payment.ordersCount', { count: d.courseOrdersPaid })}</span>
              )}
            </div>
          ),
        },
        {
          key: 'cr',
          title: t('payment.courseRefunded'),
          width: 130,
          align: 'right',
          render: (_, d) => money(d.courseOrderMoneyRefunded),
        },
        {
          key: 'tc',
          title: t('payment.tuitionMoney'),
          width: 140,
          align: 'right',
          render: (_, d) => (
            <div>
              {money(d.tuitionCollected)}
              {d.tuitionPayments > 0 && (
                <span className="pay-sub">{t('payment.paymentsCount', { count: d.tuitionPayments })}</span>
              )}
            </div>
          ),
        },
        {
          key: 'tr',
          title: t('payment.tuitionRefunded'),
          width: 130,
          align: 'right',
          render: (_, d) => money(d.tuitionRefunded),
        },
      ]}
    />
  );
}
