import { useEffect, useRef, useState } from 'react';
import { countdown } from './clock';
import type { ExamSession } from './session';
import { useTexts } from './texts';

// The minutes at which a screen reader hears the time left (the visible clock is not live: a
// region announcing every second would drown everything else).
const ANNOUNCE_AT = new Set([60, 30, 15, 10, 5, 4, 3, 2, 1]);
const WARN_MS = 5 * 60_000;

// Time left on the server's clock: deadline − (serverNow + time elapsed since that reply).
export function Timer({
  session,
  deadline,
  extraMinutes,
}: {
  session: ExamSession;
  deadline: number;
  extraMinutes: number;
}) {
  const { t } = useTexts();
  const [left, setLeft] = useState(() => deadline - session.clock.now());
  const [announcement, setAnnouncement] = useState('');
  const lastMinute = useRef<number | null>(null);

  useEffect(() => {
    const update = () => {
      const ms = deadline - session.clock.now();
      setLeft(ms);
      const minute = Math.ceil(ms / 60_000);
      if (lastMinute.current !== null && minute < lastMinute.current && ANNOUNCE_AT.has(minute)) {
        setAnnouncement(minute === 1 ? t('timeAnnounceOne') : t('timeAnnounce', { minutes: minute }));
      }
      lastMinute.current = minute;
    };
    update();
    const id = setInterval(update, 250);
    return () => clearInterval(id);
  }, [session, deadline, t]);

  const urgent = left <= WARN_MS;
  return (
    <div className={`xt-timer${urgent ? ' is-urgent' : ''}`} data-testid="timer">
      <span className="xt-timer-label">{t('timeLeft')}</span>
      <span className="xt-timer-value" data-testid="time-left">
        {countdown(left)}
      </span>
      {extraMinutes > 0 && (
        <span className="xt-extra" data-testid="extra-time">
          {t('extraTime', { minutes: extraMinutes })}
        </span>
      )}
      <span className="visually-hidden" aria-live="polite" role="status">
        {announcement}
      </span>
    </div>
  );
}
