import { CheckCircleFilled, DownloadOutlined, WarningFilled } from '@ant-design/icons';
import { RECONCILIATION_MAX_DAYS, type Reconciliation } from '@lyceum/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, DatePicker, Empty, Row, Skeleton, Space, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useLang } from '../../shell/i18n';
import { usePermission } from '../../shell/permission';
import { ChartBox } from '../../ui/chart-box';
import { FigureTile } from '../../ui/figure-tile';
import { formatMoney, toMajor, toMinor } from '../../ui/money-format';
import { pointsText } from '../../ui/points-format';
import { paymentCalls, TUITION_KEY } from './payment-api';
import { DAY, usePaymentTexts } from './payment-words';
import { BursarTable, CheckTable, DaysTable } from './reconciliation-tables';

// Colours that keep 3:1 against white as chart marks.
const COURSE_COLOR = '#1677ff';
const TUITION_COLOR = '#389e0d';
const REFUND_COLOR = '#d4380d';
const lastDays = (n: number): [Dayjs, Dayjs] => [
  dayjs()
    .subtract(n - 1, 'day')
    .startOf('day'),
  dayjs().startOf('day'),
];

// Money in per day (course orders, tuition) beside what went back.
function MoneyChart({ data }: { data: Reconciliation }) {
  const { t } = usePaymentTexts();
  const lang = useLang();
  const money = (v: number) => formatMoney(v, data.currency, lang);
  const option = useMemo(
    () => ({
      grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        // The chart draws major units; the tooltip writes them as money.
        valueFormatter: (v: number) => formatMoney(toMinor(v, data.currency), data.currency, lang),
      },
      legend: { top: 0, itemWidth: 12, itemHeight: 8 },
      xAxis: { type: 'category', data: data.days.map((d) => dayjs(d.day).format('MM-DD')) },
      yAxis: { type: 'value' },
      series: [
        {
          type: 'bar',
          stack: 'in',
          name: t('payment.courseMoney'),
          data: data.days.map((d) => toMajor(d.courseOrderMoneyPaid, data.currency)),
          barMaxWidth: 16,
          itemStyle: { color: COURSE_COLOR },
        },
        {
          type: 'bar',
          stack: 'in',
          name: t('payment.tuitionMoney'),
          data: data.days.map((d) => toMajor(d.tuitionCollected, data.currency)),
          barMaxWidth: 16,
          itemStyle: { color: TUITION_COLOR },
        },
        {
          type: 'bar',
          name: t('payment.refundedMoney'),
          data: data.days.map((d) => toMajor(d.courseOrderMoneyRefunded + d.tuitionRefunded, data.currency)),
          barMaxWidth: 16,
          itemStyle: { color: REFUND_COLOR },
        },
      ],
    }),
    [data, t, lang],
  );
  const label = t('payment.chartLabel', {
    list: data.days
      .filter((d) => d.courseOrderMoneyPaid || d.tuitionCollected || d.courseOrderMoneyRefunded || d.tuitionRefunded)
      .map((d) =>
        t('payment.dayFigures', {
          day: d.day,
          course: money(d.courseOrderMoneyPaid),
          tuition: money(d.tuitionCollected),
          refunded: money(d.courseOrderMoneyRefunded + d.tuitionRefunded),
        }),
      )
      .join('; '),
  });
  return <ChartBox option={option} height={300} label={label} />;
}

// The books of a range of days (the last 30 at first, in the organisation's zone): points issued,
// spent and given back; money in from course orders and tuition and what was refunded; the cash each
// bursar took; and whether the ledgers agree with the balances and the payments (a badge, and the
// differences when they do not). To Excel as shown.
export function ReconciliationTab() {
  const { t } = usePaymentTexts();
  const lang = useLang();
  const canExport = usePermission(['payment:export', 'order:page']);
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => lastDays(30));
  const [exporting, setExporting] = useState(false);
  const body = { from: range[0].format(DAY), to: range[1].format(DAY) };
  const report = useQuery({
    queryKey: [TUITION_KEY, 'reconciliation', body],
    queryFn: ({ signal }) => paymentCalls.reconciliation(body, { signal }),
    placeholderData: keepPreviousData,
  });
  const data = report.data;

  async function exportSheet() {
    setExporting(true);
    try {
      await paymentCalls.exportReconciliation(body, lang);
    } catch {
      // The request client has said why.
    } finally {
      setExporting(false);
    }
  }

  const money = (v: number) => (data ? formatMoney(v, data.currency, lang) : '');
  const quiet = data?.days.every(
    (d) => !d.courseOrderMoneyPaid && !d.tuitionCollected && !d.courseOrderMoneyRefunded && !d.tuitionRefunded,
  );
  return (
    <section aria-label={t('payment.tabReconciliation')}>
      <Space wrap className="pay-bar">
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          aria-label={t('payment.range')}
          disabledDate={(d, info) =>
            info.from ? Math.abs(d.diff(info.from, 'day')) >= RECONCILIATION_MAX_DAYS : false
          }
          onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
        />
        {data &&
          (data.check.agrees ? (
            <Tag color="success" icon={<CheckCircleFilled />} className="pay-agree" data-testid="reconciliation-agrees">
              {t('payment.agrees')}
            </Tag>
          ) : (
            <Tag color="error" icon={<WarningFilled />} className="pay-agree" data-testid="reconciliation-agrees">
              {t('payment.disagrees')}
            </Tag>
          ))}
        {canExport && (
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportSheet()}>
            {t('payment.export')}
          </Button>
        )}
      </Space>
      {report.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : report.isError || !data ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('payment.loadFailed')}>
          <Button onClick={() => void report.refetch()}>{t('payment.retry')}</Button>
        </Empty>
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24}>
            <div className="pay-tiles">
              <FigureTile label={t('payment.courseMoney')} value={money(data.totals.courseOrderMoneyPaid)}>
                <span className="pay-sub">{t('payment.ordersCount', { count: data.totals.courseOrdersPaid })}</span>
              </FigureTile>
              <FigureTile label={t('payment.tuitionMoney')} value={money(data.totals.tuitionCollected)}>
                <span className="pay-sub">{t('payment.paymentsCount', { count: data.totals.tuitionPayments })}</span>
              </FigureTile>
              <FigureTile
                label={t('payment.refundedMoney')}
                value={money(data.totals.courseOrderMoneyRefunded + data.totals.tuitionRefunded)}
              >
                <span className="pay-sub">
                  {t('payment.refundsCount', { count: data.totals.courseRefunds + data.totals.tuitionRefunds })}
                </span>
              </FigureTile>
              <FigureTile label={t('payment.pointsIssued')} value={pointsText(data.totals.pointsIssued, lang)} />
              <FigureTile label={t('payment.pointsSpent')} value={pointsText(data.totals.pointsSpent, lang)}>
                <span className="pay-sub">
                  {t('payment.pointsReversedN', { points: pointsText(data.totals.pointsReversed, lang) })}
                </span>
              </FigureTile>
            </div>
          </Col>
          <Col xs={24} xl={16}>
            <Card size="small" title={t('payment.perDay')}>
              {quiet ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('payment.noMoney')} />
              ) : (
                <MoneyChart data={data} />
              )}
            </Card>
          </Col>
          <Col xs={24} xl={8}>
            <Card size="small" title={t('payment.check')}>
              <CheckTable data={data} />
            </Card>
          </Col>
          <Col xs={24}>
            <Card size="small" title={t('payment.cashByBursar')}>
              <BursarTable data={data} />
            </Card>
          </Col>
          <Col xs={24}>
            <Card size="small" title={t('payment.days')}>
              <DaysTable data={data} />
            </Card>
          </Col>
        </Row>
      )}
    </section>
  );
}
