import {
  type EnumLabel,
  examLogTypeLabels,
  labelOf,
  type MonitorRow,
  reviewDecisionLabels,
  type TimelineEntry,
} from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Empty, Image, Skeleton, Space, Tag, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { useLang } from '../../shell/i18n';
import { useIsMobile } from '../../shell/layout/use-device';
import { type DialogKind, personName } from './monitor-actions';
import { MONITOR_KEY, monitorTimeline, POLL_MS, PROGRESS_MS } from './monitor-api';
import { agoParts, clockText, timeLeftNow } from './monitor-clock';
import { agoText, candidateActions, PaperStatusTag } from './monitor-columns';
import { useMonitorTexts } from './monitor-texts';

// antd's Timeline takes a colour name; the labels' tag colours map onto the nearest one.
const DOT: Record<EnumLabel['color'] & string, string> = {
  default: 'gray',
  processing: 'blue',
  success: 'green',
  warning: 'orange',
  error: 'red',
};
const dotColour = (label: EnumLabel) => DOT[label.color ?? 'default'] ?? 'gray';

const TIME = 'HH:mm:ss';
const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';
// A device time this far from the server's receipt is worth pointing out (a wrong clock, a late batch).
const DRIFT_MS = 5000;

interface Props {
  examId: number;
  target: MonitorRow | null;
  shown: boolean;
  // The board's stream is live: changes to this candidate arrive as they happen.
  live: boolean;
  now: number;
  // The server's clock at this tick, as the board last read it (the timeline's reply carries none).
  serverNow: number | null;
  canManage: boolean;
  onClose: () => void;
  openDialog: (kind: DialogKind, rows: MonitorRow[]) => void;
  collect: (rows: MonitorRow[]) => void;
}

// One event: its type, when the device says it happened and when the server got it, the detail,
// and the snapshot's thumbnail (click to enlarge).
function EntryBody({ entry }: { entry: TimelineEntry }) {
  const { t } = useMonitorTexts();
  const lang = useLang();
  const label = examLogTypeLabels[entry.type];
  const drift = Math.abs(entry.receivedAt - entry.at) > DRIFT_MS;
  return (
    <div className="monitor-entry" data-testid="timeline-entry">
      <div className="monitor-entry-head">
        <Tag color={label.color}>{labelOf(examLogTypeLabels, entry.type, lang)}</Tag>
        <time dateTime={new Date(entry.at).toISOString()}>{dayjs(entry.at).format(TIME)}</time>
        <Typography.Text type={drift ? 'warning' : 'secondary'} className="monitor-sub-inline">
          {t('monitor.receivedAt', { time: dayjs(entry.receivedAt).format(TIME) })}
        </Typography.Text>
      </div>
      {entry.detail && <div className="monitor-entry-detail">{entry.detail}</div>}
      {entry.fileUrl && (
        <Image
          src={entry.fileUrl}
          width={120}
          className="monitor-thumb"
          alt={t('monitor.snapshotAt', { time: dayjs(entry.at).format(TIME) })}
        />
      )}
    </div>
  );
}

// One candidate's proctoring timeline in time order, with their state, the last message sent to
// them, the review decision, and the actions on them.
export function TimelineDrawer({
  examId,
  target,
  shown,
  live,
  now,
  serverNow,
  canManage,
  onClose,
  openDialog,
  collect,
}: Props) {
  const { t } = useMonitorTexts();
  const lang = useLang();
  const isMobile = useIsMobile();
  const userId = target?.userId ?? null;
  const query = useQuery({
    queryKey: [MONITOR_KEY, 'timeline', examId, userId],
    // The first read of a timeline says why it failed; the polls after it fail quietly.
    queryFn: ({ signal, client }) =>
      monitorTimeline(examId, userId as number, {
        signal,
        silent: client.getQueryData([MONITOR_KEY, 'timeline', examId, userId]) !== undefined,
      }),
    enabled: userId !== null,
    refetchInterval: shown && userId !== null ? (live ? PROGRESS_MS : POLL_MS) : false,
  });
  const data = query.data?.data;
  const receivedAt = query.data?.receivedAt ?? now;
  // The row as the timeline last read it (fresher than the board's), else the board's.
  const row = data && data.row.userId === userId ? data.row : target;
  const entries = data ? [...data.entries].sort((a, b) => a.at - b.at || a.id - b.id) : [];
  const left = row?.timeLeftMs == null ? null : timeLeftNow(row.timeLeftMs, receivedAt, now);

  const {
    addTime,
    notice,
    collect: collectOne,
    reopen,
    abnormal,
    review,
  } = candidateActions({
    t,
    canManage,
    openDialog,
    collect,
  });
  const actions = row && canManage && (
    <Space wrap size={8}>
      {[addTime, notice, collectOne, reopen, abnormal, review].map((a) => (
        <Button
          key={a.key}
          size="small"
          danger={a.danger}
          icon={a.icon}
          disabled={!!a.disabled?.(row)}
          onClick={() => a.onClick(row)}
        >
          {a.label}
        </Button>
      ))}
    </Space>
  );

  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      size={isMobile ? '100%' : 600}
      title={row ? t('monitor.timelineOf', { name: personName(row) }) : ''}
      destroyOnHidden
    >
      {row && (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions
            size="small"
            column={isMobile ? 1 : 2}
            items={[
              { key: 'user', label: t('monitor.userName'), children: row.userName },
              {
                key: 'class',
                label: t('monitor.classSeat'),
                children:
                  [row.className, row.seatNo !== null && t('monitor.seatNo', { seat: row.seatNo })]
                    .filter(Boolean)
                    .join(' · ') || '—',
              },
              {
                key: 'status',
                label: t('monitor.status'),
                children: <PaperStatusTag status={row.paperStatus} lang={lang} />,
              },
              { key: 'answered', label: t('monitor.answered'), children: `${row.answered}/${row.total}` },
              {
                key: 'left',
                label: t('monitor.timeLeft'),
                children: (
                  <>
                    {left === null ? '—' : clockText(left)}
                    {row.extraMinutes > 0 && ` (${t('monitor.extraMinutes', { count: row.extraMinutes })})`}
                  </>
                ),
              },
              {
                key: 'seen',
                label: t('monitor.lastSeen'),
                children:
                  row.lastSeen === null || serverNow === null ? '—' : agoText(agoParts(row.lastSeen, serverNow), t),
              },
            ]}
          />
          {actions}
          {data?.review && (
            <Alert
              type={data.review.decision === 1 ? 'success' : 'error'}
              showIcon
              title={t('monitor.reviewDecision', {
                decision: labelOf(reviewDecisionLabels, data.review.decision, lang),
              })}
              description={
                <>
                  <div>{data.review.note}</div>
                  <Typography.Text type="secondary" className="monitor-sub">
                    {t('monitor.reviewBy', {
                      name: data.review.reviewerName ?? '—',
                      time: dayjs(data.review.at).format(DATE_TIME),
                    })}
                  </Typography.Text>
                </>
              }
            />
          )}
          {data?.notice && (
            <Alert
              type="info"
              showIcon
              title={t('monitor.lastNotice', { time: dayjs(data.notice.at).format(DATE_TIME) })}
              description={data.notice.text}
            />
          )}
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('monitor.events')}
          </Typography.Title>
          {!data ? (
            <Skeleton active />
          ) : entries.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('monitor.noEvents')} />
          ) : (
            <Image.PreviewGroup>
              <Timeline
                items={entries.map((e) => ({
                  key: e.id,
                  color: dotColour(examLogTypeLabels[e.type]),
                  content: <EntryBody entry={e} />,
                }))}
              />
            </Image.PreviewGroup>
          )}
        </Space>
      )}
    </Drawer>
  );
}
