import { DeleteOutlined, EyeInvisibleOutlined, EyeOutlined, PlayCircleOutlined, SyncOutlined } from '@ant-design/icons';
import {
  LiveProviderKind,
  type LiveRecording,
  type LiveReport,
  labelOf,
  RecordingMode,
  RecordingState,
  type RecordingVisibility,
  recordingStateLabels,
  recordingVisibilityLabels,
} from '@lyceum/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Select, Space, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useConfirm } from '../../../crud/confirm';
import { enumOptions } from '../../../crud/filter-fields';
import { useLang } from '../../../shell/i18n';
import { TIME } from '../../../ui/portal-format';
import { LIVE_KEY, liveCalls } from '../live-api';
import { useLiveTexts } from '../live-words';

// The recordings of a live class, each with its own state and visibility (later settings of the
// class do not change them): played, published or unpublished, shown to students or staff only, or
// deleted on the provider (the record stays, marked deleted).
export function RecordingsPanel({ report, canManage }: { report: LiveReport; canManage: boolean }) {
  const { t } = useLiveTexts();
  const lang = useLang();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const client = useQueryClient();
  const live = report.liveClass;
  const reload = () => void client.invalidateQueries({ queryKey: [LIVE_KEY] });
  const bbb = live.providerKind === LiveProviderKind.BigBlueButton;

  async function change(r: LiveRecording, body: { visibility?: RecordingVisibility; published?: boolean }) {
    try {
      await liveCalls.changeRecording(r.id, body);
      message.success(t('live.recordingChanged'));
      reload();
    } catch {
      // The request client has said why.
    }
  }

  async function askProvider() {
    try {
      const found = await liveCalls.fetchRecordings(live.id);
      message.success(t('live.recordingsFound', { count: found.length }));
      reload();
    } catch {
      // The request client has said why.
    }
  }

  const removeRecording = (r: LiveRecording) =>
    confirm({
      title: t('live.deleteRecordingTitle'),
      content: t('live.deleteRecordingText'),
      danger: true,
      onOk: async () => {
        await liveCalls.deleteRecording(r.id);
        message.success(t('live.recordingDeleted'));
        reload();
      },
    });

  const gone = (r: LiveRecording) => r.state === RecordingState.Deleted;
  const columns: TableColumnsType<LiveRecording> = [
    {
      key: 'startedAt',
      title: t('live.recordedAt'),
      width: 150,
      render: (_: unknown, r) => (r.startedAt ? dayjs(r.startedAt).format(TIME) : dayjs(r.createTime).format(TIME)),
    },
    {
      key: 'minutes',
      title: t('live.length'),
      width: 90,
      render: (_: unknown, r) => (r.minutes === null ? '—' : t('live.minutesShort', { count: r.minutes })),
    },
    {
      key: 'state',
      title: t('live.recordingState'),
      width: 110,
      render: (_: unknown, r) => (
        <Tag color={recordingStateLabels[r.state].color}>{labelOf(recordingStateLabels, r.state, lang)}</Tag>
      ),
    },
    {
      key: 'visibility',
      title: t('live.recordingVisibility'),
      width: 180,
      render: (_: unknown, r) =>
        canManage && !gone(r) ? (
          <Select<RecordingVisibility>
            size="small"
            value={r.visibility}
            aria-label={t('live.recordingVisibility')}
            onChange={(visibility) => void change(r, { visibility })}
            options={enumOptions(recordingVisibilityLabels, lang)}
            style={{ width: 160 }}
          />
        ) : (
          labelOf(recordingVisibilityLabels, r.visibility, lang)
        ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_: unknown, r) => (
        <Space size={4} wrap>
          {r.playbackUrl && !gone(r) && (
            <Button
              size="small"
              icon={<PlayCircleOutlined />}
              href={r.playbackUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('live.play')}
            </Button>
          )}
          {canManage && (r.state === RecordingState.Published || r.state === RecordingState.Unpublished) && (
            <Button
              size="small"
              icon={r.state === RecordingState.Published ? <EyeInvisibleOutlined /> : <EyeOutlined />}
              onClick={() => void change(r, { published: r.state !== RecordingState.Published })}
            >
              {r.state === RecordingState.Published ? t('live.unpublish') : t('live.publishRecording')}
            </Button>
          )}
          {canManage && !gone(r) && (
            <Tooltip title={t('live.deleteRecording')}>
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('live.deleteRecording')}
                onClick={() => removeRecording(r)}
              />
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];

  const empty = live.recordingMode === RecordingMode.Off ? t('live.recordingsOff') : t('live.recordingsEmpty');
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      {canManage && bbb && (
        <Space wrap>
          <Button icon={<SyncOutlined />} onClick={() => void askProvider()}>
            {t('live.askRecordings')}
          </Button>
          <Typography.Text type="secondary">{t('live.askRecordingsHint')}</Typography.Text>
        </Space>
      )}
      <Table<LiveRecording>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={report.recordings}
        pagination={false}
        scroll={{ x: 700 }}
        locale={{ emptyText: empty }}
        data-testid="live-recordings"
      />
    </Space>
  );
}
