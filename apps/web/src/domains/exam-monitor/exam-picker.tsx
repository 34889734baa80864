import { DesktopOutlined, FlagFilled } from '@ant-design/icons';
import type { MonitorExam } from '@lyceum/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Segmented, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { formatDuration } from '../../crud/duration';
import { KeywordFilter } from '../../crud/filter-fields';
import { useKitTexts } from '../../crud/i18n';
import { ResourceListPage } from '../../crud/resource-list-page';
import { usePagedList } from '../../crud/use-paged-list';
import { LinkCell } from '../../ui/link-cell';
import { TIME, timeWindow } from '../../ui/portal-format';
import { EXAMS_KEY, type ExamListFilter, MONITOR_KEY, monitorExams, monitorPath } from './monitor-api';
import { useMonitorTexts } from './monitor-texts';

// The exams' counts move while they run: the list is read again this often while it is shown.
const PICKER_POLL_MS = 10_000;

// Where an exam sits: its venue, else its online room.
export function examPlace(exam: MonitorExam, onlineRoom: (room: string) => string): string | null {
  return exam.venueName ?? (exam.virtualRoomId ? onlineRoom(exam.virtualRoomId) : null);
}

// A window that breaks between its ends, never inside a date.
function WindowText({ start, end }: { start: string; end: string }) {
  if (dayjs(start).isSame(end, 'day')) return <div className="monitor-nowrap">{timeWindow(start, end)}</div>;
  return (
    <div>
      <span className="monitor-nowrap">{dayjs(start).format(TIME)} –</span>{' '}
      <span className="monitor-nowrap">{dayjs(end).format(TIME)}</span>
    </div>
  );
}

// The exams the caller may watch, open now by default, with their live counts; one opens its board.
export function ExamPicker({ shown }: { shown: boolean }) {
  const { t } = useMonitorTexts();
  const { t: tk } = useKitTexts();
  const navigate = useNavigate();
  const client = useQueryClient();
  const list = usePagedList<MonitorExam, ExamListFilter>(EXAMS_KEY, monitorExams, { live: true });
  const { reload } = list;

  useEffect(() => {
    if (!shown) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void reload();
    }, PICKER_POLL_MS);
    return () => clearInterval(timer);
  }, [shown, reload]);

  const open = (exam: MonitorExam) => {
    // The board's header shows the row at once instead of looking the exam up again.
    client.setQueryData([MONITOR_KEY, 'exam', exam.id], exam);
    navigate(monitorPath(exam.id));
  };

  const columns: TableColumnsType<MonitorExam> = [
    {
      title: t('monitor.exam'),
      dataIndex: 'name',
      width: 240,
      render: (name: string, exam) => (
        <LinkCell
          name={name}
          sub={examPlace(exam, (room) => t('monitor.onlineRoom', { room })) ?? t('monitor.noPlace')}
          onOpen={() => open(exam)}
        />
      ),
    },
    {
      title: t('monitor.window'),
      key: 'window',
      width: 200,
      render: (_: unknown, exam) => (
        <div>
          <WindowText start={exam.windowStart} end={exam.windowEnd} />
          <Typography.Text type="secondary" className="monitor-sub">
            {formatDuration(exam.durationMinutes, tk)}
          </Typography.Text>
        </div>
      ),
    },
    { title: t('monitor.candidates'), dataIndex: 'candidates', width: 120, align: 'right' },
    {
      title: t('monitor.answeringNow'),
      dataIndex: 'answering',
      width: 120,
      align: 'right',
      render: (n: number) => (n > 0 ? <Tag color="processing">{n}</Tag> : n),
    },
    { title: t('monitor.endedCount'), dataIndex: 'ended', width: 100, align: 'right' },
    {
      title: t('monitor.flaggedCount'),
      dataIndex: 'flagged',
      width: 100,
      align: 'right',
      render: (n: number) =>
        n > 0 ? (
          <Tag color="error" icon={<FlagFilled />}>
            {n}
          </Tag>
        ) : (
          n
        ),
    },
    {
      title: t('monitor.actions'),
      key: 'actions',
      fixed: 'right',
      width: 120,
      render: (_: unknown, exam) => (
        <Button
          type="link"
          icon={<DesktopOutlined />}
          aria-label={t('monitor.watchExam', { name: exam.name })}
          onClick={() => open(exam)}
        >
          {t('monitor.watch')}
        </Button>
      ),
    },
  ];

  const live = list.filters.live;
  return (
    <div className="monitor-picker">
      <Segmented<'live' | 'all'>
        className="monitor-scope"
        value={live ? 'live' : 'all'}
        options={[
          { value: 'live', label: t('monitor.openNow') },
          { value: 'all', label: t('monitor.allExams') },
        ]}
        onChange={(scope) => list.setFilters({ ...list.filters, live: scope === 'live' })}
      />
      <ResourceListPage<MonitorExam, ExamListFilter>
        list={list}
        columns={columns}
        emptyText={
          list.filters.keyword ? t('monitor.noExamMatches') : live ? t('monitor.noExamOpen') : t('monitor.noExams')
        }
        filterFormName="monitor-exam-filter"
        // The scope lives in the switch above, not in the form: Reset keeps it.
        toFilter={(values) => ({ keyword: values.keyword as string | undefined, live: list.filters.live })}
        filterFields={
          <KeywordFilter label={t('monitor.exam')} placeholder={t('monitor.examPlaceholder')} width={220} />
        }
      />
    </div>
  );
}
