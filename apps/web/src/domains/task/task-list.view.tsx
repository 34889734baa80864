import {
  AuditOutlined,
  CheckCircleOutlined,
  FieldTimeOutlined,
  FileTextOutlined,
  RollbackOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import {
  labelOf,
  type ResourceMeta,
  TASK_PHASES,
  type Task,
  type TaskPhase,
  TaskStatus,
  TaskType,
  taskMeta,
  taskStatusLabels,
  taskTypeLabels,
  zTaskCreate,
} from '@lyceum/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Select, Space, type TableColumnsType, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ResourceScreen } from '../../crud/resource-screen';
import type { RowAction } from '../../crud/row-actions';
import { useLang } from '../../shell/i18n';
import { usePermission } from '../../shell/permission';
import { shortMoment } from '../../shell/time-format';
import { ClassFilter } from '../../ui/class-filter';
import { ExtendTaskModal, useAudienceText, useTaskTransitions } from './task-actions';
import { TASK_KEY, taskMarkPath } from './task-api';
import { TaskEditor } from './task-editor';
import { TaskProgress } from './task-progress';
import { TaskStudentsDrawer } from './task-students';
import { usePhaseLabel, useTaskTexts } from './task-texts';
import './task.css';

const meta: ResourceMeta = { ...taskMeta, permission: 'task' };

const PHASE_COLORS: Record<TaskPhase, string> = {
  upcoming: 'default',
  open: 'processing',
  late: 'warning',
  closed: 'default',
};

const isPublished = (task: Task) => task.status === TaskStatus.Published;
// Students' papers keep a task that ran: it can be withdrawn, not deleted.
const hasWork = (task: Task) => task.examId !== null && task.counts.notStarted < task.counts.students;

// Tasks: homework given to grades, classes or students with a due time; drafts are edited and
// published, published ones extended or withdrawn, their students followed and their work marked.
export default function TaskListView() {
  const { t } = useTaskTexts();
  const lang = useLang();
  const navigate = useNavigate();
  const client = useQueryClient();
  const phaseLabel = usePhaseLabel();
  const audience = useAudienceText();
  const canPublish = usePermission(['task:publish']);
  const canMark = usePermission(['task:mark']);
  const [extending, setExtending] = useState<Task | null>(null);
  const [studentsOf, setStudentsOf] = useState<Task | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: [TASK_KEY] });
  const transitions = useTaskTransitions(refresh);

  const rowActions: RowAction<Task>[] = [
    {
      key: 'publish',
      label: t('task.publish'),
      icon: <CheckCircleOutlined />,
      allowed: canPublish,
      onClick: transitions.publish,
      // A published task is withdrawn from the same place.
      swap: (task) =>
        isPublished(task)
          ? { key: 'withdraw', label: t('task.withdraw'), icon: <RollbackOutlined />, onClick: transitions.withdraw }
          : undefined,
    },
    {
      key: 'extend',
      label: t('task.extend'),
      icon: <FieldTimeOutlined />,
      allowed: canPublish,
      disabled: (task) => !isPublished(task) && t('task.extendLock'),
      onClick: setExtending,
    },
    {
      key: 'students',
      label: t('task.studentsAction'),
      icon: <TeamOutlined />,
      disabled: (task) => task.status === TaskStatus.Draft && t('task.studentsLock'),
      onClick: setStudentsOf,
    },
    {
      key: 'mark',
      label: t('task.mark'),
      icon: <AuditOutlined />,
      allowed: canMark,
      // Course and knowledge-base tasks have nothing to mark.
      hidden: (task) => task.taskType !== TaskType.Paper,
      disabled: (task) => task.examId === null && t('task.markLock'),
      onClick: (task) => task.examId !== null && navigate(taskMarkPath(task.id, task.examId)),
    },
  ];

  const columns = (base: TableColumnsType<Task>): TableColumnsType<Task> => {
    const byKey = (key: string) => base.find((c) => c.key === key);
    return [
      {
        // The one column without a width: it takes the room the others leave, and names wrap.
        ...byKey('name'),
        width: undefined,
        ellipsis: false,
        render: (name: string, task) => (
          <div>
            <div className="task-name">{name}</div>
            <Typography.Text type="secondary" className="task-sub">
              {task.taskType === TaskType.Paper && task.paperId !== null ? (
                <>
                  <FileTextOutlined aria-label={t('task.paperId')} />{' '}
                  {byKey('paperId')?.render?.(task.paperId, task, 0) as ReactNode}
                </>
              ) : (
                [labelOf(taskTypeLabels, task.taskType, lang), task.items.map((i) => i.title).join(', ')]
                  .filter(Boolean)
                  .join(': ')
              )}
            </Typography.Text>
          </div>
        ),
      },
      {
        key: 'rangeType',
        title: t('task.givenTo'),
        width: 150,
        render: (_: unknown, task) => (
          <Typography.Paragraph ellipsis={{ rows: 2, tooltip: audience(task) }} style={{ margin: 0 }}>
            {audience(task)}
          </Typography.Paragraph>
        ),
      },
      {
        key: 'dueTime',
        dataIndex: 'dueTime',
        title: t('task.when'),
        width: 176,
        sorter: true,
        render: (_: unknown, task) => (
          <div>
            <div>{t('task.startsAt', { time: shortMoment(task.startTime) })}</div>
            <div>{t('task.dueAt', { time: shortMoment(task.dueTime) })}</div>
            {task.lateAccepted && task.lateUntil && (
              <Typography.Text type="secondary" className="task-sub">
                {task.latePenalty > 0
                  ? t('task.lateUntilPenalty', { time: shortMoment(task.lateUntil), penalty: task.latePenalty })
                  : t('task.lateUntilShort', { time: shortMoment(task.lateUntil) })}
              </Typography.Text>
            )}
          </div>
        ),
      },
      {
        key: 'status',
        title: t('task.status'),
        width: 110,
        render: (_: unknown, task) => (
          <Space size={4} wrap>
            <Tag color={taskStatusLabels[task.status].color}>{labelOf(taskStatusLabels, task.status, lang)}</Tag>
            {isPublished(task) && <Tag color={PHASE_COLORS[task.phase]}>{phaseLabel(task.phase)}</Tag>}
          </Space>
        ),
      },
      {
        key: 'progress',
        title: t('task.progress'),
        width: 170,
        render: (_: unknown, task) =>
          task.status === TaskStatus.Draft ? (
            <Typography.Text type="secondary">{t('task.notGivenYet')}</Typography.Text>
          ) : (
            <TaskProgress counts={task.counts} />
          ),
      },
    ];
  };

  return (
    <ResourceScreen<Task>
      meta={meta}
      schema={zTaskCreate}
      slots={{
        emptyText: t('task.empty'),
        createLabel: t('task.create'),
        filterFormName: 'task-filter',
        transfer: 'export',
        // Below this the table scrolls sideways, so the name keeps about 200 px on narrow screens.
        scrollX: 1120,
        filters: ({ keyword, fields }) => (
          <>
            {keyword}
            {fields.status}
            {fields.taskType}
            <Form.Item name="phase" label={t('task.phase')}>
              <Select
                allowClear
                placeholder={t('common.all')}
                style={{ width: 150 }}
                options={TASK_PHASES.map((p) => ({ value: p, label: phaseLabel(p) }))}
              />
            </Form.Item>
            <ClassFilter label={t('task.class')} width={180} searchable />
          </>
        ),
        columns,
        rowActions,
        editLock: (task) => isPublished(task) && t('task.editLock'),
        deleteLock: (task) => (isPublished(task) ? t('task.deleteLock') : hasWork(task) && t('task.deleteWorkLock')),
        deleteConfirm: (task) => ({ title: t('task.deleteConfirm', { name: task.name }) }),
        canSelect: (task) => !isPublished(task) && !hasWork(task),
        editor: ({ editing, close, saved }) => <TaskEditor editing={editing} onClose={close} onSaved={saved} />,
      }}
    >
      <ExtendTaskModal
        task={extending}
        onClose={() => setExtending(null)}
        onDone={() => {
          setExtending(null);
          refresh();
        }}
      />
      <TaskStudentsDrawer task={studentsOf} onClose={() => setStudentsOf(null)} />
    </ResourceScreen>
  );
}
