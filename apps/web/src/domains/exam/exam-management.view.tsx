import {
  CalendarOutlined,
  CheckCircleOutlined,
  FieldTimeOutlined,
  StopOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import {
  type Exam,
  ExamState,
  ExamStatus,
  examMeta,
  examStateLabels,
  examStatusLabels,
  labelOf,
  type ResourceMeta,
  registrationModeLabels,
  zExamCreate,
} from '@lyceum/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDuration } from '../../crud/duration';
import { useKitTexts } from '../../crud/i18n';
import { ResourceScreen } from '../../crud/resource-screen';
import type { RowAction } from '../../crud/row-actions';
import { useLang } from '../../shell/i18n';
import { useTabLocation } from '../../shell/layout/tabs-store';
import { usePermission } from '../../shell/permission';
import { useVenues } from '../../ui/lookups';
import { CandidatesDrawer } from './candidates-drawer';
import { CancelExamModal, ExtendExamModal } from './exam-action-modals';
import { ExamEditor } from './exam-editor';
import { useExamTexts } from './exam-texts';
import { PublishDialog } from './publish-dialog';

const meta: ResourceMeta = { ...examMeta, permission: 'exam' };
const SCHEDULING_PATH = '/exam/scheduling';

// A window in two short lines: the day, then the times ("2026-06-10" / "09:00–11:00"); a window over
// several days has its start, then its end.
function windowLines(start: string, end: string): [string, string] {
  const from = dayjs(start);
  const to = dayjs(end);
  if (from.isSame(to, 'day')) return [from.format('YYYY-MM-DD'), `${from.format('HH:mm')}–${to.format('HH:mm')}`];
  return [`${from.format('YYYY-MM-DD HH:mm')} –`, to.format('YYYY-MM-DD HH:mm')];
}

const isDraft = (e: Exam) => e.state === ExamState.Draft;
const notEnded = (e: Exam) => e.status !== ExamStatus.Ended;
// Extend moves a published exam; cancel calls off a draft or a published exam, until it has ended.
const extendable = (e: Exam) => e.state === ExamState.Published && notEnded(e);
const cancellable = (e: Exam) => e.state !== ExamState.Cancelled && notEnded(e);

// Exam management: the exams with their window, place, candidates and state; drafts are edited and
// published (after a conflict check), published ones extended or cancelled, candidates adjusted.
export default function ExamManagementView() {
  const { t } = useExamTexts();
  const { t: tk } = useKitTexts();
  const lang = useLang();
  const navigate = useNavigate();
  const client = useQueryClient();
  const venues = useVenues();
  // The scheduling calendar links here with ?keyword=<exam name>.
  const keyword = useTabLocation()?.query.keyword;
  const canPublish = usePermission(['exam:publish']);
  const canAdjust = usePermission(['exam:update']);
  const canSchedule = usePermission(['examSchedule:page']);
  const [publishing, setPublishing] = useState<Exam | null>(null);
  const [cancelling, setCancelling] = useState<Exam | null>(null);
  const [extending, setExtending] = useState<Exam | null>(null);
  const [candidatesOf, setCandidatesOf] = useState<Exam | null>(null);

  const venueName = (id: number | null) => venues.data?.find((v) => v.id === id)?.name;
  // After an action of a dialog: close it and fetch the exams again (the list, the calendar).
  const done = (close: () => void) => () => {
    close();
    void client.invalidateQueries({ queryKey: ['exam'] });
  };

  const rowActions: RowAction<Exam>[] = [
    {
      key: 'publish',
      label: t('exam.publish'),
      icon: <CheckCircleOutlined />,
      allowed: canPublish,
      disabled: (e) => !isDraft(e) && t('exam.publishDraftsOnly'),
      onClick: setPublishing,
    },
    {
      key: 'candidates',
      label: t('exam.candidates'),
      icon: <TeamOutlined />,
      onClick: setCandidatesOf,
    },
    {
      key: 'extend',
      label: t('exam.extend'),
      icon: <FieldTimeOutlined />,
      allowed: canPublish,
      disabled: (e) => !extendable(e) && t('exam.extendLock'),
      onClick: setExtending,
    },
    {
      key: 'cancel',
      label: t('exam.cancel'),
      icon: <StopOutlined />,
      danger: true,
      allowed: canPublish,
      disabled: (e) => !cancellable(e) && t('exam.cancelLock'),
      onClick: setCancelling,
    },
  ];

  const columns = (base: TableColumnsType<Exam>): TableColumnsType<Exam> => {
    const byKey = (key: string) => base.find((c) => c.key === key);
    return [
      {
        // The one column without a width: it takes the room the others leave, and names wrap.
        ...byKey('name'),
        width: undefined,
        ellipsis: false,
        render: (name: string, e) => (
          <div>
            <div className="exam-name">{name}</div>
            <Typography.Text type="secondary" className="exam-sub">
              {byKey('paperId')?.render?.(e.paperId, e, 0) as ReactNode}
            </Typography.Text>
          </div>
        ),
      },
      {
        key: 'windowStart',
        dataIndex: 'windowStart',
        title: t('exam.window'),
        width: 170,
        sorter: true,
        render: (_: unknown, e) => {
          const [first, second] = windowLines(e.windowStart, e.windowEnd);
          return (
            <div>
              <div>{first}</div>
              <Typography.Text type="secondary" className="exam-sub">
                {second} · {formatDuration(e.durationMinutes, tk)}
              </Typography.Text>
            </div>
          );
        },
      },
      {
        key: 'place',
        title: t('exam.place'),
        width: 140,
        render: (_: unknown, e) =>
          e.venueId !== null
            ? (venueName(e.venueId) ?? `#${e.venueId}`)
            : e.virtualRoomId
              ? `${t('exam.virtualRoom')} ${e.virtualRoomId}`
              : '—',
      },
      {
        key: 'candidateCount',
        title: t('exam.candidates'),
        width: 130,
        render: (_: unknown, e) => (
          <div>
            {/* A draft's candidates are resolved when it is published. */}
            <div>{e.state === ExamState.Draft ? '—' : e.candidateCount}</div>
            <Typography.Text type="secondary" className="exam-sub">
              {labelOf(registrationModeLabels, e.registrationMode, lang)}
              {e.pendingCount > 0 && ` · ${t('exam.pending', { count: e.pendingCount })}`}
            </Typography.Text>
          </div>
        ),
      },
      {
        key: 'state',
        title: t('exam.state'),
        width: 150,
        render: (_: unknown, e) => (
          <Space size={4} wrap>
            <Tag color={examStateLabels[e.state].color}>{labelOf(examStateLabels, e.state, lang)}</Tag>
            {e.state === ExamState.Published && (
              <Tag color={examStatusLabels[e.status].color}>{labelOf(examStatusLabels, e.status, lang)}</Tag>
            )}
          </Space>
        ),
      },
    ];
  };

  return (
    <ResourceScreen<Exam>
      key={keyword ?? ''}
      meta={meta}
      schema={zExamCreate}
      slots={{
        emptyText: t('exam.empty'),
        createLabel: t('exam.create'),
        initialFilters: keyword ? { keyword } : undefined,
        filterFormName: 'exam-filter',
        // Below this the table scrolls sideways, so the name (the column without a width) keeps about
        // 200 px on narrow screens; wider ones give it all the room left.
        scrollX: 1100,
        filters: ({ keyword: keywordItem, fields }) => (
          <>
            {keywordItem}
            {fields.state}
            {fields.status}
            {fields.venueId}
            {fields.registrationMode}
          </>
        ),
        columns,
        rowActions,
        editLock: (e) => !isDraft(e) && t('exam.editDraftsOnly'),
        deleteLock: (e) => !(isDraft(e) || e.state === ExamState.Cancelled) && t('exam.deleteLock'),
        deleteConfirm: (e) => ({ title: t('exam.deleteConfirm', { name: e.name }) }),
        canSelect: (e) => isDraft(e) || e.state === ExamState.Cancelled,
        toolbar: () =>
          canSchedule && (
            <Button icon={<CalendarOutlined />} onClick={() => navigate(SCHEDULING_PATH)}>
              {t('exam.calendar')}
            </Button>
          ),
        editor: ({ editing, close, saved }) => <ExamEditor editing={editing} onClose={close} onSaved={saved} />,
      }}
    >
      <PublishDialog
        exam={publishing}
        onClose={() => setPublishing(null)}
        onPublished={done(() => setPublishing(null))}
      />
      <CancelExamModal exam={cancelling} onClose={() => setCancelling(null)} onDone={done(() => setCancelling(null))} />
      <ExtendExamModal exam={extending} onClose={() => setExtending(null)} onDone={done(() => setExtending(null))} />
      <CandidatesDrawer exam={candidatesOf} canAdjust={canAdjust} onClose={() => setCandidatesOf(null)} />
    </ResourceScreen>
  );
}
