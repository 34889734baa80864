import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { type LiveClassRow, LiveProviderKind } from '@lyceum/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Skeleton, Space, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { useLang } from '../../../shell/i18n';
import { useIsMobile } from '../../../shell/layout/use-device';
import { usePermission } from '../../../shell/permission';
import { ApiError } from '../../../shell/request';
import { errorSentence } from '../../../shell/server-error';
import { TIME } from '../../../ui/portal-format';
import { LIVE_KEY, liveCalls } from '../live-api';
import { PhaseTag } from '../live-detail';
import { useLiveTexts, whenLines } from '../live-words';
import { ImportPanel } from './import-panel';
import { ParticipantsTable } from './participants-table';
import { RecordingsPanel } from './recordings-panel';
import { ReportCharts, SummaryTiles, thresholdMinutes } from './report-charts';

// A refusal has been toasted by the request client.
const quiet = () => undefined;

// The post-session pack of a live class, kept on it for good: the figures, minutes per participant
// against the present line, the statuses, every participant with their mark (a teacher may correct a
// student's, with a reason), the recordings, the CSV export, and for an external link the import of
// its service's participant list.
export function ReportDrawer({ row, onClose }: { row: LiveClassRow | null; onClose: () => void }) {
  const { t } = useLiveTexts();
  const lang = useLang();
  const isMobile = useIsMobile();
  const client = useQueryClient();
  const canManage = usePermission(['liveClass:create', 'liveClass:all']);
  const canExport = usePermission(['liveClass:export']);
  const id = row?.id ?? null;
  const report = useQuery({
    queryKey: [LIVE_KEY, 'report', id],
    queryFn: ({ signal }) => liveCalls.report(id as number, { signal }),
    enabled: id !== null,
    retry: false,
  });
  const statuses = useQuery({
    queryKey: ['attendanceStatus', 'list'],
    queryFn: ({ signal }) => liveCalls.statuses({ signal }),
    enabled: id !== null,
    staleTime: 60_000,
  });
  const data = report.data;
  const live = data?.liveClass ?? row;
  const manage = canManage && !!live?.manageable;
  const err = report.error;

  let body = null;
  if (report.isPending) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (!data)
    body = (
      <Alert
        type="info"
        showIcon
        title={t('live.reportUnavailable')}
        description={err instanceof ApiError ? errorSentence(err.detail, err.message) : undefined}
      />
    );
  else {
    const list = statuses.data ?? [];
    const external = data.liveClass.providerKind === LiveProviderKind.ExternalLink;
    body = (
      <Tabs
        items={[
          {
            key: 'attendance',
            label: t('live.tabAttendance'),
            children: (
              <Space orientation="vertical" size={12} style={{ width: '100%' }}>
                <SummaryTiles report={data} />
                <Typography.Text type="secondary">
                  {data.liveClass.reportAt
                    ? t('live.reportAt', {
                        time: dayjs(data.liveClass.reportAt).format(TIME),
                        count: thresholdMinutes(data),
                        percent: data.liveClass.presentPercent,
                      })
                    : t('live.reportPending')}
                </Typography.Text>
                <ReportCharts report={data} statuses={list} />
                <ParticipantsTable report={data} statuses={list} canOverride={manage} />
              </Space>
            ),
          },
          {
            key: 'recordings',
            label: t('live.tabRecordings', { count: data.recordings.length }),
            children: <RecordingsPanel report={data} canManage={manage} />,
          },
          ...(external && manage
            ? [{ key: 'import', label: t('live.tabImport'), children: <ImportPanel liveClassId={data.liveClass.id} /> }]
            : []),
        ]}
      />
    );
  }

  return (
    <Drawer
      title={live ? t('live.reportTitle', { name: live.title }) : ''}
      open={row !== null}
      onClose={onClose}
      size={isMobile ? '100%' : 1040}
      destroyOnHidden
      extra={
        <Space>
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('common.refresh')}
            onClick={() => void client.invalidateQueries({ queryKey: [LIVE_KEY, 'report', id] })}
          />
          {canExport && data && (
            <Button
              icon={<DownloadOutlined />}
              onClick={() => liveCalls.exportReport(data.liveClass.id, lang).catch(quiet)}
            >
              {t('live.exportCsv')}
            </Button>
          )}
        </Space>
      }
    >
      {live && (
        <Space size={[8, 4]} wrap className="live-report-head">
          <PhaseTag row={live} />
          <Typography.Text>{whenLines(live.startsAt, live.endsAt).join(' ')}</Typography.Text>
          <Typography.Text type="secondary">
            {[live.teamNames.join(', '), live.teacherNames.join(', ')].filter(Boolean).join(' · ')}
          </Typography.Text>
        </Space>
      )}
      {body}
    </Drawer>
  );
}
