import { LearnerStatus, type LearnerSummary as Summary } from '@lyceum/contract';
import { Card, Col, Empty, Row, Skeleton } from 'antd';
import { useMemo } from 'react';
import { ChartBox } from '../../ui/chart-box';
import { FigureTile } from '../../ui/figure-tile';
import { useLearnerTexts } from './learner-texts';

const STATUS_COLORS = {
  [LearnerStatus.NotStarted]: '#bfbfbf',
  [LearnerStatus.InProgress]: '#1677ff',
  [LearnerStatus.Completed]: '#52c41a',
};
// Room for one lesson's bar (the chart grows with the course).
const BAR_ROW_PX = 30;
const LABEL_CHARS = 18;

const share = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);
const cut = (s: string) => (s.length > LABEL_CHARS ? `${s.slice(0, LABEL_CHARS - 1)}…` : s);

// The course's learners at a glance: counts by status, a ring of the same, and how many have each
// lesson complete (in course order).
export function LearnerSummary({ summary, loading }: { summary: Summary | undefined; loading: boolean }) {
  const { t } = useLearnerTexts();
  const statusOption = useMemo(() => {
    if (!summary) return null;
    const parts = [
      { status: LearnerStatus.NotStarted, name: t('courseLearners.notStarted'), value: summary.notStarted },
      { status: LearnerStatus.InProgress, name: t('courseLearners.inProgress'), value: summary.inProgress },
      { status: LearnerStatus.Completed, name: t('courseLearners.completed'), value: summary.completed },
    ];
    return {
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
      legend: { orient: 'vertical', right: 0, top: 'middle', itemWidth: 10, itemHeight: 10 },
      title: {
        text: String(summary.learners),
        subtext: t('courseLearners.learnersShort'),
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
          label: { show: false },
          data: parts.map((p) => ({
            name: `${p.name} ${p.value}`,
            value: p.value,
            itemStyle: { color: STATUS_COLORS[p.status] },
          })),
        },
      ],
    };
  }, [summary, t]);
  const lessons = summary?.byLesson ?? [];
  const lessonOption = useMemo(() => {
    if (!summary) return null;
    const names = summary.byLesson.map((l, i) => `${i + 1}. ${l.title}`);
    return {
      grid: { left: 8, right: 56, top: 8, bottom: 24, containLabel: true },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      xAxis: { type: 'value', max: 100, axisLabel: { formatter: '{value} %' } },
      yAxis: { type: 'category', inverse: true, data: names, axisLabel: { formatter: cut } },
      series: [
        {
          type: 'bar',
          name: t('courseLearners.completedShare'),
          data: summary.byLesson.map((l) => ({ value: share(l.done, summary.learners), done: l.done })),
          label: { show: true, position: 'right', formatter: '{c} %' },
          itemStyle: { color: STATUS_COLORS[LearnerStatus.Completed] },
        },
      ],
    };
  }, [summary, t]);

  if (loading || !summary) return <Skeleton active paragraph={{ rows: 4 }} />;
  const statusLabel = t('courseLearners.statusChartLabel', {
    notStarted: summary.notStarted,
    inProgress: summary.inProgress,
    completed: summary.completed,
  });
  const lessonLabel = summary.byLesson.map((l, i) => `${i + 1}. ${l.title}: ${l.done}/${summary.learners}`).join('; ');
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24}>
        <Card size="small">
          <div className="course-figures">
            <FigureTile label={t('courseLearners.learners')} value={summary.learners} testId="learners-total" />
            <FigureTile label={t('courseLearners.notStarted')} value={summary.notStarted} />
            <FigureTile label={t('courseLearners.inProgress')} value={summary.inProgress} />
            <FigureTile label={t('courseLearners.completed')} value={summary.completed}>
              <span className="course-sub">{`${share(summary.completed, summary.learners)} %`}</span>
            </FigureTile>
            <FigureTile label={t('courseLearners.overdue')} value={summary.overdue} />
          </div>
        </Card>
      </Col>
      <Col xs={24} lg={9}>
        <Card size="small" title={t('courseLearners.byStatus')}>
          {summary.learners === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('courseLearners.noLearnersYet')} />
          ) : (
            statusOption && <ChartBox option={statusOption} height={200} label={statusLabel} />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={15}>
        <Card size="small" title={t('courseLearners.byLesson')}>
          {!lessons.length || summary.learners === 0 ? (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t(lessons.length ? 'courseLearners.noLearnersYet' : 'courseLearners.noLessonsYet')}
            />
          ) : (
            lessonOption && (
              <ChartBox
                option={lessonOption}
                height={Math.max(200, lessons.length * BAR_ROW_PX + 40)}
                label={t('courseLearners.byLessonLabel', { list: lessonLabel })}
              />
            )
          )}
        </Card>
      </Col>
    </Row>
  );
}
