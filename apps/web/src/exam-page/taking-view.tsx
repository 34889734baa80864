import type { StudentAnswer } from '@lyceum/contract';
import { QuestionType } from '@lyceum/contract';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { type SaveState, saveStateOf } from './answer-sync';
import { Banners } from './banners';
import { CheckAnswer } from './check-answer';
import { clockTime } from './clock';
import { isCheckable } from './homework';
import { DueLabel, FinishLater } from './homework-bar';
import { LanguageButton } from './language-button';
import { Navigator } from './navigator';
import { flatten, isAnswered, type PaperQuestion, toggleChoice } from './paper';
import { QuestionInput } from './question-input';
import type { ExamSession } from './session';
import { SubmitDialog } from './submit-dialog';
import { useTexts } from './texts';
import { Timer } from './timer';

type Layout = 'one' | 'all';
const LAYOUT_KEY = 'lyceum.exam.layout';

function readLayout(): Layout {
  try {
    return localStorage.getItem(LAYOUT_KEY) === 'all' ? 'all' : 'one';
  } catch {
    return 'one';
  }
}

// Flags are the student's own reminders: kept on this device only.
function useFlags(attemptId: number): [ReadonlySet<number>, (questionId: number) => void] {
  const key = `lyceum.exam.flags.${attemptId}`;
  const [flags, setFlags] = useState<ReadonlySet<number>>(() => {
    try {
      return new Set((JSON.parse(localStorage.getItem(key) ?? '[]') as number[]).filter(Number.isInteger));
    } catch {
      return new Set();
    }
  });
  const toggle = useCallback(
    (questionId: number) =>
      setFlags((old) => {
        const next = new Set(old);
        if (next.has(questionId)) next.delete(questionId);
        else next.add(questionId);
        try {
          localStorage.setItem(key, JSON.stringify([...next]));
        } catch {
          // Not kept: flags are a convenience.
        }
        return next;
      }),
    [key],
  );
  return [flags, toggle];
}

function SaveLabel({ state }: { state: SaveState }) {
  const { t, lang } = useTexts();
  if (state.kind === 'none') return null;
  const text =
    state.kind === 'saved'
      ? t('saved', { time: clockTime(state.at, lang) })
      : state.kind === 'saving'
        ? t('saving')
        : t('offline');
  return (
    <span className={`xq-save is-${state.kind}`} data-testid="save-state">
      {text}
    </span>
  );
}

const isTyping = (el: EventTarget | null) =>
  el instanceof HTMLElement &&
  (el.isContentEditable ||
    el instanceof HTMLTextAreaElement ||
    el instanceof HTMLSelectElement ||
    (el instanceof HTMLInputElement && !['radio', 'checkbox', 'button'].includes(el.type)));

// The exam as the student takes it: header with the timer and the save state, the navigator, the
// questions (one or all on the page), banners, and the hand-in dialog. A homework paper shows its
// due time instead of the timer, "save and finish later", and the check buttons when it has them.
export function TakingView({ session }: { session: ExamSession }) {
  const { t, lang } = useTexts();
  const attempt = session.attempt;
  const homework = attempt.homework;
  // A homework's exam is hidden: the student knows it by the task's name.
  const title = homework?.taskName ?? attempt.examName;
  const sync = useSyncExternalStore(session.sync.subscribe, session.sync.getState);
  const state = useSyncExternalStore(session.subscribe, session.getState);
  const questions = useMemo(() => flatten(attempt.sections), [attempt.sections]);
  const [current, setCurrent] = useState(0);
  const [layout, setLayoutState] = useState<Layout>(readLayout);
  const [flags, toggleFlag] = useFlags(attempt.id);
  const [confirming, setConfirming] = useState(false);
  const [navOpen, setNavOpen] = useState(false);
  const mainRef = useRef<HTMLElement>(null);

  const answerOf = useCallback((id: number): StudentAnswer => sync.entries.get(id)?.answer ?? null, [sync]);
  const answered = useMemo(
    () =>
      new Set(
        questions
          .filter((pq) => isAnswered(pq.question, answerOf(pq.question.questionId)))
          .map((pq) => pq.question.questionId),
      ),
    [questions, answerOf],
  );

  const setLayout = (next: Layout) => {
    setLayoutState(next);
    try {
      localStorage.setItem(LAYOUT_KEY, next);
    } catch {
      // Not kept: the page still switches.
    }
  };

  const go = useCallback(
    (index: number) => {
      const i = Math.max(0, Math.min(questions.length - 1, index));
      setCurrent(i);
      setNavOpen(false);
      // After the render: scroll the question into view and move the focus to its heading.
      requestAnimationFrame(() => {
        const heading = document.getElementById(`q-${questions[i].question.questionId}-title`);
        heading?.focus({ preventScroll: true });
        (layout === 'all' ? heading?.closest('article') : mainRef.current)?.scrollIntoView({ block: 'start' });
      });
    },
    [questions, layout],
  );

  // A checked homework answer is final (the server refuses later saves of it).
  const change = useCallback(
    (id: number, a: StudentAnswer) => {
      if (!session.getState().checked.has(id)) session.sync.change(id, a);
    },
    [session],
  );

  // Keyboard: J / K or the arrows between questions, 1-9 for an option of the current one, F flags.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || confirming || isTyping(e.target)) return;
      const onChoice = e.target instanceof HTMLInputElement;
      const pq = questions[current];
      if (e.key === 'j' || e.key === 'J' || (e.key === 'ArrowRight' && !onChoice)) go(current + 1);
      else if (e.key === 'k' || e.key === 'K' || (e.key === 'ArrowLeft' && !onChoice)) go(current - 1);
      else if (e.key === 'f' || e.key === 'F') toggleFlag(pq.question.questionId);
      else if (/^[1-9]$/.test(e.key)) {
        const q = pq.question;
        const n = Number(e.key) - 1;
        if (q.type === QuestionType.SingleChoice && q.options[n]) change(q.questionId, q.options[n].label);
        else if (q.type === QuestionType.MultipleChoice && q.options[n]) {
          change(
            q.questionId,
            toggleChoice(
              answerOf(q.questionId),
              q.options[n].label,
              q.options.map((o) => o.label),
            ),
          );
        } else if (q.type === QuestionType.TrueFalse && n < 2) change(q.questionId, n === 0);
        else return;
      } else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [questions, current, confirming, go, toggleFlag, change, answerOf]);

  // Warn before leaving while answers are not saved yet.
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!session.sync.hasUnsaved()) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [session]);

  const summary = !sync.online
    ? t('offline')
    : sync.unsaved > 0
      ? t('saving')
      : sync.lastSavedAt !== null
        ? t('allSaved', { time: clockTime(sync.lastSavedAt, lang) })
        : t('noAnswersYet');

  const submitText = homework ? t('homeworkSubmit') : t('submit');
  const shown = layout === 'one' ? [questions[current]] : questions;
  const card = (pq: PaperQuestion) => {
    const q = pq.question;
    const id = q.questionId;
    const flagged = flags.has(id);
    const section = attempt.sections[pq.sectionIndex];
    const firstOfSection = questions.find((x) => x.sectionIndex === pq.sectionIndex) === pq;
    return (
      <div key={id}>
        {(layout === 'one' || firstOfSection) && (
          <header className="xs-section">
            <h2>{section.title}</h2>
            {section.instructions && <p>{section.instructions}</p>}
          </header>
        )}
        <article
          className={`xq${questions[current] === pq ? ' is-current' : ''}`}
          aria-labelledby={`q-${id}-title`}
          data-testid={`question-${pq.number}`}
        >
          <div className="xq-head">
            <h3 id={`q-${id}-title`} tabIndex={-1} className="xq-title">
              {layout === 'one'
                ? t('questionOf', { n: pq.number, total: questions.length })
                : t('questionN', { n: pq.number })}
              <span className="xq-points">{t('points', { score: q.score })}</span>
            </h3>
            <SaveLabel state={saveStateOf(sync.entries.get(id), sync.online)} />
            <button
              type="button"
              className={`xb xb-small xq-flag${flagged ? ' is-on' : ''}`}
              aria-pressed={flagged}
              onClick={() => toggleFlag(id)}
            >
              {flagged ? t('unflag') : t('flag')}
            </button>
          </div>
          <QuestionInput
            q={q}
            answer={answerOf(id)}
            name={`q-${id}`}
            labelId={`q-${id}-stem`}
            disabled={state.checked.has(id)}
            onChange={(a) => change(id, a)}
          />
          {isCheckable(q, homework) && (
            <CheckAnswer session={session} questionId={id} answered={answered.has(id)} result={state.checked.get(id)} />
          )}
        </article>
      </div>
    );
  };

  return (
    <div className="xt">
      <a className="skip-link" href="#exam-main">
        {t('skipToQuestion')}
      </a>
      <header className="xt-bar">
        <div className="xt-name" title={title}>
          {title}
        </div>
        {homework ? (
          <DueLabel session={session} homework={homework} deadline={state.deadline} />
        ) : (
          <Timer session={session} deadline={state.deadline} extraMinutes={state.extraMinutes} />
        )}
        <div
          className={`xt-saved${sync.online ? '' : ' is-offline'}`}
          role="status"
          aria-live="polite"
          data-testid="save-summary"
        >
          {summary}
        </div>
        <div className="xt-actions">
          <LanguageButton />
          {homework && <FinishLater session={session} homework={homework} deadline={state.deadline} />}
          <button type="button" className="xb xb-primary" onClick={() => setConfirming(true)} data-testid="hand-in">
            {submitText}
          </button>
        </div>
      </header>
      <Banners session={session} state={state} />
      <div className="xt-body">
        <aside className={`xt-side${navOpen ? ' is-open' : ''}`}>
          <button
            type="button"
            className="xb xt-nav-toggle"
            aria-expanded={navOpen}
            onClick={() => setNavOpen((o) => !o)}
          >
            {t('questions')} · {t('answered')} {answered.size}/{questions.length}
          </button>
          <div className="xt-nav-panel">
            <Navigator questions={questions} current={current} answered={answered} flagged={flags} onGo={go} />
            <fieldset className="xt-layout">
              <legend>{t('layout')}</legend>
              {(['one', 'all'] as const).map((l) => (
                <label key={l}>
                  <input type="radio" name="layout" checked={layout === l} onChange={() => setLayout(l)} />
                  {l === 'one' ? t('onePerPage') : t('allOnPage')}
                </label>
              ))}
            </fieldset>
            <p className="xt-hint">{t('keyboardHint')}</p>
          </div>
        </aside>
        <main id="exam-main" ref={mainRef} className="xt-main">
          {attempt.instructions && (current === 0 || layout === 'all') && (
            <details className="xt-instructions" open>
              <summary>{t('instructions')}</summary>
              <p className="xt-instructions-text">{attempt.instructions}</p>
            </details>
          )}
          {shown.map(card)}
          {layout === 'one' && (
            <div className="xt-pager">
              <button type="button" className="xb" disabled={current === 0} onClick={() => go(current - 1)}>
                {t('previous')}
              </button>
              {current < questions.length - 1 ? (
                <button type="button" className="xb xb-primary" onClick={() => go(current + 1)}>
                  {t('next')}
                </button>
              ) : (
                <button type="button" className="xb xb-primary" onClick={() => setConfirming(true)}>
                  {submitText}
                </button>
              )}
            </div>
          )}
        </main>
      </div>
      <SubmitDialog
        open={confirming}
        homework={homework !== null}
        questions={questions}
        answered={answered}
        onClose={() => setConfirming(false)}
        onGo={go}
        onSubmit={() => session.handIn('manual')}
      />
    </div>
  );
}
