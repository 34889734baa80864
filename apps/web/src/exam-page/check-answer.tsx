import type { CheckAnswerResult } from '@lyceum/contract';
import { useState } from 'react';
import { ApiError } from './api';
import { points, verdictKey } from './homework';
import type { ExamSession } from './session';
import { useTexts } from './texts';

// Homework's immediate feedback on one objective question: the "check" button, then right or
// wrong with the points (the input above is locked by the page once checked).
export function CheckAnswer({
  session,
  questionId,
  answered,
  result,
}: {
  session: ExamSession;
  questionId: number;
  answered: boolean;
  result: CheckAnswerResult | undefined;
}) {
  const { t } = useTexts();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (result) {
    const key = verdictKey(result);
    return (
      <div className={`xq-check is-${key}`} data-testid="check-result">
        <p className="xq-verdict" role="status">
          <span aria-hidden="true">{result.correct ? '✓' : '✗'}</span>{' '}
          {t(key, { score: points(result.score), max: points(result.max) })}
        </p>
        <p className="xq-check-note">{t('checkFinal')}</p>
      </div>
    );
  }

  const check = async () => {
    if (!answered) {
      setError(t('checkNothing'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await session.check(questionId);
    } catch (err) {
      const e = err instanceof ApiError ? err : new ApiError(0, String(err));
      setError(
        e.unreachable
          ? t('checkNotSaved')
          : e.detail?.key === 'nothingToCheck'
            ? t('checkNothing')
            : t('checkRefused', { message: e.message }),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="xq-check">
      <div className="xq-check-row">
        <button
          type="button"
          className="xb xb-small"
          onClick={() => void check()}
          disabled={busy}
          aria-describedby={`check-${questionId}-hint`}
          data-testid="check-answer"
        >
          {busy ? t('checking') : t('check')}
        </button>
        <span id={`check-${questionId}-hint`} className="xq-check-note">
          {t('checkHint')}
        </span>
      </div>
      {error && (
        <p className="xq-check-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
