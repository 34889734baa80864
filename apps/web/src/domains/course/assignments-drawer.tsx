import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type Assignment, type Course, CourseStatus, courseRangeLabels, labelOf } from '@lyceum/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Empty, Space, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useConfirm } from '../../crud/confirm';
import { useLang } from '../../shell/i18n';
import { useIsMobile } from '../../shell/layout/use-device';
import { usePermission } from '../../shell/permission';
import { shortMoment } from '../../shell/time-format';
import { AssignModal } from './assign-modal';
import { COURSE_KEY, courseCalls } from './course-api';
import { useLearnerTexts } from './learner-texts';

// Who a course is assigned to: each assignment's targets, how many students it reaches now, whether
// it is required and by when; assignments are added and removed here.
export function AssignmentsPanel({
  course,
  onChanged,
}: {
  course: Pick<Course, 'id' | 'title' | 'status'>;
  onChanged?: () => void;
}) {
  const { t } = useLearnerTexts();
  const lang = useLang();
  const client = useQueryClient();
  const confirm = useConfirm();
  const { message } = App.useApp();
  const canUpdate = usePermission(['course:update']);
  const [adding, setAdding] = useState(false);
  const key = [COURSE_KEY, 'assignments', course.id];
  const assignments = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => courseCalls.assignments(course.id, { signal }),
  });
  const changed = async () => {
    await client.invalidateQueries({ queryKey: [COURSE_KEY] });
    onChanged?.();
  };
  const archived = course.status === CourseStatus.Archived;

  const remove = (a: Assignment) =>
    confirm({
      title: t('courseLearners.unassignConfirm', { targets: a.targets.join(t('courseLearners.listJoin')) }),
      content: t('courseLearners.unassignHint'),
      danger: true,
      okText: t('courseLearners.unassign'),
      onOk: async () => {
        const { removed } = await courseCalls.unassign(a.id);
        message.success(t('courseLearners.unassigned', { count: removed }));
        await changed();
      },
    });

  const columns: TableColumnsType<Assignment> = [
    {
      title: t('courseLearners.targets'),
      key: 'targets',
      render: (_: unknown, a) => (
        <div>
          <Tag>{labelOf(courseRangeLabels, a.rangeType, lang)}</Tag>
          <Typography.Paragraph
            ellipsis={{ rows: 2, tooltip: a.targets.join(t('courseLearners.listJoin')) }}
            style={{ margin: '4px 0 0' }}
          >
            {a.targets.join(t('courseLearners.listJoin')) || '—'}
          </Typography.Paragraph>
        </div>
      ),
    },
    { title: t('courseLearners.studentsCount'), dataIndex: 'students', width: 90, align: 'right' },
    {
      title: t('courseLearners.requiredLabel'),
      dataIndex: 'required',
      width: 96,
      render: (r: boolean) => (
        <Tag color={r ? 'blue' : 'default'}>{t(r ? 'courseLearners.required' : 'courseLearners.elective')}</Tag>
      ),
    },
    {
      title: t('courseLearners.dueTime'),
      dataIndex: 'dueTime',
      width: 120,
      render: (v: string | null) => (v ? shortMoment(v) : t('courseLearners.noDue')),
    },
    ...(canUpdate
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            width: 70,
            render: (_: unknown, a: Assignment) => (
              <Tooltip title={t('courseLearners.unassign')}>
                <Button
                  type="link"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`${t('courseLearners.unassign')} ${a.targets.join(', ')}`}
                  onClick={() => remove(a)}
                />
              </Tooltip>
            ),
          },
        ]
      : []),
  ];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      {course.status === CourseStatus.Draft && (
        <Alert type="info" showIcon title={t('courseLearners.draftAssignHint')} />
      )}
      {canUpdate && (
        <Button type="primary" icon={<PlusOutlined />} disabled={archived} onClick={() => setAdding(true)}>
          {t('courseLearners.addAssignment')}
        </Button>
      )}
      <Table<Assignment>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={assignments.data}
        loading={assignments.isFetching}
        pagination={false}
        scroll={{ x: 520 }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('courseLearners.noAssignments')} />,
        }}
      />
      {adding && (
        <AssignModal
          courseId={course.id}
          onClose={() => setAdding(false)}
          onDone={() => {
            setAdding(false);
            void changed();
          }}
        />
      )}
    </Space>
  );
}

// The assignments as a drawer over the course list.
export function AssignmentsDrawer({
  course,
  onClose,
  onChanged,
}: {
  course: Course | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useLearnerTexts();
  const isMobile = useIsMobile();
  return (
    <Drawer
      open={!!course}
      onClose={onClose}
      title={course ? t('courseLearners.assignmentsTitle', { name: course.title }) : ''}
      size={isMobile ? '100%' : 720}
      destroyOnHidden
    >
      {course && <AssignmentsPanel course={course} onChanged={onChanged} />}
    </Drawer>
  );
}
