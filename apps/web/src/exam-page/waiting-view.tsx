import type { WaitingRoom } from '@lyceum/contract';
import { useEffect, useState } from 'react';
import { clockTime, countdown, type ServerClock } from './clock';
import { RichHtml } from './rich-html';
import { useTexts } from './texts';

// Candidates who open the exam before its start wait here (issue 29): the countdown runs on the
// server's clock, and when the exam opens the page enters it by itself. The entries are spread
// over the first seconds (each page waits a random moment of up to SPREAD_MS), so a room of a
// thousand does not call at the same millisecond; everyone's time starts when their paper arrives.
const SPREAD_MS = 3_000;
const TICK_MS = 250;

// "10:42:13" on the day itself; with the date when the exam opens on another day.
function openingTime(opensAt: number, now: number, lang: 'en' | 'zh'): string {
  if (new Date(opensAt).toDateString() === new Date(now).toDateString()) return clockTime(opensAt, lang);
  const day = new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'medium' }).format(opensAt);
  return `${day} ${clockTime(opensAt, lang)}`;
}

export function WaitingView({ room, clock, onOpen }: { room: WaitingRoom; clock: ServerClock; onOpen: () => void }) {
  const { t, lang } = useTexts();
  const [now, setNow] = useState(() => clock.now());
  const [opening, setOpening] = useState(room.started);
  const left = room.opensAt - now;

  useEffect(() => {
    const timer = setInterval(() => setNow(clock.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [clock]);

  useEffect(() => {
    if (opening || left > 0) return;
    setOpening(true);
  }, [left, opening]);

  useEffect(() => {
    if (!opening) return;
    const timer = setTimeout(onOpen, room.started ? 0 : Math.random() * SPREAD_MS);
    return () => clearTimeout(timer);
  }, [opening, onOpen, room.started]);

  return (
    <section aria-labelledby="waiting-title" data-testid="waiting-room">
      <p className="xs-eyebrow">{t('waitingTitle')}</p>
      <h1 id="waiting-title">{room.examName}</h1>
      {opening ? (
        <p role="status">{t('waitingOpening')}</p>
      ) : (
        <>
          <p>{t('waitingOpensAt', { time: openingTime(room.opensAt, now, lang) })}</p>
          <p className="xs-countdown" aria-live="off">
            <span className="xs-countdown-label">{t('waitingOpensIn')}</span>
            <strong data-testid="waiting-countdown">{countdown(left)}</strong>
          </p>
        </>
      )}
      <dl className="xs-facts">
        <dt>{t('duration')}</dt>
        <dd>
          {room.extraMinutes > 0
            ? t('waitingExtra', { minutes: room.durationMinutes, extra: room.extraMinutes })
            : t('waitingDuration', { minutes: room.durationMinutes })}
        </dd>
      </dl>
      {room.instructions && (
        <div className="xw-notes">
          <h2>{t('instructions')}</h2>
          <RichHtml html={room.instructions} />
        </div>
      )}
      <p className="xs-hint">{t('waitingHint')}</p>
    </section>
  );
}
