import {
  ArrowLeftOutlined,
  DownloadOutlined,
  EditOutlined,
  UnorderedListOutlined,
  UsergroupAddOutlined,
} from '@ant-design/icons';
import {
  type Course,
  enrolmentSourceLabels,
  type Learner,
  type LearnerPage,
  labelOf,
  learnerStatusLabels,
} from '@lyceum/contract';
import { Button, Card, Progress, Result, Skeleton, Space, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ExportProgress } from '../../crud/export-progress';
import { EnumFilter, KeywordFilter } from '../../crud/filter-fields';
import type { Paged } from '../../crud/resource-api';
import { ResourceListPage } from '../../crud/resource-list-page';
import { usePagedList } from '../../crud/use-paged-list';
import { useLang } from '../../shell/i18n';
import { usePermission } from '../../shell/permission';
import type { Cancel } from '../../shell/request';
import { shortMoment } from '../../shell/time-format';
import { ClassFilter } from '../../ui/class-filter';
import { AssignmentsDrawer } from './assignments-drawer';
import {
  COURSE_KEY,
  courseCalls,
  coursePaths,
  editPath,
  type LearnerFilter,
  useCourse,
  useCourseIdOfTab,
} from './course-api';
import { LearnerLessonsDrawer } from './learner-lessons-drawer';
import { LearnerSummary } from './learner-summary';
import { useLearnerTexts } from './learner-texts';
import './course.css';

type LearnerRow = Learner & { id: number };
type RowPage = Omit<LearnerPage, 'list'> & { list: LearnerRow[] };

// A course's learners at /baseData/courseLearners?id=: how far they are (figures, a chart per lesson
// and by status), each one's progress, filters, one learner's lessons, and the Excel export.
export default function CourseLearnersView() {
  const { t } = useLearnerTexts();
  const navigate = useNavigate();
  const id = useCourseIdOfTab();
  const course = useCourse(id);
  if (id !== null && course.isPending) return <Skeleton active style={{ padding: 24 }} />;
  if (id === null || !course.data)
    return (
      <Result
        status="404"
        subTitle={t('courseLearners.notFound')}
        extra={<Button onClick={() => navigate(coursePaths.list)}>{t('courseLearners.backToList')}</Button>}
      />
    );
  return <Learners key={id} course={course.data} />;
}

function Learners({ course }: { course: Course }) {
  const { t } = useLearnerTexts();
  const lang = useLang();
  const navigate = useNavigate();
  const canExport = usePermission(['course:export']);
  const [exportId, setExportId] = useState<number | null>(null);
  const [opened, setOpened] = useState<Learner | null>(null);
  const [assigning, setAssigning] = useState(false);
  const fetchPage = async (req: Paged<LearnerFilter>, c: Cancel): Promise<RowPage> => {
    const page = await courseCalls.learners(course.id, req, c);
    return { ...page, list: page.list.map((l) => ({ ...l, id: l.userId })) };
  };
  const list = usePagedList<LearnerRow, LearnerFilter>(COURSE_KEY, fetchPage, {}, { learners: course.id });
  const summary = (list.data as RowPage | undefined)?.summary;
  const filtered = Object.values(list.filters).some((v) => v !== undefined);

  const columns: TableColumnsType<LearnerRow> = [
    {
      title: t('courseLearners.student'),
      key: 'student',
      width: 150,
      render: (_: unknown, l) => (
        <div>
          <div>{l.realName}</div>
          <Typography.Text type="secondary" className="course-sub">
            {l.userName}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('courseLearners.class'),
      dataIndex: 'teamName',
      width: 120,
      ellipsis: { showTitle: true },
      render: (v: string | null) => v ?? '—',
    },
    {
      title: t('courseLearners.source'),
      key: 'source',
      width: 110,
      render: (_: unknown, l) => (
        <Space orientation="vertical" size={2}>
          <Tag>{labelOf(enrolmentSourceLabels, l.source, lang)}</Tag>
          <Typography.Text type="secondary" className="course-sub">
            {t(l.required ? 'courseLearners.required' : 'courseLearners.elective')}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('courseLearners.status'),
      dataIndex: 'status',
      width: 110,
      render: (s: Learner['status']) => (
        <Tag color={learnerStatusLabels[s].color}>{labelOf(learnerStatusLabels, s, lang)}</Tag>
      ),
    },
    {
      title: t('courseLearners.progress'),
      key: 'progress',
      width: 180,
      render: (_: unknown, l) => (
        <div>
          <Progress
            percent={Math.round(l.progress)}
            size="small"
            status={l.progress >= 100 ? 'success' : 'normal'}
            aria-label={t('courseLearners.progressOf', { name: l.realName })}
          />
          <Typography.Text type="secondary" className="course-sub">
            {t('courseLearners.lessonsDone', { done: l.lessonsDone, total: l.lessons })}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('courseLearners.due'),
      dataIndex: 'dueTime',
      width: 120,
      render: (v: string | null, l) =>
        v ? (
          <div>
            <div>{shortMoment(v)}</div>
            {l.completedAt === null && dayjs(v).isBefore(dayjs()) && (
              <Tag color="error">{t('courseLearners.overdue')}</Tag>
            )}
          </div>
        ) : (
          '—'
        ),
    },
    {
      title: t('courseLearners.lastStudy'),
      dataIndex: 'lastStudyAt',
      width: 110,
      render: (v: string | null) => (v ? shortMoment(v) : '—'),
    },
    {
      title: t('courseLearners.completedAt'),
      dataIndex: 'completedAt',
      width: 110,
      render: (v: string | null) => (v ? shortMoment(v) : '—'),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 88,
      render: (_: unknown, l) => (
        <Tooltip title={t('courseLearners.openLessons')}>
          <Button
            type="link"
            icon={<UnorderedListOutlined />}
            aria-label={t('courseLearners.lessonsOf', { name: l.realName })}
            onClick={() => setOpened(l)}
          />
        </Tooltip>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} className="course-learners">
      <Card size="small">
        <div className="course-editor-bar">
          <Tooltip title={t('courseLearners.backToList')}>
            <Button
              type="text"
              icon={<ArrowLeftOutlined />}
              aria-label={t('courseLearners.backToList')}
              onClick={() => navigate(coursePaths.list)}
            />
          </Tooltip>
          <div className="course-editor-title">
            <Typography.Title level={4} style={{ margin: 0 }} ellipsis={{ tooltip: true }}>
              {t('courseLearners.title', { name: course.title })}
            </Typography.Title>
            <Typography.Text type="secondary">
              {course.version > 0
                ? t('courseLearners.versionLine', { n: course.version, lessons: course.counts.lessons })
                : t('courseLearners.neverPublished')}
            </Typography.Text>
          </div>
          <Space wrap className="course-editor-actions">
            <Button icon={<UsergroupAddOutlined />} onClick={() => setAssigning(true)}>
              {t('courseLearners.assignments')}
            </Button>
            <Button icon={<EditOutlined />} onClick={() => navigate(editPath(course.id))}>
              {t('courseLearners.openEditor')}
            </Button>
          </Space>
        </div>
      </Card>
      <LearnerSummary summary={summary} loading={!list.data} />
      <ResourceListPage<LearnerRow, LearnerFilter>
        list={list}
        columns={columns}
        emptyText={t(filtered ? 'courseLearners.noMatches' : 'courseLearners.empty')}
        filterFormName={`course-learners-${course.id}`}
        toFilter={(v) => ({
          keyword: (v.keyword as string | undefined)?.trim() || undefined,
          status: v.status as LearnerFilter['status'],
          source: v.source as LearnerFilter['source'],
          teamId: v.teamId as number | undefined,
        })}
        filterFields={
          <>
            <KeywordFilter
              label={t('courseLearners.keyword')}
              placeholder={t('courseLearners.keywordHint')}
              width={170}
            />
            <EnumFilter name="status" label={t('courseLearners.status')} labels={learnerStatusLabels} width={130} />
            <EnumFilter name="source" label={t('courseLearners.source')} labels={enrolmentSourceLabels} width={130} />
            <ClassFilter label={t('courseLearners.class')} width={160} searchable />
          </>
        }
        toolbar={
          canExport && (
            <Button
              icon={<DownloadOutlined />}
              onClick={() =>
                void courseCalls
                  .learnersExport(course.id, list.filters)
                  .then((r) => setExportId(r.exportId))
                  .catch(() => undefined)
              }
            >
              {t('courseLearners.export')}
            </Button>
          )
        }
      />
      {exportId !== null && (
        <ExportProgress
          exportId={exportId}
          title={{ en: `Learners of "${course.title}"`, zh: `“${course.title}”的学员` }}
          onClose={() => setExportId(null)}
        />
      )}
      <LearnerLessonsDrawer
        courseId={course.id}
        learner={opened}
        titles={new Map((summary?.byLesson ?? []).map((l) => [l.lessonId, l.title]))}
        onClose={() => setOpened(null)}
      />
      <AssignmentsDrawer
        course={assigning ? course : null}
        onClose={() => setAssigning(false)}
        onChanged={() => void list.reload()}
      />
    </Space>
  );
}
