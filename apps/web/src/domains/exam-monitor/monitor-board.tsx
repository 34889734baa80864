import { FieldTimeOutlined, MessageOutlined, ReloadOutlined, StopOutlined } from '@ant-design/icons';
import {
  type MonitorRow,
  type PaperStatus,
  paperStatusLabels,
  type StudentExamStatus,
  studentExamStatusLabels,
} from '@lyceum/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Empty,
  Form,
  Input,
  Result,
  Skeleton,
  Switch,
  Table,
  Tabs,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FilterBar } from '../../crud/filter-buttons';
import { EnumFilter } from '../../crud/filter-fields';
import { flexibleColumns, selectionLabels, tableScrollWidth, useSelection } from '../../crud/resource-list-page';
import { useLang } from '../../shell/i18n';
import { useIsMobile } from '../../shell/layout/use-device';
import { usePermission } from '../../shell/permission';
import { ApiError } from '../../shell/request';
import { ActionDialog, type DialogKind, type OpenDialog, useCollect } from './monitor-actions';
import {
  MONITOR_KEY,
  MONITOR_PATH,
  type MonitorFilter,
  monitorPage,
  POLL_MS,
  PROGRESS_MS,
  useBoardPush,
  useMonitorExam,
} from './monitor-api';
import { serverNowAt, useTick } from './monitor-clock';
import { monitorColumns } from './monitor-columns';
import { MonitorHeader } from './monitor-header';
import { useMonitorTexts } from './monitor-texts';
import { StatusSummary, type SummaryPick } from './status-summary';
import { TimelineDrawer } from './timeline-drawer';

const PAGE_SIZES = [20, 50, 100, 200];

interface FilterValues {
  userName?: string;
  paperStatus?: PaperStatus;
  studentStatus?: StudentExamStatus;
  virtualRoomId?: string;
  flagged?: boolean;
}

// The filter form's values as the request's filter: empty text and an unticked "flagged" mean none.
function toFilter(v: FilterValues): MonitorFilter {
  return {
    userName: v.userName?.trim() || undefined,
    paperStatus: v.paperStatus ?? undefined,
    studentStatus: v.studentStatus ?? undefined,
    virtualRoomId: v.virtualRoomId?.trim() || undefined,
    flagged: v.flagged || undefined,
  };
}

// One exam as it runs: the counts by status, every candidate with progress, time left, last seen and
// events, their timelines, and (with examLog:manage) the actions on them.
export function MonitorBoard({ examId, shown }: { examId: number; shown: boolean }) {
  const { t } = useMonitorTexts();
  const { t: tc } = useTranslation();
  const labels = selectionLabels<MonitorRow>(tc, (r) => r.realName ?? r.userName);
  const lang = useLang();
  const navigate = useNavigate();
  const canManage = usePermission(['examLog:manage']);
  const isMobile = useIsMobile();
  const exam = useMonitorExam(examId);
  const [form] = Form.useForm<FilterValues>();
  const [queue, setQueue] = useState(false);
  const [filters, setFilterState] = useState<MonitorFilter>({});
  const [paging, setPaging] = useState({ pageIndex: 1, pageSize: 50 });
  const { selected, setSelected } = useSelection();
  const [timelineOf, setTimelineOf] = useState<MonitorRow | null>(null);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const now = useTick(shown);
  // Candidates' changes as they happen; the old polling while the stream is not live.
  const { live } = useBoardPush(examId, shown);

  // The review queue: flagged attempts still without a decision, whatever the other filters say.
  const request = { ...filters, ...(queue ? { flagged: true } : {}), ...paging };
  const queryKey = [MONITOR_KEY, 'page', examId, request];
  const query = useQuery({
    queryKey,
    // The first read of a page says why it failed; the polls after it fail quietly (see PollOptions).
    queryFn: ({ signal, client }) =>
      monitorPage(examId, request, { signal, silent: client.getQueryData(queryKey) !== undefined }),
    placeholderData: keepPreviousData,
    refetchInterval: shown ? (live ? PROGRESS_MS : POLL_MS) : false,
  });
  const page = query.data?.data;
  // A refusal while polling (the session ended, the exam is no longer one the caller may watch).
  const refused = page && query.error instanceof ApiError && query.error.code !== 0 ? query.error : null;
  const rows = page?.list ?? [];
  const chosen = rows.filter((r) => selected.includes(r.userId));

  const setFilters = (next: MonitorFilter) => {
    setFilterState(next);
    setPaging((p) => ({ ...p, pageIndex: 1 }));
    setSelected([]);
  };
  const pick = (p: SummaryPick) => {
    const next: FilterValues = {
      ...form.getFieldsValue(),
      paperStatus: p.kind === 'status' ? p.status : undefined,
      flagged: p.kind === 'flagged' ? true : undefined,
    };
    form.setFieldsValue(next);
    setFilters(toFilter(next));
  };
  const clearSelection = () => setSelected([]);
  const collect = useCollect(examId, clearSelection);
  const openDialog = (kind: DialogKind, target: MonitorRow[]) => setDialog({ kind, rows: target });

  // A refused first read (no such exam, or not one the caller may watch) has nothing to show.
  if (!page && query.error instanceof ApiError && exam.data === null) {
    return (
      <Result
        status="404"
        subTitle={t('monitor.noExam')}
        extra={<Button onClick={() => navigate(MONITOR_PATH)}>{t('monitor.backToExams')}</Button>}
      />
    );
  }

  const columns = monitorColumns({
    t,
    lang,
    now,
    receivedAt: query.data?.receivedAt ?? now,
    serverNow: page?.serverNow ?? 0,
    canManage,
    queue,
    compact: isMobile,
    openTimeline: setTimelineOf,
    openDialog,
    collect,
  });
  const filtered = Object.values(filters).some((v) => v !== undefined);
  const count = chosen.length > 0 ? ` (${chosen.length})` : '';
  const none = chosen.length === 0;

  return (
    <div className="monitor-board">
      <MonitorHeader
        examId={examId}
        exam={exam.data}
        loading={exam.isPending}
        receivedAt={query.data?.receivedAt}
        now={now}
        failing={query.isError}
        live={live}
      />
      {refused && (
        <Alert
          type="error"
          showIcon
          title={t('monitor.refused')}
          description={refused.message}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('monitor.retry')}
            </Button>
          }
        />
      )}
      {page ? (
        <StatusSummary
          counts={page.counts}
          paperStatus={filters.paperStatus}
          flagged={Boolean(filters.flagged)}
          onPick={pick}
        />
      ) : (
        <Skeleton.Input active block />
      )}
      <Card size="small">
        <Tabs
          activeKey={queue ? 'queue' : 'all'}
          onChange={(key) => {
            setQueue(key === 'queue');
            setPaging((p) => ({ ...p, pageIndex: 1 }));
            setSelected([]);
          }}
          items={[
            { key: 'all', label: t('monitor.allCandidates') },
            {
              key: 'queue',
              label: page?.counts.flagged
                ? t('monitor.reviewQueueCount', { count: page.counts.flagged })
                : t('monitor.reviewQueue'),
            },
          ]}
        />
        <FilterBar
          form={form}
          name="monitor-filter"
          onSearch={(values) => setFilters(toFilter(values))}
          onReset={() => setFilters({})}
        >
          <Form.Item name="userName" label={t('monitor.userName')}>
            <Input allowClear style={{ width: 160 }} />
          </Form.Item>
          <EnumFilter
            name="paperStatus"
            label={t('monitor.paperStatus')}
            labels={paperStatusLabels}
            width={190}
            placeholder={false}
          />
          <EnumFilter
            name="studentStatus"
            label={t('monitor.studentStatus')}
            labels={studentExamStatusLabels}
            width={160}
            placeholder={false}
          />
          <Form.Item name="virtualRoomId" label={t('monitor.virtualRoom')}>
            <Input allowClear style={{ width: 130 }} />
          </Form.Item>
          {!queue && (
            <Form.Item name="flagged" label={t('monitor.flaggedOnly')} valuePropName="checked">
              <Switch />
            </Form.Item>
          )}
        </FilterBar>
        <div className="toolbar">
          {canManage && (
            <>
              <Button icon={<FieldTimeOutlined />} disabled={none} onClick={() => openDialog('addTime', chosen)}>
                {t('monitor.addTime')}
                {count}
              </Button>
              <Button danger icon={<StopOutlined />} disabled={none} onClick={() => collect(chosen)}>
                {t('monitor.collect')}
                {count}
              </Button>
              <Button icon={<MessageOutlined />} disabled={none} onClick={() => openDialog('notice', chosen)}>
                {t('monitor.sendMessage')}
                {count}
              </Button>
            </>
          )}
          <span className="toolbar-spacer" />
          <Typography.Text type="secondary" className="monitor-shown">
            {page && t('monitor.shownOf', { count: page.total, all: page.counts.candidates })}
          </Typography.Text>
          <Tooltip title={t('monitor.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('monitor.refresh')}
              loading={query.isFetching && !query.isPending}
              onClick={() => void query.refetch()}
            />
          </Tooltip>
        </div>
        <Table<MonitorRow>
          rowKey="userId"
          size="small"
          className="monitor-table"
          columns={flexibleColumns(columns)}
          dataSource={rows}
          loading={query.isPending}
          scroll={{ x: tableScrollWidth(columns as never, canManage) }}
          rowClassName={(r) => (r.flagged ? 'monitor-row-flagged' : '')}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={
                  queue ? t('monitor.queueEmpty') : filtered ? t('monitor.noMatch') : t('monitor.noCandidates')
                }
              />
            ),
          }}
          rowSelection={
            canManage
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys.map(Number)),
                  getTitleCheckboxProps: labels.getTitleCheckboxProps,
                  getCheckboxProps: (r) => ({ 'aria-label': labels.rowLabel(r) }),
                }
              : undefined
          }
          pagination={{
            current: paging.pageIndex,
            pageSize: paging.pageSize,
            total: page?.total ?? 0,
            pageSizeOptions: PAGE_SIZES,
            showSizeChanger: true,
            showTotal: (total) => t('monitor.total', { count: total }),
            onChange: (pageIndex, pageSize) => {
              setPaging({ pageIndex, pageSize });
              setSelected([]);
            },
          }}
        />
      </Card>
      <TimelineDrawer
        examId={examId}
        target={timelineOf}
        shown={shown}
        live={live}
        now={now}
        serverNow={page ? serverNowAt(page.serverNow, query.data?.receivedAt ?? now, now) : null}
        canManage={canManage}
        onClose={() => setTimelineOf(null)}
        openDialog={openDialog}
        collect={collect}
      />
      <ActionDialog
        examId={examId}
        dialog={dialog}
        onClose={() => setDialog(null)}
        onDone={() => {
          setDialog(null);
          clearSelection();
        }}
      />
    </div>
  );
}
