import { PlusOutlined } from '@ant-design/icons';
import { type Course, courseStatusLabels, labelOf } from '@lyceum/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  Badge,
  Button,
  Form,
  Progress,
  Select,
  type TableColumnsType,
  Tag,
  Tooltip,
  TreeSelect,
  Typography,
} from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { EnumFilter, KeywordFilter } from '../../crud/filter-fields';
import { ResourceListPage } from '../../crud/resource-list-page';
import { RowActionButtons } from '../../crud/row-actions';
import { usePagedList } from '../../crud/use-paged-list';
import { useLang } from '../../shell/i18n';
import { usePermission } from '../../shell/permission';
import { toTreeOptions, useSubjects } from '../../ui/lookups';
import { AssignmentsDrawer } from './assignments-drawer';
import { COURSE_KEY, type CourseFilter, courseApi, editPath } from './course-api';
import { CourseExportButton } from './course-export';
import { useCourseRowActions } from './course-row-actions';
import { useCourseTexts } from './course-texts';
import { PublishDialog } from './publish-dialog';
import './course.css';

type Kind = 'required' | 'elective';

// The names of the course-category tree by id.
function useCategoryNames(): Map<number, string> {
  const subjects = useSubjects();
  return useMemo(() => {
    const names = new Map<number, string>();
    const walk = (nodes: typeof subjects.data) => {
      for (const n of nodes ?? []) {
        names.set(n.id, n.name);
        walk(n.children);
      }
    };
    walk(subjects.data);
    return names;
  }, [subjects.data]);
}

// Course learning: the courses, their lessons and learners; each opens in the editor, publishes with
// a preview of what it does to the learners' progress, is assigned, archived or deleted.
export default function CourseListView() {
  const { t } = useCourseTexts();
  const lang = useLang();
  const navigate = useNavigate();
  const client = useQueryClient();
  const subjects = useSubjects();
  const categories = useCategoryNames();
  const canCreate = usePermission(['course:create']);
  const list = usePagedList<Course, CourseFilter>(COURSE_KEY, (req) => courseApi.page(req), {});
  const refresh = () => void client.invalidateQueries({ queryKey: [COURSE_KEY] });
  const { actions, publishing, setPublishing, assigning, setAssigning } = useCourseRowActions(refresh);

  const columns: TableColumnsType<Course> = [
    {
      // The one column without a width: it takes the room the others leave; the code goes under the title.
      title: t('course.titleAndCode'),
      dataIndex: 'title',
      render: (title: string, course) => (
        <div>
          <Button
            type="link"
            className="course-title-link"
            aria-label={t('course.open', { name: title })}
            onClick={() => navigate(editPath(course.id))}
          >
            {title}
          </Button>
          <Typography.Text type="secondary" className="course-sub">
            {course.code}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('course.category'),
      dataIndex: 'categoryId',
      width: 100,
      ellipsis: { showTitle: true },
      render: (id: number | null) => (id === null ? '—' : (categories.get(id) ?? `#${id}`)),
    },
    {
      title: t('course.kindShort'),
      dataIndex: 'required',
      width: 84,
      render: (required: boolean) => (
        <Tag color={required ? 'blue' : 'default'}>{t(required ? 'course.required' : 'course.elective')}</Tag>
      ),
    },
    { title: t('course.creditHours'), dataIndex: 'creditHours', width: 80, align: 'right' },
    {
      title: t('course.lessons'),
      key: 'lessons',
      width: 92,
      align: 'right',
      render: (_: unknown, c) => c.counts.lessons,
    },
    {
      title: t('course.completedOfLearners'),
      key: 'learners',
      width: 116,
      render: (_: unknown, c) => <LearnerCount course={c} />,
    },
    {
      title: t('course.status'),
      dataIndex: 'status',
      width: 90,
      render: (s: Course['status']) => (
        <Tag color={courseStatusLabels[s].color}>{labelOf(courseStatusLabels, s, lang)}</Tag>
      ),
    },
    {
      title: t('course.version'),
      key: 'version',
      width: 132,
      render: (_: unknown, c) => <VersionCell course={c} />,
    },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 34 * actions.length + 16,
      render: (_: unknown, c) => <RowActionButtons actions={actions} row={c} name={c.title} />,
    },
  ];

  return (
    <>
      <ResourceListPage<Course, CourseFilter>
        list={list}
        columns={columns}
        emptyText={t(Object.keys(list.filters).length ? 'course.noMatches' : 'course.empty')}
        filterFormName="course-filter"
        toFilter={(v) => ({
          keyword: (v.keyword as string | undefined)?.trim() || undefined,
          status: v.status as CourseFilter['status'],
          categoryId: v.categoryId as number | undefined,
          required: v.kind === undefined ? undefined : (v.kind as Kind) === 'required',
        })}
        filterFields={
          <>
            <KeywordFilter label={t('course.keyword')} placeholder={t('course.keywordHint')} width={200} />
            <EnumFilter name="status" label={t('course.status')} labels={courseStatusLabels} width={130} />
            <Form.Item name="categoryId" label={t('course.category')}>
              <TreeSelect
                allowClear
                showSearch={{ treeNodeFilterProp: 'title' }}
                placeholder={t('common.all')}
                loading={subjects.isPending}
                treeData={toTreeOptions(subjects.data)}
                style={{ width: 180 }}
              />
            </Form.Item>
            <Form.Item name="kind" label={t('course.kind')}>
              <Select<Kind>
                allowClear
                placeholder={t('common.all')}
                style={{ width: 130 }}
                options={[
                  { value: 'required', label: t('course.required') },
                  { value: 'elective', label: t('course.elective') },
                ]}
              />
            </Form.Item>
          </>
        }
        toolbar={
          <>
            {canCreate && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(editPath())}>
                {t('course.create')}
              </Button>
            )}
            <CourseExportButton filter={list.filters} />
          </>
        }
      />
      {publishing && (
        <PublishDialog
          course={publishing}
          onClose={() => setPublishing(null)}
          onDone={() => {
            setPublishing(null);
            refresh();
          }}
        />
      )}
      <AssignmentsDrawer course={assigning} onClose={() => setAssigning(null)} onChanged={refresh} />
    </>
  );
}

// The version learners have, and a badge when the draft has changed since.
export function VersionCell({ course }: { course: Course }) {
  const { t } = useCourseTexts();
  return (
    <span className="course-version">
      {course.version === 0 ? (
        <Typography.Text type="secondary">{t('course.neverPublished')}</Typography.Text>
      ) : (
        <span>{t('course.versionN', { n: course.version })}</span>
      )}
      {course.draftChanged && course.version > 0 && (
        <Tooltip title={t('course.draftChangedHint')}>
          <Badge status="warning" text={t('course.draftChanged')} className="course-draft-badge" />
        </Tooltip>
      )}
    </span>
  );
}

// Learners who completed the course out of all its learners, with a thin bar of the share.
function LearnerCount({ course }: { course: Course }) {
  const { t } = useCourseTexts();
  const { learners, completed } = course.counts;
  return (
    <div>
      <span className="course-count">{learners ? t('course.completedOf', { completed, learners }) : '—'}</span>
      {learners > 0 && (
        <Progress
          percent={Math.round((completed / learners) * 100)}
          showInfo={false}
          size="small"
          aria-label={t('course.completedShare', { completed, learners })}
        />
      )}
    </div>
  );
}
