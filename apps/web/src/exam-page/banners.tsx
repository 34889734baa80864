import { useEffect, useRef, useState } from 'react';
import { loginPath } from './api';
import type { ExamSession, SessionState } from './session';
import { useTexts } from './texts';

function useDismissed(key: string): [string | null, (value: string) => void] {
  const [value, setValue] = useState<string | null>(() => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  });
  return [
    value,
    (next) => {
      setValue(next);
      try {
        localStorage.setItem(key, next);
      } catch {
        // Not kept: shown again after a reload.
      }
    },
  ];
}

function useFullscreen(): boolean {
  const [on, setOn] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const update = () => setOn(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  return on;
}

function CameraPreview({ session, on }: { session: ExamSession; on: boolean }) {
  const { t } = useTexts();
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.srcObject = on ? session.cameraStream : null;
    if (on) void video.play().catch(() => undefined);
  }, [session, on]);
  if (!on) return null;
  return (
    <video
      ref={ref}
      className="xc-preview"
      muted
      playsInline
      aria-label={t('cameraPreview')}
      data-testid="camera-preview"
    />
  );
}

// What the page has to say beside the questions: a homework's return note, the invigilator's notice,
// the screen-switch warning, the camera, a refusal, an expired session, the time running out, and
// full screen when required.
export function Banners({ session, state }: { session: ExamSession; state: SessionState }) {
  const { t } = useTexts();
  const id = session.attempt.id;
  const [noticeSeen, setNoticeSeen] = useDismissed(`lyceum.exam.notice.${id}`);
  const [warnSeen, setWarnSeen] = useState<number | null>(null);
  const fullscreen = useFullscreen();
  const rules = session.attempt.rules;
  const needFullscreen = rules.fullscreen && document.fullscreenEnabled && !fullscreen && !state.ended;
  const limit = rules.switchCollectAfter;
  const homework = session.attempt.homework;

  return (
    <>
      <div className="xbn-stack">
        {homework?.returnNote && (
          <div className="xbn xbn-warn xbn-returned" role="note" data-testid="return-note">
            <div>
              <strong>{t('homeworkReturned')}</strong>
              <p>{homework.returnNote}</p>
            </div>
          </div>
        )}
        {state.notice && String(state.notice.at) !== noticeSeen && (
          <div className="xbn xbn-info" role="alert" data-testid="notice">
            <div>
              <strong>{t('notice')}</strong>
              <p>{state.notice.text}</p>
            </div>
            <button type="button" className="xb xb-small" onClick={() => setNoticeSeen(String(state.notice?.at))}>
              {t('dismiss')}
            </button>
          </div>
        )}
        {state.warnAt !== null && state.warnAt !== warnSeen && (
          <div className="xbn xbn-warn" role="alert" data-testid="switch-warning">
            <p>
              {limit === null
                ? t('switchWarningNoLimit', { count: state.switchCount })
                : t('switchWarning', { count: state.switchCount, limit })}
            </p>
            <button type="button" className="xb xb-small" onClick={() => setWarnSeen(state.warnAt)}>
              {t('dismiss')}
            </button>
          </div>
        )}
        {state.camera === 'denied' && (
          <div className="xbn xbn-warn" role="alert" data-testid="camera-denied">
            <p>{t('cameraDenied')}</p>
            <button type="button" className="xb xb-small" onClick={() => session.retryCamera()}>
              {t('cameraRetry')}
            </button>
          </div>
        )}
        {state.problem && (
          <div className="xbn xbn-error" role="alert">
            <p>{state.problem}</p>
          </div>
        )}
        {state.loggedOut && (
          <div className="xbn xbn-error" role="alert" data-testid="logged-out">
            <p>{t('notLoggedIn')}</p>
            <a className="xb xb-small" href={loginPath()}>
              {t('logIn')}
            </a>
          </div>
        )}
        {session.journalMissing && (
          <div className="xbn xbn-warn" role="alert">
            <p>{t('journalUnavailable')}</p>
          </div>
        )}
      </div>
      {state.camera === 'on' && <p className="visually-hidden">{t('cameraOn')}</p>}
      <CameraPreview session={session} on={state.camera === 'on'} />
      {state.timeUp !== 'no' && (
        <div className="xo" role="alertdialog" aria-modal="true" aria-labelledby="xo-time" data-testid="time-up">
          <div className="xo-card">
            <p id="xo-time">
              {state.timeUp === 'submitting'
                ? t(homework ? 'homeworkTimeUp' : 'timeUp')
                : t(homework ? 'homeworkTimeUpRetry' : 'timeUpRetry')}
            </p>
          </div>
        </div>
      )}
      {needFullscreen && state.timeUp === 'no' && (
        <div className="xo" role="dialog" aria-modal="true" aria-labelledby="xo-fs" data-testid="fullscreen-gate">
          <div className="xo-card">
            <h2 id="xo-fs">{t('fullscreenTitle')}</h2>
            <p>{t('fullscreenBody')}</p>
            <button
              type="button"
              className="xb xb-primary"
              onClick={() => void document.documentElement.requestFullscreen().catch(() => undefined)}
            >
              {t('fullscreenEnter')}
            </button>
          </div>
        </div>
      )}
    </>
  );
}
