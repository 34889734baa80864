import type { Analysis } from '@lyceum/contract';
import { Empty } from 'antd';
import { useMemo } from 'react';
import { figure, ScoreChart } from '../../ui/score-chart';
import { useReportTexts } from './report-texts';

// Charts print as they are drawn: no animation, so the printed page never catches one half drawn.
const STILL = { animation: false };

export function className(c: { className: string; teamId: number | null }, noClass: string) {
  return c.teamId === null ? noClass : c.className;
}

// How many scored in each tenth of the total.
export function Histogram({ analysis }: { analysis: Analysis }) {
  const { t } = useReportTexts();
  const option = useMemo(
    () => ({
      ...STILL,
      grid: { left: 40, right: 16, top: 24, bottom: 40 },
      tooltip: { trigger: 'axis' },
      xAxis: {
        type: 'category',
        name: t('report.scoreRange'),
        nameLocation: 'middle',
        nameGap: 28,
        data: analysis.histogram.map((b) => `${figure(b.from)}–${figure(b.to)}`),
        axisLabel: { hideOverlap: true },
      },
      yAxis: { type: 'value', minInterval: 1, name: t('report.candidates') },
      series: [
        {
          type: 'bar',
          name: t('report.candidates'),
          data: analysis.histogram.map((b) => b.count),
          label: { show: true, position: 'top' },
        },
      ],
    }),
    [analysis, t],
  );
  return <ScoreChart option={option} height={280} label={t('report.distributionLabel')} />;
}

// Each class's spread of scores side by side.
export function ClassBoxes({ analysis }: { analysis: Analysis }) {
  const { t } = useReportTexts();
  const classes = analysis.classes.filter((c) => c.box !== null);
  const option = useMemo(
    () => ({
      ...STILL,
      grid: { left: 48, right: 16, top: 24, bottom: 48 },
      tooltip: { trigger: 'item' },
      xAxis: {
        type: 'category',
        data: classes.map((c) => className(c, t('report.noClass'))),
        axisLabel: { interval: 0, hideOverlap: true },
      },
      yAxis: { type: 'value', min: 0, max: analysis.maxScore, name: t('report.scoreRange') },
      series: [{ type: 'boxplot', name: t('report.classes'), data: classes.map((c) => c.box) }],
    }),
    [analysis, classes, t],
  );
  return <ScoreChart option={option} height={300} label={t('report.classesLabel')} />;
}

// Mastery of each knowledge point, for the whole exam and each class, as percentages.
export function KnowledgeRadar({ analysis }: { analysis: Analysis }) {
  const { t } = useReportTexts();
  const option = useMemo(() => {
    const pct = (v: number | null) => (v === null ? 0 : Math.round(v * 1000) / 10);
    const named = new Map(analysis.classes.map((c) => [c.teamId, className(c, t('report.noClass'))]));
    const classIds = [...new Set(analysis.knowledge.flatMap((k) => k.byClass.map((b) => b.teamId)))];
    const series = [
      { name: t('report.wholeExam'), value: analysis.knowledge.map((k) => pct(k.mastery)) },
      ...classIds.map((id) => ({
        name: named.get(id) ?? t('report.noClass'),
        value: analysis.knowledge.map((k) => pct(k.byClass.find((b) => b.teamId === id)?.mastery ?? null)),
      })),
    ];
    return {
      ...STILL,
      tooltip: { trigger: 'item' },
      legend: { bottom: 0, type: 'scroll' },
      radar: {
        radius: '62%',
        center: ['50%', '48%'],
        indicator: analysis.knowledge.map((k) => ({ name: k.name, max: 100 })),
        axisName: { overflow: 'truncate', width: 110 },
      },
      series: [{ type: 'radar', name: t('report.mastery'), data: series, areaStyle: { opacity: 0.08 } }],
    };
  }, [analysis, t]);
  if (analysis.knowledge.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('report.noKnowledge')} />;
  return <ScoreChart option={option} height={340} label={t('report.knowledgeLabel')} />;
}
