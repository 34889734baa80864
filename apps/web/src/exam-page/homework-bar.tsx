import type { HomeworkRules } from '@lyceum/contract';
import { useEffect, useRef, useState } from 'react';
import { dueLine, dueMoment } from './homework';
import type { ExamSession } from './session';
import { useTexts } from './texts';

export const MY_HOMEWORK = '/study/homework';

// What the bar's pieces read: the session's clock, the homework's rules and when work stops being taken.
type BarProps = { session: ExamSession; homework: HomeworkRules; deadline: number };

// In place of the timer: when the homework is due (and how long late work is taken), on the
// server's clock. No seconds ticking: a due time is hours or days away.
export function DueLabel({ session, homework, deadline }: BarProps) {
  const { t, lang } = useTexts();
  const [now, setNow] = useState(() => session.clock.now());
  useEffect(() => {
    setNow(session.clock.now());
    const id = setInterval(() => setNow(session.clock.now()), 30_000);
    return () => clearInterval(id);
  }, [session]);
  const line = dueLine(now, homework.dueTime, deadline);
  if (line.kind === 'pastDue')
    return (
      <div className="xt-due is-past" data-testid="due">
        {t('homeworkPastDue', { time: dueMoment(line.at, lang) })}
      </div>
    );
  return (
    <div className="xt-due" data-testid="due">
      <span className="xt-due-main">{t('homeworkDue', { time: dueMoment(line.at, lang) })}</span>
      {line.lateUntil !== null && (
        <span className="xt-due-late">{t('homeworkLateUntil', { time: dueMoment(line.lateUntil, lang) })}</span>
      )}
    </div>
  );
}

type Parking = 'saving' | 'saved' | 'failed';

// "Save and finish later": every answer saved now, then a dialog that says so (and by when to hand
// it in: the due time while it is ahead), with the way back to My homework or on with the work. The
// paper stays open until it is handed in.
export function FinishLater({ session, homework, deadline }: BarProps) {
  const { t, lang } = useTexts();
  const ref = useRef<HTMLDialogElement>(null);
  const [parking, setParking] = useState<Parking | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (parking !== null && !dialog.open) dialog.showModal();
    else if (parking === null && dialog.open) dialog.close();
  }, [parking]);

  const save = async () => {
    setParking('saving');
    setParking((await session.saveNow()) ? 'saved' : 'failed');
  };

  return (
    <>
      <button type="button" className="xb" onClick={() => void save()} data-testid="finish-later">
        {t('finishLater')}
      </button>
      <dialog
        ref={ref}
        className="xd"
        aria-labelledby="xd-park-title"
        onClose={() => setParking(null)}
        data-testid="finish-later-dialog"
      >
        <h2 id="xd-park-title">{parking === 'saved' ? t('parkSavedTitle') : t('finishLater')}</h2>
        <p role="status">
          {parking === 'saving'
            ? t('parkSaving')
            : parking === 'saved'
              ? t('parkSavedBody', {
                  time: dueMoment(dueLine(session.clock.now(), homework.dueTime, deadline).at, lang),
                })
              : parking === 'failed'
                ? t('parkFailed')
                : ''}
        </p>
        <div className="xd-actions">
          <button type="button" className="xb" onClick={() => setParking(null)} disabled={parking === 'saving'}>
            {t('keepWorking')}
          </button>
          {parking === 'failed' && (
            <button type="button" className="xb xb-primary" onClick={() => void save()}>
              {t('retry')}
            </button>
          )}
          {parking === 'saved' && (
            <a className="xb xb-primary" href={MY_HOMEWORK} data-testid="back-to-homework">
              {t('backToHomework')}
            </a>
          )}
        </div>
      </dialog>
    </>
  );
}
