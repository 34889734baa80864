import { PaperStatus, paperStatusLabels } from '@lyceum/contract';
import { clockTime } from './clock';
import type { Ending } from './session';
import { type TextKey, useTexts } from './texts';

const MY_EXAMS = '/study/exam';

function explanation(status: PaperStatus | null): TextKey {
  switch (status) {
    case PaperStatus.HandedIn:
      return 'finishedHandedIn';
    case PaperStatus.AutoCollected:
      return 'finishedAuto';
    case PaperStatus.ForceCollected:
      return 'finishedForced';
    case PaperStatus.Abnormal:
      return 'finishedAbnormal';
    case PaperStatus.Marked:
      return 'finishedMarked';
    default:
      return 'endedRefused';
  }
}

// The attempt is over: how it ended (the score is not shown here).
export function FinishedView({ examName, ending }: { examName: string | null; ending: Ending }) {
  const { t, lang } = useTexts();
  return (
    <main className="xs-center" data-testid="finished">
      <div className="xs-card">
        <h1>{t('finishedTitle')}</h1>
        {examName && <p className="xs-exam">{examName}</p>}
        <p data-testid="finished-explanation">{t(explanation(ending.status))}</p>
        {ending.status !== null && (
          <p>
            <span className={`xs-status is-${ending.status}`} data-testid="finished-status">
              {t('finishedStatus', { status: paperStatusLabels[ending.status][lang] })}
            </span>
          </p>
        )}
        {ending.answered !== null && ending.total !== null && (
          <p>{t('finishedAnswered', { answered: ending.answered, total: ending.total })}</p>
        )}
        {ending.endedAt !== null && <p>{t('finishedAt', { time: clockTime(ending.endedAt, lang) })}</p>}
        <p>
          <a className="xb xb-primary" href={MY_EXAMS}>
            {t('backToExams')}
          </a>
        </p>
      </div>
    </main>
  );
}
