import type { PaperQuestion } from './paper';
import { useTexts } from './texts';

interface Props {
  questions: readonly PaperQuestion[];
  current: number;
  answered: ReadonlySet<number>;
  flagged: ReadonlySet<number>;
  onGo: (index: number) => void;
}

// Every question as a numbered button: answered ones filled, flagged ones marked, the current one
// outlined. The state is in each button's name for screen readers.
export function Navigator({ questions, current, answered, flagged, onGo }: Props) {
  const { t } = useTexts();
  return (
    <nav className="xn" aria-label={t('questions')}>
      <ol className="xn-grid">
        {questions.map((pq, i) => {
          const id = pq.question.questionId;
          const isAnswered = answered.has(id);
          const isFlagged = flagged.has(id);
          const state = [isAnswered ? t('answered') : t('unanswered'), ...(isFlagged ? [t('flagged')] : [])];
          return (
            <li key={id}>
              <button
                type="button"
                className={`xn-item${isAnswered ? ' is-answered' : ''}${isFlagged ? ' is-flagged' : ''}${i === current ? ' is-current' : ''}`}
                aria-current={i === current ? 'step' : undefined}
                aria-label={`${t('questionN', { n: pq.number })}: ${state.join(', ')}`}
                data-testid={`nav-${pq.number}`}
                onClick={() => onGo(i)}
              >
                {pq.number}
              </button>
            </li>
          );
        })}
      </ol>
      <ul className="xn-legend" aria-hidden="true">
        <li>
          <span className="xn-swatch is-answered" />
          {t('answered')}
        </li>
        <li>
          <span className="xn-swatch" />
          {t('unanswered')}
        </li>
        <li>
          <span className="xn-swatch is-flagged" />
          {t('flagged')}
        </li>
      </ul>
    </nav>
  );
}
