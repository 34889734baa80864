import {
  type AttendanceKind,
  type AttendanceStatus,
  type LiveParticipant,
  type LiveReport,
  LiveRole,
  statusName,
} from '@lyceum/contract';
import { Card, Col, Empty, Row } from 'antd';
import { MarkLineComponent } from 'echarts/components';
import { use } from 'echarts/core';
import { useMemo } from 'react';
import { useLang } from '../../../shell/i18n';
import { ChartBox } from '../../../ui/chart-box';
import { FigureTile } from '../../../ui/figure-tile';
import { useLiveTexts } from '../live-words';

// The chart box registers bars and pies; the report's threshold is a mark line.
use([MarkLineComponent]);

// The attendance kinds' colours (present, late, left early, excused, absent), as the attendance
// screens draw them.
export const KIND_COLORS: Record<AttendanceKind, string> = {
  1: '#52c41a',
  2: '#faad14',
  3: '#fa8c16',
  4: '#1677ff',
  5: '#cf1322',
};
const TEACHER_COLOR = '#8c8c8c';
const NO_STATUS_COLOR = '#d9d9d9';
// Room for one participant's bar (the chart grows with the class).
const BAR_ROW_PX = 26;
const LABEL_CHARS = 14;
const cut = (s: string) => (s.length > LABEL_CHARS ? `${s.slice(0, LABEL_CHARS - 1)}…` : s);

export const thresholdMinutes = (report: LiveReport) =>
  Math.ceil((report.summary.scheduledMinutes * report.liveClass.presentPercent) / 100);

// The figures at a glance: who was invited, who came, how they are counted, the average stay.
export function SummaryTiles({ report }: { report: LiveReport }) {
  const { t } = useLiveTexts();
  const s = report.summary;
  return (
    <div className="live-tiles" data-testid="live-summary">
      <FigureTile label={t('live.invited')} value={s.invited} testId="live-invited" />
      <FigureTile label={t('live.attended')} value={s.attended} testId="live-attended" />
      <FigureTile label={t('live.present')} value={s.present} testId="live-present" />
      <FigureTile label={t('live.late')} value={s.late} testId="live-late" />
      <FigureTile label={t('live.absent')} value={s.absent} testId="live-absent" />
      <FigureTile
        label={t('live.averageMinutes')}
        value={t('live.minutesShort', { count: Math.round(s.averageMinutes * 10) / 10 })}
        testId="live-average"
      >
        <span className="live-tile-note">{t('live.ofScheduled', { count: s.scheduledMinutes })}</span>
      </FigureTile>
    </div>
  );
}

// Minutes per participant as bars (teachers grey, students in their status's colour), with the
// minutes that count as present as a dashed line; and the students' statuses as a ring.
export function ReportCharts({ report, statuses }: { report: LiveReport; statuses: AttendanceStatus[] }) {
  const { t } = useLiveTexts();
  const lang = useLang();
  const kindOf = useMemo(() => new Map(statuses.map((s) => [s.id, s.kind])), [statuses]);
  const threshold = thresholdMinutes(report);
  // Those who came (the ring counts those who did not).
  const people = useMemo(
    () =>
      report.participants
        .filter((p) => p.minutes > 0 || p.joins > 0)
        .sort((a, b) => b.minutes - a.minutes || a.realName.localeCompare(b.realName)),
    [report.participants],
  );

  const barOption = useMemo(() => {
    const colorOf = (p: LiveParticipant) =>
      p.role === LiveRole.Moderator
        ? TEACHER_COLOR
        : p.statusId !== null && kindOf.has(p.statusId)
          ? KIND_COLORS[kindOf.get(p.statusId) as AttendanceKind]
          : NO_STATUS_COLOR;
    return {
      grid: { left: 8, right: 40, top: 28, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      xAxis: {
        type: 'value',
        minInterval: 1,
        // The present line stays on the chart when nobody reached it.
        max: (v: { max: number }) => Math.ceil(Math.max(v.max, threshold) / 10) * 10,
        axisLabel: { formatter: `{value} ${t('live.minutesAxis')}` },
      },
      yAxis: {
        type: 'category',
        inverse: true,
        data: people.map((p) => p.realName || p.userName),
        axisLabel: { formatter: cut },
      },
      series: [
        {
          type: 'bar',
          name: t('live.minutes'),
          barMaxWidth: 16,
          data: people.map((p) => ({ value: p.minutes, itemStyle: { color: colorOf(p) } })),
          label: { show: true, position: 'right', formatter: '{c}' },
          markLine: {
            symbol: 'none',
            silent: true,
            lineStyle: { type: 'dashed', color: KIND_COLORS[1] },
            label: { formatter: t('live.thresholdLine', { count: threshold }), position: 'start', color: '#237804' },
            data: [{ xAxis: threshold }],
          },
        },
      ],
    };
  }, [people, threshold, t, kindOf]);

  const ring = useMemo(() => {
    const counts = new Map<string, { value: number; color: string }>();
    for (const p of report.participants) {
      if (p.role !== LiveRole.Viewer || p.statusId === null) continue;
      const kind = kindOf.get(p.statusId);
      const name = statusName({ name: p.statusName ?? '', kind: kind ?? 0 }, lang);
      const entry = counts.get(name) ?? { value: 0, color: kind ? KIND_COLORS[kind] : NO_STATUS_COLOR };
      entry.value += 1;
      counts.set(name, entry);
    }
    return [...counts].map(([name, c]) => ({
      name: `${name} ${c.value}`,
      value: c.value,
      itemStyle: { color: c.color },
    }));
  }, [report.participants, kindOf, lang]);

  const ringOption = useMemo(
    () => ({
      tooltip: { trigger: 'item', formatter: '{b} ({d}%)' },
      legend: { orient: 'vertical', right: 0, top: 'middle', itemWidth: 10, itemHeight: 10 },
      series: [{ type: 'pie', radius: ['50%', '78%'], center: ['35%', '50%'], label: { show: false }, data: ring }],
    }),
    [ring],
  );

  const barLabel = t('live.minutesChartLabel', {
    list: people.map((p) => `${p.realName || p.userName} ${p.minutes}`).join('; '),
    count: threshold,
  });
  const ringLabel = t('live.statusChartLabel', { list: ring.map((r) => r.name).join('; ') });
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} lg={15}>
        <Card size="small" title={t('live.minutesChart')}>
          {people.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('live.noParticipants')} />
          ) : (
            <ChartBox option={barOption} height={Math.max(160, 48 + people.length * BAR_ROW_PX)} label={barLabel} />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={9}>
        <Card size="small" title={t('live.statusChart')}>
          {ring.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('live.noMarks')} />
          ) : (
            <ChartBox option={ringOption} height={220} label={ringLabel} />
          )}
        </Card>
      </Col>
    </Row>
  );
}
