import { LockOutlined } from '@ant-design/icons';
import { type Learner, type LessonState, labelOf, learnerStatusLabels } from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Empty, Progress, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useLang } from '../../shell/i18n';
import { useIsMobile } from '../../shell/layout/use-device';
import { shortMoment } from '../../shell/time-format';
import { COURSE_KEY, courseCalls } from './course-api';
import { useLearnerTexts } from './learner-texts';

// One learner's lessons: done, in progress, locked, and what is still missing for each.
export function LearnerLessonsDrawer({
  courseId,
  learner,
  titles,
  onClose,
}: {
  courseId: number;
  learner: Learner | null;
  titles: Map<number, string>;
  onClose: () => void;
}) {
  const { t } = useLearnerTexts();
  const lang = useLang();
  const isMobile = useIsMobile();
  const userId = learner?.userId ?? null;
  const lessons = useQuery({
    queryKey: [COURSE_KEY, 'learnerLessons', courseId, userId],
    queryFn: ({ signal }) => courseCalls.learnerLessons(courseId, userId as number, { signal }),
    enabled: userId !== null,
  });
  const numbered = new Map([...titles.keys()].map((id, i) => [id, i + 1]));

  const columns: TableColumnsType<LessonState> = [
    {
      title: t('courseLearners.lesson'),
      key: 'lesson',
      render: (_: unknown, s) => (
        <span>
          {numbered.has(s.lessonId) && `${numbered.get(s.lessonId)}. `}
          {titles.get(s.lessonId) ?? t('courseLearners.lessonId', { id: s.lessonId })}
          {s.locked && (
            <Typography.Text type="secondary" className="course-sub">
              <LockOutlined /> {t('courseLearners.lockedBy', { names: s.lockedBy.join(t('courseLearners.listJoin')) })}
            </Typography.Text>
          )}
        </span>
      ),
    },
    {
      title: t('courseLearners.status'),
      dataIndex: 'status',
      width: 100,
      render: (v: LessonState['status']) => (
        <Tag color={learnerStatusLabels[v].color}>{labelOf(learnerStatusLabels, v, lang)}</Tag>
      ),
    },
    {
      title: t('courseLearners.progress'),
      dataIndex: 'percent',
      width: 130,
      render: (p: number, s) => (
        <Progress
          percent={Math.round(p)}
          size="small"
          status={p >= 100 ? 'success' : 'normal'}
          aria-label={t('courseLearners.progressOf', { name: titles.get(s.lessonId) ?? `#${s.lessonId}` })}
        />
      ),
    },
    {
      title: t('courseLearners.missing'),
      key: 'missing',
      width: 200,
      render: (_: unknown, s) =>
        s.completedAt ? (
          <Typography.Text type="secondary">
            {t('courseLearners.doneAt', { time: shortMoment(s.completedAt) })}
          </Typography.Text>
        ) : (
          (s.missing ?? '—')
        ),
    },
    {
      title: t('courseLearners.quizScore'),
      dataIndex: 'quizScore',
      width: 90,
      align: 'right',
      render: (v: number | null) => v ?? '—',
    },
  ];

  return (
    <Drawer
      open={!!learner}
      onClose={onClose}
      title={
        learner
          ? t('courseLearners.lessonsTitle', { name: learner.realName, progress: Math.round(learner.progress) })
          : ''
      }
      size={isMobile ? '100%' : 820}
      destroyOnHidden
    >
      <Table<LessonState>
        rowKey="lessonId"
        size="small"
        columns={columns}
        dataSource={lessons.data}
        loading={lessons.isFetching}
        pagination={false}
        scroll={{ x: 640 }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('courseLearners.noLessonsYet')} />,
        }}
      />
    </Drawer>
  );
}
