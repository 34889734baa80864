import { ClockCircleOutlined, PlayCircleOutlined, VideoCameraOutlined } from '@ant-design/icons';
import {
  attendanceKindLabels,
  enumValues,
  type Lang,
  LivePhase,
  labelOf,
  livePhaseLabels,
  type MyLiveClass,
} from '@lyceum/contract';
import { Button, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef } from 'react';
import { useLang } from '../shell/i18n';
import { PlainList } from '../shell/plain-list';
import { countdownText, useServerNow } from './countdown';
import { liveCardTexts } from './live-class-texts';
import { TIME, timeWindow } from './portal-format';
import './live-class-line.css';

// One of a member's live classes in a short list (the portal's card, a course's live lesson): what,
// with whom and when; "Join" while it is open, a countdown until it opens, the recordings after it.

interface Props {
  item: MyLiveClass;
  onJoin: (id: number, title: string) => void;
  joining: number | null;
  // The join window has just opened: read the list again (the server says whether one may join).
  onOpened: () => void;
  // Name the course and lesson (the portal; a course's own page does not need them).
  showCourse?: boolean;
}

// The organisation's status as named; the default ones (named as their kinds are in English) in the
// reader's language.
function statusWords(name: string, lang: Lang): string {
  const kind = enumValues(attendanceKindLabels).find((k) => attendanceKindLabels[k].en === name);
  return kind === undefined ? name : labelOf(attendanceKindLabels, kind, lang);
}

const waiting = (item: MyLiveClass) => item.phase === LivePhase.Scheduled && !item.canJoin;

// Ticks while the class waits for its window, and says once when the window has come.
function OpensIn({ opensAt, onOpened }: { opensAt: string; onOpened: () => void }) {
  const { t } = liveCardTexts.useTexts();
  const now = useServerNow(undefined);
  const left = Date.parse(opensAt) - now;
  const told = useRef(false);
  useEffect(() => {
    if (left > 0 || told.current) return;
    told.current = true;
    onOpened();
  }, [left, onOpened]);
  const days = (count: number) => t('liveCard.days', { count });
  return (
    <Typography.Text type="secondary" className="live-line-countdown" data-testid="live-countdown">
      <ClockCircleOutlined />{' '}
      {left > 0 ? t('liveCard.opensIn', { time: countdownText(left, days) }) : t('liveCard.opening')}
    </Typography.Text>
  );
}

function Recordings({ item }: { item: MyLiveClass }) {
  const { t } = liveCardTexts.useTexts();
  return (
    <Space size={4} wrap>
      {item.recordings.map((r, i) => (
        <Button
          key={r.id}
          size="small"
          icon={<PlayCircleOutlined />}
          href={r.playbackUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('liveCard.watchName', { title: item.title })}
        >
          {item.recordings.length > 1 ? t('liveCard.watchN', { n: i + 1 }) : t('liveCard.watch')}
        </Button>
      ))}
    </Space>
  );
}

export function LiveClassLine({ item, onJoin, joining, onOpened, showCourse = false }: Props) {
  const { t } = liveCardTexts.useTexts();
  const lang = useLang();
  const past = item.phase === LivePhase.Ended || item.phase === LivePhase.RecordingReady;
  const course =
    showCourse && item.courseTitle ? [item.courseTitle, item.lessonTitle].filter(Boolean).join(' › ') : null;
  const mine =
    past && item.myMinutes !== null
      ? item.myStatus
        ? t('liveCard.attendedStatus', { minutes: item.myMinutes, status: statusWords(item.myStatus, lang) })
        : t('liveCard.attended', { minutes: item.myMinutes })
      : null;
  const facts = [
    timeWindow(item.startsAt, item.endsAt),
    item.teacherNames.length ? t('liveCard.withTeachers', { names: item.teacherNames.join(', ') }) : null,
    course,
    mine,
  ].filter(Boolean);

  let action = null;
  if (item.canJoin)
    action = (
      <Button
        type="primary"
        icon={<VideoCameraOutlined />}
        loading={joining === item.id}
        onClick={() => onJoin(item.id, item.title)}
        aria-label={t('liveCard.joinName', { title: item.title })}
        data-testid="live-join"
      >
        {t('liveCard.join')}
      </Button>
    );
  else if (waiting(item))
    action = (
      <Button
        icon={<VideoCameraOutlined />}
        disabled
        title={t('liveCard.opensAt', { time: dayjs(item.opensAt).format(TIME) })}
      >
        {t('liveCard.join')}
      </Button>
    );
  else if (past && item.recordings.length) action = <Recordings item={item} />;
  else if (!past)
    action = <Tag color={livePhaseLabels[item.phase].color}>{labelOf(livePhaseLabels, item.phase, lang)}</Tag>;

  return (
    <PlainList.Item extra={action} className="live-line" data-testid={`live-line-${item.id}`}>
      <PlainList.Item.Meta
        title={
          <Space size={6} wrap>
            <span>{item.title}</span>
            {item.phase === LivePhase.Live && <Tag color="success">{t('liveCard.liveNow')}</Tag>}
            {item.phase === LivePhase.Open && <Tag color="warning">{t('liveCard.open')}</Tag>}
            {past && !item.recordings.length && <Tag>{labelOf(livePhaseLabels, item.phase, lang)}</Tag>}
          </Space>
        }
        description={
          <>
            <Typography.Text type="secondary">{facts.join(' · ')}</Typography.Text>
            {waiting(item) && (
              <div>
                <OpensIn opensAt={item.opensAt} onOpened={onOpened} />
              </div>
            )}
          </>
        }
      />
    </PlainList.Item>
  );
}
