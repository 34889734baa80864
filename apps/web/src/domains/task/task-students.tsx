import { BellOutlined, DownloadOutlined, EditOutlined, EyeOutlined, UndoOutlined } from '@ant-design/icons';
import {
  FINAL_PAPER_STATUSES,
  labelOf,
  type Page,
  PaperStatus,
  paperStatusLabels,
  type Task,
  type TaskCounts,
  TaskStatus,
  type TaskStudent,
  taskUserStatusLabels,
} from '@lyceum/contract';
import { App, Button, Drawer, Space, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useConfirm } from '../../crud/confirm';
import { ExportProgress } from '../../crud/export-progress';
import { CheckFilter, EnumFilter, KeywordFilter } from '../../crud/filter-fields';
import type { Paged } from '../../crud/resource-api';
import { ResourceListPage, useSelection } from '../../crud/resource-list-page';
import { Explained } from '../../crud/row-actions';
import { usePagedList } from '../../crud/use-paged-list';
import { useLang } from '../../shell/i18n';
import { useIsMobile } from '../../shell/layout/use-device';
import { usePermission } from '../../shell/permission';
import type { Cancel } from '../../shell/request';
import { shortMoment } from '../../shell/time-format';
import { ClassFilter } from '../../ui/class-filter';
import { formatMoment } from '../../ui/moment-input';
import { points } from '../marking/marked-question';
import { type Returning, ReturnWorkModal } from './return-work';
import { useAudienceText } from './task-actions';
import { TASK_KEY, type TaskStudentFilter, taskActions, taskMarkPath, taskStudents } from './task-api';
import { TaskCountsChart } from './task-counts-chart';
import { useTaskTexts } from './task-texts';
import './task.css';

type StudentRow = TaskStudent & { id: number };
type StudentPage = Page<StudentRow> & { counts?: TaskCounts };

const handedIn = (s: TaskStudent) => FINAL_PAPER_STATUSES.includes(s.paperStatus);

// The students of one task: how far they are (a chart of the counts), and a table of each one's
// status, hand-ins and score; handed-in work can be opened, marked, returned for a redo, exported.
export function TaskStudents({ task, onLeave }: { task: Task; onLeave?: () => void }) {
  const { t } = useTaskTexts();
  const lang = useLang();
  const navigate = useNavigate();
  const audience = useAudienceText();
  const canMark = usePermission(['task:mark']);
  const canExport = usePermission(['task:export']);
  const canRemind = usePermission(['task:publish']);
  const confirm = useConfirm();
  const { message } = App.useApp();
  const selection = useSelection();
  const [returning, setReturning] = useState<Returning[] | null>(null);
  const [exportId, setExportId] = useState<number | null>(null);
  const fetchPage = async (req: Paged<TaskStudentFilter>, c: Cancel): Promise<StudentPage> => {
    const page = await taskStudents(task.id, req, c);
    return { ...page, list: page.list.map((s) => ({ ...s, id: s.userId })) };
  };
  const list = usePagedList<StudentRow, TaskStudentFilter>(`${TASK_KEY}`, fetchPage, {}, { students: task.id });
  // Every page carries the task's counts; the row's own until the first page is in.
  const counts = (list.data as StudentPage | undefined)?.counts ?? task.counts;
  const rows = list.data?.list ?? [];
  const go = (path: string) => {
    onLeave?.();
    navigate(path);
  };
  const examId = task.examId;
  // Those who have not handed it in get a notice in their inbox.
  const remind = () =>
    confirm({
      title: t('task.remindTitle', { name: task.name }),
      content: t('task.remindHint'),
      okText: t('task.remind'),
      onOk: async () => {
        const { sent } = await taskActions.remind(task.id);
        message.success(t('task.reminded', { count: sent }));
      },
    });

  const columns: TableColumnsType<StudentRow> = [
    {
      title: t('task.student'),
      key: 'student',
      width: 150,
      render: (_: unknown, s) => (
        <div>
          <div>{s.realName}</div>
          <Typography.Text type="secondary" className="task-sub">
            {s.userName}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('task.class'),
      dataIndex: 'teamName',
      width: 120,
      ellipsis: { showTitle: true },
      render: (v: string | null) => v ?? '—',
    },
    {
      // The task's status, then where the paper stands.
      title: t('task.status'),
      key: 'status',
      width: 140,
      render: (_: unknown, s) => (
        <Space orientation="vertical" size={4}>
          <Tag color={taskUserStatusLabels[s.status].color}>{labelOf(taskUserStatusLabels, s.status, lang)}</Tag>
          {s.paperStatus !== PaperStatus.NotStarted && (
            <Tag color={paperStatusLabels[s.paperStatus].color} aria-label={t('task.paperStatus')}>
              {labelOf(paperStatusLabels, s.paperStatus, lang)}
            </Tag>
          )}
        </Space>
      ),
    },
    {
      title: t('task.opened'),
      dataIndex: 'openedAt',
      width: 110,
      render: (v: string | null) => (v ? shortMoment(v) : '—'),
    },
    {
      title: t('task.handedIn'),
      key: 'handedInAt',
      width: 120,
      render: (_: unknown, s) =>
        s.handedInAt ? (
          <div>
            <div>{shortMoment(s.handedInAt)}</div>
            {s.late && <Tag color="warning">{t('task.late')}</Tag>}
          </div>
        ) : s.late ? (
          <Tag color="error">{t('task.overdue')}</Tag>
        ) : (
          '—'
        ),
    },
    {
      title: t('task.score'),
      key: 'score',
      width: 110,
      align: 'right',
      render: (_: unknown, s) =>
        s.score === null ? (
          '—'
        ) : (
          <div>
            <div>{`${points(s.score)} / ${points(s.maxScore ?? 0)}`}</div>
            {s.rawScore !== null && s.rawScore !== s.score && (
              <Typography.Text type="secondary" className="task-sub">
                {t('task.rawScore', { score: points(s.rawScore) })}
              </Typography.Text>
            )}
          </div>
        ),
    },
    {
      title: t('task.pending'),
      dataIndex: 'pending',
      width: 90,
      align: 'right',
      render: (n: number) => (n > 0 ? <Tag color="warning">{n}</Tag> : 0),
    },
    {
      // Hand-ins out of those allowed, then how often the work came back for a redo (the note as a hint).
      title: t('task.handIns'),
      dataIndex: 'handIns',
      width: 110,
      align: 'right',
      render: (n: number, s) => (
        <div>
          <div>{`${n} / ${task.attemptsAllowed}`}</div>
          {s.earlierScores.length > 0 && (
            <Typography.Text type="secondary" className="task-sub" data-testid="earlier-scores">
              {t('task.earlierScores', { list: s.earlierScores.map((x) => (x === null ? '—' : x)).join(' · ') })}
            </Typography.Text>
          )}
          {s.returnedCount > 0 && (
            <Typography.Text type="secondary" className="task-sub">
              {s.returnNote ? (
                <Tooltip title={t('task.returnNoteIs', { note: s.returnNote })}>
                  <span className="task-note-mark">{t('task.returnedTimes', { count: s.returnedCount })}</span>
                </Tooltip>
              ) : (
                t('task.returnedTimes', { count: s.returnedCount })
              )}
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 100,
      render: (_: unknown, s) =>
        examId !== null &&
        s.attemptId !== null && (
          <Space size={0}>
            <Tooltip title={t('task.openPaper')}>
              <Button
                type="link"
                icon={<EyeOutlined />}
                aria-label={`${t('task.openPaper')} ${s.realName}`}
                onClick={() =>
                  s.attemptId !== null && go(taskMarkPath(task.id, examId, { attemptId: s.attemptId, read: 1 }))
                }
              />
            </Tooltip>
            {canMark && handedIn(s) && (
              <Tooltip title={t('task.markPaper')}>
                <Button
                  type="link"
                  icon={<EditOutlined />}
                  aria-label={`${t('task.markPaper')} ${s.realName}`}
                  onClick={() => s.attemptId !== null && go(taskMarkPath(task.id, examId, { attemptId: s.attemptId }))}
                />
              </Tooltip>
            )}
          </Space>
        ),
    },
  ];

  const chosen = rows.filter((r) => selection.selected.includes(r.id));
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <div className="task-students-head">
        <TaskCountsChart counts={counts} />
        <div>
          <Typography.Paragraph style={{ marginBottom: 4 }}>{audience(task)}</Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
            {t('task.dueAt', { time: formatMoment(task.dueTime) })}
            {task.lateUntil && ` · ${t('task.lateUntilShort', { time: formatMoment(task.lateUntil) })}`}
          </Typography.Paragraph>
          {counts.toMark > 0 && <Tag color="warning">{t('task.toMark', { count: counts.toMark })}</Tag>}
        </div>
      </div>
      <ResourceListPage<StudentRow, TaskStudentFilter>
        list={list}
        columns={columns}
        selectable={canMark}
        selection={selection}
        canSelect={handedIn}
        emptyText={t(
          Object.values(list.filters).some((v) => v !== undefined) ? 'task.noStudentMatches' : 'task.noStudents',
        )}
        filterFormName={`task-students-${task.id}`}
        toFilter={(v) => ({
          keyword: (v.keyword as string | undefined)?.trim() || undefined,
          status: v.status as TaskStudentFilter['status'],
          teamId: v.teamId as number | undefined,
          late: v.late === true || undefined,
          toMark: v.toMark === true || undefined,
        })}
        filterFields={
          <>
            <KeywordFilter label={t('task.keyword')} placeholder={t('task.studentKeyword')} width={170} />
            <EnumFilter name="status" label={t('task.status')} labels={taskUserStatusLabels} width={130} />
            <ClassFilter label={t('task.class')} width={150} searchable />
            <CheckFilter name="late">{t('task.lateOnly')}</CheckFilter>
            <CheckFilter name="toMark">{t('task.toMarkOnly')}</CheckFilter>
          </>
        }
        toolbar={
          <>
            {canMark && (
              <Button
                icon={<UndoOutlined />}
                disabled={chosen.length === 0}
                onClick={() => setReturning(chosen.map((s) => ({ userId: s.userId, name: s.realName })))}
              >
                {chosen.length ? t('task.returnSelected', { count: chosen.length }) : t('task.returnForRedo')}
              </Button>
            )}
            {canExport && (
              <Button
                icon={<DownloadOutlined />}
                onClick={() =>
                  void taskActions
                    .exportStudents(task.id, list.filters)
                    .then((r) => setExportId(r.exportId))
                    .catch(() => undefined)
                }
              >
                {t('task.exportStudents')}
              </Button>
            )}
            {canRemind &&
              (task.status === TaskStatus.Published ? (
                <Button icon={<BellOutlined />} onClick={remind}>
                  {t('task.remind')}
                </Button>
              ) : (
                <Explained why={t('task.remindLock')}>
                  <Button icon={<BellOutlined />} disabled style={{ pointerEvents: 'none' }}>
                    {t('task.remind')}
                  </Button>
                </Explained>
              ))}
          </>
        }
      />
      {returning && (
        <ReturnWorkModal
          task={task}
          students={returning}
          onClose={() => setReturning(null)}
          onDone={() => {
            setReturning(null);
            selection.setSelected([]);
            void list.reload();
          }}
        />
      )}
      {exportId !== null && (
        <ExportProgress
          exportId={exportId}
          title={{ en: `Students of "${task.name}"`, zh: `“${task.name}”的学生` }}
          onClose={() => setExportId(null)}
        />
      )}
    </Space>
  );
}

// The students view as a drawer over the tasks list or the marking page.
export function TaskStudentsDrawer({ task, onClose }: { task: Task | null; onClose: () => void }) {
  const { t } = useTaskTexts();
  const isMobile = useIsMobile();
  return (
    <Drawer
      open={!!task}
      onClose={onClose}
      title={task ? t('task.studentsTitle', { name: task.name }) : ''}
      size={isMobile ? '100%' : 1160}
      destroyOnHidden
    >
      {task && <TaskStudents task={task} onLeave={onClose} />}
    </Drawer>
  );
}
