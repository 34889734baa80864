import type { WaitingRoom } from '@lyceum/contract';
import { type ReactNode, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { type ApiError, attemptApi, loginPath } from './api';
import { ServerClock, timed } from './clock';
import { FinishedView } from './finished-view';
import { type Journal, memoryJournal, openJournal } from './journal';
import { LanguageButton } from './language-button';
import { preloadFormulas } from './rich-html';
import { type Ending, ExamSession, endingOf, isFinal, rememberedAttempt } from './session';
import { TakingView } from './taking-view';
import { type TextKey, useTexts } from './texts';
import { WaitingView } from './waiting-view';

type Phase =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string; retry: boolean }
  | { kind: 'loggedOut' }
  | { kind: 'finished'; examName: string | null; ending: Ending; homework: boolean }
  | { kind: 'waiting'; room: WaitingRoom; clock: ServerClock }
  | { kind: 'taking'; session: ExamSession };

// Refusals of start the page explains in the reader's language (the server's English otherwise).
const START_REFUSALS: Record<string, TextKey> = {
  examNotOpenYet: 'refusedNotOpen',
  entryClosed: 'refusedEntryClosed',
  notCandidate: 'refusedNotCandidate',
  examEnded: 'refusedExamEnded',
};
// The same for homework: it has a last hand-in time, not an exam's window (issue 36).
const HOMEWORK_REFUSALS: Record<string, TextKey> = {
  examNotOpenYet: 'homeworkRefusedNotOpen',
  entryClosed: 'homeworkRefusedEnded',
  notCandidate: 'homeworkRefusedNotCandidate',
  examEnded: 'homeworkRefusedEnded',
};

// My homework opens the page with ?kind=homework, so it speaks of homework before the paper arrives.
export const openedForHomework = (search: string) => new URLSearchParams(search).get('kind') === 'homework';

// /take/<examId>
export function examIdFromPath(pathname: string): number | null {
  const m = /^\/take\/(\d+)\/?$/.exec(pathname);
  const id = m ? Number(m[1]) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

let journalPromise: Promise<{ journal: Journal; missing: boolean }> | null = null;
function journal() {
  journalPromise ??= openJournal()
    .then((j) => ({ journal: j, missing: false }))
    .catch(() => ({ journal: memoryJournal(), missing: true }));
  return journalPromise;
}

function Centered({ children }: { children: ReactNode }) {
  return (
    <main className="xs-center">
      <div className="xs-lang">
        <LanguageButton />
      </div>
      <div className="xs-card">{children}</div>
    </main>
  );
}

// The exam page: enters the attempt (start is idempotent), then shows it until it ends.
export function ExamApp() {
  const { t } = useTexts();
  const examId = examIdFromPath(window.location.pathname);
  const homework = openedForHomework(window.location.search);
  const back = homework
    ? { href: '/study/homework', text: t('backToHomework') }
    : { href: '/study/exam', text: t('backToExams') };
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });

  const enter = useCallback(async () => {
    if (examId === null) return;
    setPhase({ kind: 'loading' });
    const { journal: j, missing } = await journal();
    const sentAt = performance.now();
    try {
      const attempt = await attemptApi.start(examId);
      const receivedAt = performance.now();
      if (attempt.endedAt !== null || isFinal(attempt.status)) {
        setPhase({
          kind: 'finished',
          examName: attempt.homework?.taskName ?? attempt.examName,
          ending: await endingOf(attempt.id),
          homework: attempt.homework !== null,
        });
        return;
      }
      // Formulas are drawn by KaTeX: fetched now, while the network is there, rather than on the first one.
      if (JSON.stringify(attempt.sections).includes('formula')) preloadFormulas();
      const session = new ExamSession(attempt, j, missing, sentAt, receivedAt);
      await session.begin();
      setPhase({ kind: 'taking', session });
    } catch (err) {
      const e = err as ApiError;
      // Opened before the start: the waiting room, which enters the exam when it opens.
      if (e.detail?.key === 'examNotOpenYet' && !homework) {
        const clock = new ServerClock();
        const room = await timed(clock, () => attemptApi.waitingRoom(examId)).catch(() => null);
        if (room) {
          setPhase({ kind: 'waiting', room, clock });
          return;
        }
      }
      if (e.unreachable) setPhase({ kind: 'failed', message: t('offlineStart'), retry: true });
      else if (e.loggedOut) setPhase({ kind: 'loggedOut' });
      else if (e.detail?.key === 'attemptEnded') {
        const known = rememberedAttempt(examId);
        const ending = known ? await endingOf(known) : { status: null, endedAt: null, answered: null, total: null };
        setPhase({ kind: 'finished', examName: null, ending, homework });
      } else {
        const key = e.detail?.key ? (homework ? HOMEWORK_REFUSALS : START_REFUSALS)[e.detail.key] : undefined;
        setPhase({ kind: 'failed', message: key ? t(key) : e.message, retry: false });
      }
    }
  }, [examId, homework, t]);

  // Entering once per page load; the language changing (a new `t`, so a new `enter`) must not start again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    void enter();
  }, []);

  if (examId === null)
    return (
      <Centered>
        <h1>{t(homework ? 'homeworkLoadFailed' : 'loadFailed')}</h1>
        <p>{t(homework ? 'homeworkBadAddress' : 'badAddress')}</p>
        <a className="xb" href={back.href}>
          {back.text}
        </a>
      </Centered>
    );
  switch (phase.kind) {
    case 'loading':
      return (
        <Centered>
          <p role="status">{t(homework ? 'homeworkLoading' : 'loading')}</p>
        </Centered>
      );
    case 'failed':
      return (
        <Centered>
          <h1>{t(homework ? 'homeworkLoadFailed' : 'loadFailed')}</h1>
          <p role="alert">{phase.message}</p>
          <p className="xs-buttons">
            {phase.retry && (
              <button type="button" className="xb xb-primary" onClick={() => void enter()}>
                {t('retry')}
              </button>
            )}
            <a className="xb" href={back.href}>
              {back.text}
            </a>
          </p>
        </Centered>
      );
    case 'loggedOut':
      return (
        <Centered>
          <p role="alert">{t(homework ? 'homeworkNotLoggedIn' : 'notLoggedIn')}</p>
          <a className="xb xb-primary" href={loginPath()} data-testid="login-link">
            {t('logIn')}
          </a>
        </Centered>
      );
    case 'waiting':
      return (
        <Centered>
          <WaitingView room={phase.room} clock={phase.clock} onOpen={() => void enter()} />
        </Centered>
      );
    case 'finished':
      return <FinishedView examId={examId} examName={phase.examName} ending={phase.ending} homework={phase.homework} />;
    case 'taking':
      return <Session session={phase.session} />;
  }
}

// Taking the exam until the session says it ended.
function Session({ session }: { session: ExamSession }) {
  const state = useSyncExternalStore(session.subscribe, session.getState);
  if (state.ended)
    return (
      <FinishedView
        examId={session.attempt.examId}
        examName={session.attempt.homework?.taskName ?? session.attempt.examName}
        ending={state.ended}
        homework={session.attempt.homework !== null}
      />
    );
  return <TakingView session={session} />;
}
