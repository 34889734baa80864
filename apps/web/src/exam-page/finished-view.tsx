import { PaperStatus, paperStatusLabels } from '@lyceum/contract';
import { clockTime } from './clock';
import { MY_HOMEWORK } from './homework-bar';
import type { Ending } from './session';
import { type TextKey, useTexts } from './texts';

const MY_EXAMS = '/study/exam';

function explanation(status: PaperStatus | null, homework: boolean): TextKey {
  switch (status) {
    case PaperStatus.HandedIn:
      return homework ? 'homeworkFinished' : 'finishedHandedIn';
    case PaperStatus.AutoCollected:
      return homework ? 'homeworkCollected' : 'finishedAuto';
    case PaperStatus.ForceCollected:
      return 'finishedForced';
    case PaperStatus.Abnormal:
      return 'finishedAbnormal';
    case PaperStatus.Marked:
      return homework ? 'homeworkMarked' : 'finishedMarked';
    default:
      return 'endedRefused';
  }
}

// The attempt is over: how it ended (the score is not shown here), and the way back to the list it
// was opened from.
export function FinishedView({
  examName,
  ending,
  homework = false,
}: {
  examName: string | null;
  ending: Ending;
  homework?: boolean;
}) {
  const { t, lang } = useTexts();
  return (
    <main className="xs-center" data-testid="finished">
      <div className="xs-card">
        <h1>{t(homework ? 'homeworkFinishedTitle' : 'finishedTitle')}</h1>
        {examName && <p className="xs-exam">{examName}</p>}
        <p data-testid="finished-explanation">{t(explanation(ending.status, homework))}</p>
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
          <a className="xb xb-primary" href={homework ? MY_HOMEWORK : MY_EXAMS}>
            {t(homework ? 'backToHomework' : 'backToExams')}
          </a>
        </p>
      </div>
    </main>
  );
}
