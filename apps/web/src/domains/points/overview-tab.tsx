import { POINT_SUMMARY_MAX_DAYS, type PointSummary } from '@lyceum/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, DatePicker, Empty, Row, Skeleton, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useLang } from '../../shell/i18n';
import { ChartBox } from '../../ui/chart-box';
import { FigureTile } from '../../ui/figure-tile';
import { pointsText, signedPointsText } from '../../ui/points-format';
import { POINTS_KEY, pointCalls } from './points-api';
import { DAY, usePointsTexts } from './points-words';

// Colours that keep 3:1 against white as chart marks.
const ADDED_COLOR = '#389e0d';
const REDUCED_COLOR = '#d4380d';
const lastDays = (n: number): [Dayjs, Dayjs] => [
  dayjs()
    .subtract(n - 1, 'day')
    .startOf('day'),
  dayjs().startOf('day'),
];

type Earner = PointSummary['topEarners'][number];

// Points added and deducted per day, as two bars a day.
function DaysChart({ summary }: { summary: PointSummary }) {
  const { t } = usePointsTexts();
  const lang = useLang();
  const option = useMemo(
    () => ({
      grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        valueFormatter: (v: number) => pointsText(v, lang),
      },
      legend: { top: 0, itemWidth: 12, itemHeight: 8 },
      xAxis: { type: 'category', data: summary.days.map((d) => dayjs(d.day).format('MM-DD')) },
      yAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: (v: number) => pointsText(v, lang) } },
      series: [
        {
          type: 'bar',
          name: t('points.added'),
          data: summary.days.map((d) => d.added),
          barMaxWidth: 16,
          itemStyle: { color: ADDED_COLOR },
        },
        {
          type: 'bar',
          name: t('points.deducted'),
          data: summary.days.map((d) => d.reduced),
          barMaxWidth: 16,
          itemStyle: { color: REDUCED_COLOR },
        },
      ],
    }),
    [summary, t, lang],
  );
  const label = t('points.chartLabel', {
    list: summary.days
      .filter((d) => d.added || d.reduced)
      .map((d) =>
        t('points.dayFigures', {
          day: d.day,
          added: pointsText(d.added, lang),
          deducted: pointsText(d.reduced, lang),
        }),
      )
      .join('; '),
  });
  return <ChartBox option={option} height={300} label={label} />;
}

// The figures of a range of days (the last 30 at first): what was added and deducted, each day as
// bars, and who was given the most.
export function OverviewTab() {
  const { t } = usePointsTexts();
  const lang = useLang();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => lastDays(30));
  const body = { from: range[0].format(DAY), to: range[1].format(DAY) };
  const summary = useQuery({
    queryKey: [POINTS_KEY, 'summary', body],
    queryFn: ({ signal }) => pointCalls.summary(body, { signal }),
    placeholderData: keepPreviousData,
  });
  const data = summary.data;
  const quiet = data !== undefined && data.totals.entries === 0;

  return (
    <section className="points-overview" aria-label={t('points.tabOverview')}>
      <div className="points-overview-bar">
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          aria-label={t('points.range')}
          placeholder={[t('points.rangeStart'), t('points.rangeEnd')]}
          disabledDate={(d, info) => (info.from ? Math.abs(d.diff(info.from, 'day')) >= POINT_SUMMARY_MAX_DAYS : false)}
          onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
        />
      </div>
      {summary.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : summary.isError || !data ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('points.loadFailed')}>
          <Button onClick={() => void summary.refetch()}>{t('points.retry')}</Button>
        </Empty>
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24}>
            <div className="points-tiles">
              <FigureTile label={t('points.added')} value={pointsText(data.totals.added, lang)} testId="points-added" />
              <FigureTile label={t('points.deducted')} value={pointsText(data.totals.reduced, lang)} />
              <FigureTile
                label={t('points.net')}
                value={signedPointsText(data.totals.added - data.totals.reduced, lang)}
              />
              <FigureTile label={t('points.entries')} value={pointsText(data.totals.entries, lang)} />
              <FigureTile label={t('points.balancesNow')} value={pointsText(data.totals.balance, lang)} />
            </div>
          </Col>
          <Col xs={24} xl={16}>
            <Card size="small" title={t('points.perDay')}>
              {quiet ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('points.noActivity')} />
              ) : (
                <DaysChart summary={data} />
              )}
            </Card>
          </Col>
          <Col xs={24} xl={8}>
            <Card size="small" title={t('points.topEarners')}>
              <Table<Earner>
                rowKey="userId"
                size="small"
                pagination={false}
                dataSource={data.topEarners}
                locale={{
                  emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('points.noEarners')} />,
                }}
                columns={[
                  { key: 'rank', title: t('points.rank'), width: 56, render: (_, __, i) => i + 1 },
                  {
                    key: 'person',
                    title: t('points.person'),
                    render: (_, e) => (
                      <div>
                        <div>{e.realName}</div>
                        <Typography.Text type="secondary" className="points-sub">
                          {e.userName}
                        </Typography.Text>
                      </div>
                    ),
                  },
                  {
                    key: 'earned',
                    title: t('points.added'),
                    align: 'right',
                    render: (_, e) => <span className="points-figure">{pointsText(e.earned, lang)}</span>,
                  },
                ]}
              />
            </Card>
          </Col>
        </Row>
      )}
    </section>
  );
}
