import { ArrowLeftOutlined } from '@ant-design/icons';
import type { MonitorExam } from '@lyceum/contract';
import { Badge, Button, Card, Skeleton, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { formatDuration } from '../../crud/duration';
import { useKitTexts } from '../../crud/i18n';
import { timeWindow } from '../../ui/portal-format';
import { examPlace } from './exam-picker';
import { MONITOR_PATH, PROGRESS_MS } from './monitor-api';
import { agoParts } from './monitor-clock';
import { agoText } from './monitor-columns';
import { useMonitorTexts } from './monitor-texts';

// A board that has not heard from the server for this long says so.
const STALE_MS = 10_000;

interface Props {
  examId: number;
  exam: MonitorExam | null | undefined;
  loading: boolean;
  // performance.now() of the last reply and of this tick.
  receivedAt: number | undefined;
  now: number;
  failing: boolean;
  // Changes are pushed: the page itself is read again only every PROGRESS_MS.
  live: boolean;
}

// The exam being watched (name, window, duration, place), the way back to the exams, and whether the
// board is live: when it last heard from the server, or that it lost the connection.
export function MonitorHeader({ examId, exam, loading, receivedAt, now, failing, live }: Props) {
  const { t } = useMonitorTexts();
  const { t: tk } = useKitTexts();
  const navigate = useNavigate();
  const age = receivedAt === undefined ? null : now - receivedAt;
  const stale = failing || (age !== null && age > (live ? PROGRESS_MS + STALE_MS : STALE_MS));
  return (
    <Card size="small" className="monitor-header">
      <div className="monitor-header-row">
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(MONITOR_PATH)}>
          {t('monitor.backToExams')}
        </Button>
        <div className="monitor-header-title">
          {loading ? (
            <Skeleton.Input active size="small" />
          ) : (
            <Typography.Title level={4} style={{ margin: 0 }}>
              {exam?.name ?? t('monitor.examNo', { id: examId })}
            </Typography.Title>
          )}
          {exam && (
            <Typography.Text type="secondary">
              {[
                timeWindow(exam.windowStart, exam.windowEnd),
                formatDuration(exam.durationMinutes, tk),
                examPlace(exam, (room) => t('monitor.onlineRoom', { room })),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography.Text>
          )}
        </div>
        <output className="monitor-live" aria-live="off" data-push={live ? 'live' : 'polling'}>
          {age === null ? (
            <Badge status="default" text={t('monitor.connecting')} />
          ) : stale ? (
            <Badge status="error" text={t('monitor.connectionLost', { ago: agoText(agoParts(0, age), t) })} />
          ) : (
            <Badge status="processing" text={t('monitor.liveUpdated', { ago: agoText(agoParts(0, age), t) })} />
          )}
        </output>
      </div>
    </Card>
  );
}
