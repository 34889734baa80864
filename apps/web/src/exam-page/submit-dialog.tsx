import { useEffect, useRef, useState } from 'react';
import type { ApiError } from './api';
import type { PaperQuestion } from './paper';
import { useTexts } from './texts';

interface Props {
  open: boolean;
  // A homework paper: "hand in your homework", not "your paper".
  homework: boolean;
  questions: readonly PaperQuestion[];
  answered: ReadonlySet<number>;
  onClose: () => void;
  onGo: (index: number) => void;
  onSubmit: () => Promise<unknown>;
}

// "Hand in your paper?": how many are answered, which are not (each a link to it), and the answer.
// A native modal dialog: focus stays inside, Escape closes it.
export function SubmitDialog({ open, homework, questions, answered, onClose, onGo, onSubmit }: Props) {
  const { t } = useTexts();
  const ref = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setError(null);
      dialog.showModal();
    } else if (!open && dialog.open) dialog.close();
  }, [open]);

  const missing = questions.map((q, i) => ({ q, i })).filter(({ q }) => !answered.has(q.question.questionId));
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await onSubmit();
    } catch (err) {
      const e = err as ApiError;
      setError(e.unreachable ? t('submitFailed') : t('submitRefused', { message: e.message }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={ref} className="xd" aria-labelledby="xd-title" onClose={onClose} data-testid="submit-dialog">
      <h2 id="xd-title">{t(homework ? 'homeworkConfirmTitle' : 'confirmTitle')}</h2>
      <p data-testid="submit-summary">
        {t('confirmAnswered', { answered: questions.length - missing.length, total: questions.length })}
      </p>
      {missing.length > 0 ? (
        <p className="xd-missing">
          {t('confirmUnanswered', { list: '' })}
          {missing.map(({ q, i }) => (
            <button
              key={q.question.questionId}
              type="button"
              className="xd-jump"
              onClick={() => {
                onClose();
                onGo(i);
              }}
            >
              {q.number}
            </button>
          ))}
        </p>
      ) : (
        <p>{t('confirmAll')}</p>
      )}
      <p className="xd-final">{t(homework ? 'homeworkConfirmFinal' : 'confirmFinal')}</p>
      {error && (
        <p className="xd-error" role="alert">
          {error}
        </p>
      )}
      <div className="xd-actions">
        <button type="button" className="xb" onClick={onClose} disabled={busy}>
          {t('cancel')}
        </button>
        <button type="button" className="xb xb-primary" onClick={() => void submit()} disabled={busy}>
          {busy
            ? t(homework ? 'homeworkSubmitting' : 'submitting')
            : t(homework ? 'homeworkConfirmSubmit' : 'confirmSubmit')}
        </button>
      </div>
    </dialog>
  );
}
