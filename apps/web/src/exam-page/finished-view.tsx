import { type MyResult, PaperStatus, paperStatusLabels } from '@lyceum/contract';
import { useEffect, useState } from 'react';
import { resultApi } from './api';
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

// The marking job runs a moment after the hand-in (decision 38): asked again this often, this many times.
const POLL_MS = 2000;
const POLLS = 15;
const round = (v: number) => String(Math.round(v * 100) / 100);

// The score by the student's result's rule (myResult): shown after hand-in once marked, "being
// marked" until then, provisional while a teacher still has to mark answers.
function HandInScore({ examId }: { examId: number }) {
  const { t } = useTexts();
  const [result, setResult] = useState<MyResult | null>(null);
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async (left: number) => {
      const r = await resultApi.mine(examId).catch(() => null);
      if (stopped || !r) return;
      setResult(r);
      if (r.reason !== 'marking') return;
      if (left > 0) timer = setTimeout(() => void ask(left - 1), POLL_MS);
      else setGaveUp(true);
    };
    void ask(POLLS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [examId]);
  if (!result) return null;
  if (result.reason === 'marking')
    return <p data-testid="finished-score-marking">{t(gaveUp ? 'scoreMarkingLater' : 'scoreMarking')}</p>;
  if (result.reason === 'notConfirmed') return <p data-testid="finished-score-later">{t('scoreNotConfirmed')}</p>;
  if (result.reason !== 'shown' || result.score === null) return null;
  return (
    <>
      <p className="xs-score" data-testid="finished-score">
        {t('scoreShown', { score: round(result.score), max: round(result.maxScore) })}
      </p>
      {result.pending > 0 && (
        <p data-testid="finished-score-provisional">{t('scoreProvisional', { count: result.pending })}</p>
      )}
    </>
  );
}

// The attempt is over: how it ended, the score when the exam shows it after hand-in, and the way
// back to the list it was opened from.
export function FinishedView({
  examId = null,
  examName,
  ending,
  homework = false,
}: {
  examId?: number | null;
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
        {/* Homework's score is in My homework, by the task's own reveal rule. */}
        {examId !== null && !homework && ending.status !== null && <HandInScore examId={examId} />}
        <p>
          <a className="xb xb-primary" href={homework ? MY_HOMEWORK : MY_EXAMS}>
            {t(homework ? 'backToHomework' : 'backToExams')}
          </a>
        </p>
      </div>
    </main>
  );
}
