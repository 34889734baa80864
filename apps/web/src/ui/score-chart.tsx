import { BoxplotChart, LineChart, RadarChart } from 'echarts/charts';
import { RadarComponent } from 'echarts/components';
import type { EChartsCoreOption } from 'echarts/core';
import { use } from 'echarts/core';
import { ChartBox } from './chart-box';

// The dashboard's wrapper registers bars and pies only; score screens add box plots, radars and
// lines here, so the dashboard's chunk stays as small as it was.
use([BoxplotChart, LineChart, RadarChart, RadarComponent]);

export function ScoreChart(props: { option: EChartsCoreOption; height?: number; label: string }) {
  return <ChartBox {...props} />;
}

// Figures as the score screens write them: two decimals at most, rates as percentages.
export const figure = (v: number | null | undefined) =>
  v === null || v === undefined ? '—' : String(Math.round(v * 100) / 100);
export const percent = (v: number | null | undefined) =>
  v === null || v === undefined ? '—' : `${(Math.round(v * 1000) / 10).toFixed(1)} %`;
