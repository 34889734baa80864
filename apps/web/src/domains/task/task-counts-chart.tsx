import type { TaskCounts } from '@lyceum/contract';
import { useMemo } from 'react';
import { ChartBox } from '../../ui/chart-box';
import { PROGRESS_PARTS } from './task-form';
import { PART_COLORS, usePartLabels } from './task-progress';
import { useTaskTexts } from './task-texts';

// A task's students as a ring: passed, failed, in progress and not started, the total in the middle.
export function TaskCountsChart({ counts }: { counts: TaskCounts }) {
  const { t } = useTaskTexts();
  const labels = usePartLabels();
  const label = PROGRESS_PARTS.map((p) => `${labels[p]} ${counts[p]}`).join(', ');
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
      legend: { orient: 'vertical', right: 0, top: 'middle', itemWidth: 10, itemHeight: 10 },
      title: {
        text: String(counts.students),
        subtext: t('task.studentsShort'),
        left: '34%',
        top: '38%',
        textAlign: 'center',
        textStyle: { fontSize: 20 },
        subtextStyle: { fontSize: 12, color: '#595959' },
      },
      series: [
        {
          type: 'pie',
          radius: ['55%', '80%'],
          center: ['35%', '50%'],
          avoidLabelOverlap: true,
          label: { show: false },
          data: PROGRESS_PARTS.map((p) => ({
            name: `${labels[p]} ${counts[p]}`,
            value: counts[p],
            itemStyle: { color: PART_COLORS[p] },
          })),
        },
      ],
    }),
    [counts, labels, t],
  );
  return (
    <div className="task-counts-chart">
      <ChartBox option={option} height={170} label={label} />
    </div>
  );
}
