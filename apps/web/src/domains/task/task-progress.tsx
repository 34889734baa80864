import type { TaskCounts } from '@lyceum/contract';
import { Tag, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { PROGRESS_PARTS, type ProgressPart, progressSegments } from './task-form';
import { useTaskTexts } from './task-texts';

// The four states of a student's task in the colours of their tags (success, error, processing, default).
export const PART_COLORS: Record<ProgressPart, string> = {
  passed: '#389e0d',
  failed: '#cf1322',
  inProgress: '#1677ff',
  notStarted: '#bfbfbf',
};

export function usePartLabels(): Record<ProgressPart, string> {
  const { t } = useTaskTexts();
  return useMemo(
    () => ({
      passed: t('task.passed'),
      failed: t('task.failed'),
      inProgress: t('task.inProgress'),
      notStarted: t('task.notStarted'),
    }),
    [t],
  );
}

// A task's students as one stacked bar (passed, failed, in progress, not started) with the figures
// under it, and how many hand-ins wait for a teacher.
export function TaskProgress({ counts }: { counts: TaskCounts }) {
  const { t } = useTaskTexts();
  const labels = usePartLabels();
  if (counts.students === 0) return <Typography.Text type="secondary">{t('task.noStudentsYet')}</Typography.Text>;
  const segments = progressSegments(counts);
  const summary = PROGRESS_PARTS.map((p) => `${labels[p]} ${counts[p]}`).join(', ');
  return (
    <div className="task-progress">
      <Tooltip
        title={
          <>
            <div>{t('task.studentsCount', { count: counts.students })}</div>
            {PROGRESS_PARTS.map((p) => (
              <div key={p}>{`${labels[p]}: ${counts[p]}`}</div>
            ))}
          </>
        }
      >
        <div className="task-progress-bar" role="img" aria-label={summary}>
          {segments.map((s) => (
            <span key={s.part} style={{ width: `${s.percent}%`, background: PART_COLORS[s.part] }} />
          ))}
        </div>
      </Tooltip>
      <div className="task-progress-figures" aria-hidden="true">
        {PROGRESS_PARTS.map((p) => (
          <span key={p} title={labels[p]}>
            <i style={{ background: PART_COLORS[p] }} />
            {counts[p]}
          </span>
        ))}
      </div>
      {counts.toMark > 0 && (
        <Tag color="warning" className="task-to-mark">
          {t('task.toMark', { count: counts.toMark })}
        </Tag>
      )}
    </div>
  );
}
