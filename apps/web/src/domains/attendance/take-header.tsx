import { HistoryOutlined, QrcodeOutlined, UndoOutlined } from '@ant-design/icons';
import type { Roster } from '@lyceum/contract';
import { Alert, Button, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useLang } from '../../shell/i18n';
import { statusName } from './attendance-api';
import type { Choices } from './take-state';
import { statusCounts } from './take-state';
import { useTakeTexts } from './take-texts';

// Why the roll call cannot be taken now (before it opens, after it closes, or not the caller's).
function WindowNote({ roster }: { roster: Roster }) {
  const { t } = useTakeTexts();
  if (roster.session.canTake) return null;
  const now = Date.now();
  const text =
    now < Date.parse(roster.opensAt)
      ? t('attendanceTake.opensAt', { time: dayjs(roster.opensAt).format('YYYY-MM-DD HH:mm') })
      : now > Date.parse(roster.closesAt)
        ? t('attendanceTake.closedAt', { time: dayjs(roster.closesAt).format('YYYY-MM-DD HH:mm') })
        : t('attendanceTake.readOnly');
  return <Alert type="info" showIcon title={text} className="att-take-note" />;
}

// "28 Present · 2 Absent · 1 Late", each in its kind's colour, read out when it changes.
export function CountsLine({ roster, choices }: { roster: Roster; choices: Choices }) {
  const { t } = useTakeTexts();
  const lang = useLang();
  const counts = statusCounts(roster, choices);
  return (
    <p className="att-counts" aria-live="polite" data-testid="take-counts">
      {counts.map(({ status, count }, i) => (
        <span key={status.id} className={`att-count att-kind-text-${status.kind}`}>
          {i > 0 && <span className="att-count-sep"> · </span>}
          {t('attendanceTake.countItem', { count, name: statusName(status, lang) })}
        </span>
      ))}
    </p>
  );
}

interface Props {
  roster: Roster;
  choices: Choices;
  onAllPresent: () => void;
  onQr: () => void;
  onHistory: () => void;
}

// The lesson (title, class, time, venue, who took it), the counts, and the page's actions.
export function TakeHeader({ roster, choices, onAllPresent, onQr, onHistory }: Props) {
  const { t } = useTakeTexts();
  const lang = useLang();
  const s = roster.session;
  const start = dayjs(s.startsAt);
  const defaultStatus = roster.statuses.find((x) => x.id === roster.defaultStatusId);
  const defaultName = defaultStatus ? statusName(defaultStatus, lang) : '';
  return (
    <header className="att-take-head">
      <div className="att-take-title">
        <Typography.Title level={4} className="att-take-h">
          {s.title} · {s.teamName}
        </Typography.Title>
        <Typography.Text type="secondary" className="att-take-when">
          {t('attendanceTake.when', {
            day: start.format('YYYY-MM-DD ddd'),
            from: start.format('HH:mm'),
            to: dayjs(s.endsAt).format('HH:mm'),
          })}
          {s.venueName && <> · {t('attendanceTake.venue', { name: s.venueName })}</>}
          {' · '}
          {t('attendanceTake.teacher', { name: s.teacherName })}
        </Typography.Text>
        <Typography.Text type="secondary" className="att-take-when">
          {s.takenAt && s.takenByName
            ? t('attendanceTake.takenBy', { name: s.takenByName, time: dayjs(s.takenAt).format('MM-DD HH:mm') })
            : t('attendanceTake.notTakenYet')}
          {s.qrOpen && (
            <Tag color="green" className="att-qr-tag">
              {t('attendanceTake.qrOpenTag')}
            </Tag>
          )}
        </Typography.Text>
      </div>
      <WindowNote roster={roster} />
      {roster.office && s.canTake && <Alert type="warning" showIcon title={t('attendanceTake.office')} />}
      <div className="att-take-bar">
        <CountsLine roster={roster} choices={choices} />
        <div className="att-take-actions">
          <Tooltip title={t('attendanceTake.allPresentHint', { status: defaultName })}>
            <Button icon={<UndoOutlined />} disabled={!s.canTake} onClick={onAllPresent}>
              {t('attendanceTake.allPresent')}
            </Button>
          </Tooltip>
          <Button icon={<QrcodeOutlined />} disabled={!s.canTake} onClick={onQr}>
            {s.qrOpen ? t('attendanceTake.qrShowAgain') : t('attendanceTake.qr')}
          </Button>
          <Button icon={<HistoryOutlined />} onClick={onHistory}>
            {t('attendanceTake.history')}
          </Button>
        </div>
      </div>
    </header>
  );
}
