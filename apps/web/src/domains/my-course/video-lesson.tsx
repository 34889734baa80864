import { CompletionRule, type HeartbeatResult, type OpenLesson } from '@lyceum/contract';
import { Alert, Button, Progress, Space, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../shell/request';
import { errorSentence } from '../../shell/server-error';
import { isStaleNonce, type LearnLesson, sendHeartbeat } from './course-api';
import { useMyCourseTexts } from './course-texts';
import { HeartbeatSender } from './heartbeat-sender';
import { clockText } from './lesson-words';
import { PlayTracker } from './play-tracker';

interface Props {
  opened: OpenLesson;
  lesson: LearnLesson;
  // Whether the player's tab is the one shown (a hidden tab pauses the video).
  active: boolean;
  onProgress: (result: HeartbeatResult) => void;
  // Opens the lesson again (a new nonce), after another page took it over.
  onReopen: () => void;
}

// A seek while paused is saved for resuming once the playhead has stayed put this long.
const POSITION_DELAY_MS = 800;
const clock = () => performance.now();
const timeOf = (el: HTMLVideoElement | null) => el?.currentTime ?? null;

function refusalText(error: unknown): string {
  return error instanceof ApiError ? errorSentence(error.detail, error.message) : String(error);
}

// The video lesson: plays the file, resumes where the student left it (the server keeps the
// position), and reports what was actually played: a range per stretch of playing, sent every
// `heartbeatSeconds`, and before a seek, a pause, a change of speed or visibility, and leaving.
export function VideoLesson({ opened, lesson, active, onProgress, onReopen }: Props) {
  const { t } = useMyCourseTexts();
  const video = useRef<HTMLVideoElement>(null);
  // Which opening was taken over elsewhere, and a refusal of which opening's report.
  const [staleFor, setStaleFor] = useState<object | null>(null);
  const [refusal, setRefusal] = useState<{ key: object; text: string } | null>(null);
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  const restoring = useRef(false);
  const positionTimer = useRef<number | undefined>(undefined);
  const progress = useRef(onProgress);
  useEffect(() => {
    progress.current = onProgress;
  }, [onProgress]);

  // One tracker and sender per opening: reopening gives a new nonce.
  const session = useMemo(() => {
    const key = { nonce: opened.nonce };
    const tracker = new PlayTracker({ hidden: document.visibilityState === 'hidden' });
    const sender = new HeartbeatSender(opened.lessonId, opened.nonce, sendHeartbeat, isStaleNonce, (event) => {
      if (event.kind === 'answer') progress.current(event.result);
      else if (event.kind === 'stale') {
        setStaleFor(key);
        video.current?.pause();
      } else setRefusal({ key, text: refusalText(event.error) });
    });
    return { key, tracker, sender };
  }, [opened.lessonId, opened.nonce]);
  const stale = staleFor === session.key;
  const refused = refusal?.key === session.key ? refusal.text : null;
  const now = () => timeOf(video.current);
  // Sends what was played since the last report; `at` null when the element is gone.
  const flush = useCallback(
    (leaving = false, at: number | null = video.current?.currentTime ?? null) => {
      const ranges = session.tracker.take(at, clock());
      if (ranges.length > 0) session.sender.push(ranges, at ?? undefined, leaving);
    },
    [session],
  );

  // The regular report while playing.
  useEffect(() => {
    const id = window.setInterval(() => {
      if (session.tracker.playing) flush();
    }, Math.max(1, opened.heartbeatSeconds) * 1000);
    return () => window.clearInterval(id);
  }, [session, flush, opened.heartbeatSeconds]);

  // Hidden or shown: the range so far is reported with the visibility it had. When the page is
  // hidden it may never come back (a phone closing the tab), so that report outlives it.
  useEffect(() => {
    const onVisibility = () => {
      const hidden = document.visibilityState === 'hidden';
      session.tracker.setHidden(hidden, timeOf(video.current), clock());
      flush(hidden);
    };
    const onPageHide = () => {
      session.tracker.stop(timeOf(video.current), clock());
      flush(true);
    };
    // Back from the browser's page cache: the nonce may have been spent meanwhile.
    const onPageShow = (e: PageTransitionEvent) => {
      if (e.persisted) onReopen();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, [session, flush, onReopen]);

  // Another tab of the app shown: this one's video stops.
  useEffect(() => {
    if (!active) video.current?.pause();
  }, [active]);

  // Another lesson chosen, or the player closed: what was played last is reported.
  useEffect(
    () => () => {
      window.clearTimeout(positionTimer.current);
      session.tracker.stop(null, clock());
      flush(false, null);
    },
    [session, flush],
  );

  const v = () => video.current;
  const handlers = {
    onLoadedMetadata: () => {
      const el = v();
      const at = opened.state.position;
      if (!el || at < 1 || (Number.isFinite(el.duration) && at >= el.duration - 1)) return;
      restoring.current = true;
      el.currentTime = at;
      setResumedAt(at);
    },
    onPlaying: () => {
      const el = v();
      if (el) session.tracker.play(el.currentTime, clock());
    },
    onTimeUpdate: () => {
      const el = v();
      if (el && !el.seeking) session.tracker.time(el.currentTime, clock());
    },
    onPause: () => {
      session.tracker.stop(now(), clock());
      flush();
    },
    onSeeking: () => {
      const el = v();
      if (!el || restoring.current || !session.tracker.playing) return;
      // The range so far ends where the playhead was; the next starts where it lands.
      session.tracker.seek(el.currentTime, clock());
      flush();
    },
    onSeeked: () => {
      const el = v();
      if (restoring.current) {
        restoring.current = false;
        return;
      }
      if (!el?.paused) return;
      window.clearTimeout(positionTimer.current);
      positionTimer.current = window.setTimeout(() => {
        session.sender.pushPosition(el.currentTime, el.playbackRate, document.visibilityState === 'hidden');
      }, POSITION_DELAY_MS);
    },
    onRateChange: () => {
      const el = v();
      if (!el) return;
      session.tracker.setRate(el.playbackRate, el.currentTime, clock());
      flush();
    },
  };

  const percent = Math.round(lesson.state.percent);
  const needed = lesson.completionRule === CompletionRule.Watched ? (lesson.threshold ?? 100) : null;
  if (!opened.fileUrl) return <Alert type="warning" showIcon title={t('myCourse.videoMissing')} />;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      {stale && (
        <Alert
          type="warning"
          showIcon
          data-testid="opened-elsewhere"
          title={t('myCourse.openedElsewhere')}
          action={
            <Button size="small" onClick={onReopen}>
              {t('myCourse.reopen')}
            </Button>
          }
        />
      )}
      <video
        ref={video}
        className="course-video"
        src={opened.fileUrl}
        controls
        preload="metadata"
        playsInline
        aria-label={t('myCourse.videoLabel', { title: opened.title })}
        data-testid="lesson-video"
        {...handlers}
      />
      <div className="course-watched" data-testid="lesson-watched">
        <Typography.Text>
          {needed !== null
            ? t('myCourse.watchedOf', { percent, needed: Math.round(needed) })
            : t('myCourse.watched', { percent })}
        </Typography.Text>
        <Progress percent={percent} showInfo={false} size="small" aria-hidden="true" />
      </div>
      {resumedAt !== null && (
        <Typography.Text type="secondary" data-testid="lesson-resumed">
          {t('myCourse.resumedAt', { time: clockText(resumedAt) })}
        </Typography.Text>
      )}
      <Typography.Text type="secondary">{t('myCourse.videoHint', { rate: opened.maxRate })}</Typography.Text>
      {refused && (
        <Alert
          type="info"
          showIcon
          closable
          onClose={() => setRefusal(null)}
          title={t('myCourse.notCounted', { reason: refused })}
        />
      )}
    </Space>
  );
}
