import type { ClassStats, TrendPoint } from '@lyceum/contract';
import { Card, Empty } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { ScoreChart } from '../../../ui/score-chart';
import { percent } from './stats-api';
import { useStatsTexts } from './stats-texts';

const RATE_COLOR = '#1677ff';
const ABSENT_COLOR = '#cf1322';
const SELECTED_COLOR = '#0958d9';
const OTHER_COLOR = '#91caff';
// Room for one class's bar (the chart grows with the classes).
const BAR_ROW_PX = 30;
// Class names longer than this are cut short (the tooltip and the label for readers say them whole).
const LABEL_PX = 130;
const share = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 10);

// The rate of each day with marks (a line, in per cent) and its absences (bars, right axis).
export function TrendChart({ trend }: { trend: TrendPoint[] }) {
  const { t } = useStatsTexts();
  const option = useMemo(
    () => ({
      grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis' },
      legend: { top: 0, itemWidth: 12, itemHeight: 8 },
      xAxis: { type: 'category', data: trend.map((p) => dayjs(p.day).format('MM-DD ddd')) },
      yAxis: [
        { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value} %' } },
        { type: 'value', minInterval: 1, splitLine: { show: false } },
      ],
      series: [
        {
          type: 'line',
          name: t('attendanceStats.rate'),
          data: trend.map((p) => share(p.rate)),
          smooth: true,
          symbolSize: 7,
          itemStyle: { color: RATE_COLOR },
          tooltip: { valueFormatter: (v: number) => `${v} %` },
        },
        {
          type: 'bar',
          name: t('attendanceStats.absencesSeries'),
          yAxisIndex: 1,
          data: trend.map((p) => p.absent),
          barMaxWidth: 18,
          itemStyle: { color: ABSENT_COLOR, opacity: 0.55 },
        },
      ],
    }),
    [trend, t],
  );
  const label = trend.map((p) => `${p.day} ${percent(p.rate)}`).join('; ');
  return (
    <Card size="small" title={t('attendanceStats.trend')}>
      {trend.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('attendanceStats.noMarks')} />
      ) : (
        <ScoreChart option={option} height={240} label={t('attendanceStats.trendLabel', { list: label })} />
      )}
    </Card>
  );
}

// Each class's rate as a bar, the chosen class's darker.
export function ClassChart({ classes, selected }: { classes: ClassStats[]; selected: number | undefined }) {
  const { t } = useStatsTexts();
  const withMarks = classes.filter((c) => c.marks > 0);
  const option = useMemo(
    () => ({
      grid: { left: 8, right: 56, top: 8, bottom: 24, containLabel: true },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: number) => `${v} %` },
      xAxis: { type: 'value', min: 0, max: 100, interval: 50, axisLabel: { formatter: '{value} %' } },
      yAxis: {
        type: 'category',
        inverse: true,
        data: withMarks.map((c) => c.teamName),
        axisLabel: { width: LABEL_PX, overflow: 'truncate' },
      },
      series: [
        {
          type: 'bar',
          name: t('attendanceStats.rate'),
          data: withMarks.map((c) => ({
            value: share(c.rate),
            itemStyle: { color: c.teamId === selected ? SELECTED_COLOR : OTHER_COLOR },
          })),
          label: { show: true, position: 'right', formatter: '{c} %' },
        },
      ],
    }),
    [withMarks, selected, t],
  );
  const label = withMarks.map((c) => `${c.teamName} ${percent(c.rate)}`).join('; ');
  return (
    <Card size="small" title={t('attendanceStats.byClass')}>
      {withMarks.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('attendanceStats.noMarks')} />
      ) : (
        <ScoreChart
          option={option}
          height={Math.max(160, withMarks.length * BAR_ROW_PX + 48)}
          label={t('attendanceStats.byClassLabel', { list: label })}
        />
      )}
    </Card>
  );
}
