import type { Attempt, AttemptSubmitResult, CheckAnswerResult, PaperStatus } from '@lyceum/contract';
import { FINAL_PAPER_STATUSES } from '@lyceum/contract';
import { AnswerSync } from './answer-sync';
import { ApiError, attemptApi, taskApi } from './api';
import { Camera, type CameraState } from './camera';
import { ServerClock, timed } from './clock';
import { checkedOf } from './homework';
import type { Journal } from './journal';
import { Proctor } from './proctor';

// How an attempt ended, for the finished screen.
export interface Ending {
  status: PaperStatus | null;
  endedAt: number | null;
  answered: number | null;
  total: number | null;
}

export interface SessionState {
  deadline: number;
  closesAt: number;
  // Accommodation and time added by the invigilator (added time moves the deadline).
  extraMinutes: number;
  notice: { text: string; at: number } | null;
  switchCount: number;
  // The switches reached the exam's warning count (shown until dismissed, again on the next one).
  warnAt: number | null;
  camera: CameraState;
  // The time ran out: handing in (and retrying while the server cannot be reached).
  timeUp: 'no' | 'submitting' | 'retrying';
  // A refusal the page cannot resolve itself (shown as a banner; saving is retried later).
  problem: string | null;
  loggedOut: boolean;
  ended: Ending | null;
  // Homework: the answers checked (scored at once, final), by question.
  checked: ReadonlyMap<number, CheckAnswerResult>;
}

const PROBLEM_RETRY_MS = 30_000;
const TIME_UP_RETRY_MS = 3000;

export function isFinal(status: number): boolean {
  return FINAL_PAPER_STATUSES.includes(status);
}

// Remembered per exam, so a start refused because the attempt ended can still learn how it ended.
const attemptKey = (examId: number) => `lyceum.exam.attempt.${examId}`;
export function rememberedAttempt(examId: number): number | null {
  const v = Number(localStorage.getItem(attemptKey(examId)));
  return Number.isInteger(v) && v > 0 ? v : null;
}

// Asks how an ended attempt ended. A submit of an attempt that has ended changes nothing and returns
// its final state (the protocol's idempotent submit); it is only sent once the server said it ended.
export async function endingOf(attemptId: number): Promise<Ending> {
  try {
    const r = await attemptApi.submit(attemptId, [], 'manual');
    return { status: r.status, endedAt: r.endedAt, answered: r.answered, total: r.total };
  } catch {
    return { status: null, endedAt: null, answered: null, total: null };
  }
}

// One attempt being taken: the server clock, the answer sync, proctoring and the camera, and the
// page-level state React shows.
export class ExamSession {
  readonly clock = new ServerClock();
  readonly sync: AnswerSync;
  readonly proctor: Proctor;
  private camera: Camera | null = null;
  private state: SessionState;
  private listeners = new Set<() => void>();
  private ticker: ReturnType<typeof setInterval> | null = null;
  private readonly initialDeadline: number;
  private readonly cleanups: (() => void)[] = [];

  constructor(
    readonly attempt: Attempt,
    private readonly journal: Journal,
    // IndexedDB was refused: the journal lives in memory only, and the page says so.
    readonly journalMissing: boolean,
    sentAt: number,
    receivedAt: number,
  ) {
    this.clock.sync(attempt.serverNow, sentAt, receivedAt);
    this.initialDeadline = attempt.deadline;
    localStorage.setItem(attemptKey(attempt.examId), String(attempt.id));
    this.state = {
      deadline: attempt.deadline,
      closesAt: attempt.closesAt,
      extraMinutes: attempt.extraMinutes,
      notice: attempt.notice,
      switchCount: attempt.switchCount,
      warnAt: null,
      camera: 'off',
      timeUp: 'no',
      problem: null,
      loggedOut: false,
      ended: null,
      checked: checkedOf(attempt.homework),
    };
    const id = attempt.id;
    this.sync = new AnswerSync(
      id,
      journal,
      {
        save: (items, keepalive) => timed(this.clock, () => attemptApi.save(id, items, keepalive)),
        submit: (items, reason) => timed(this.clock, () => attemptApi.submit(id, items, reason)),
      },
      {
        onReply: (reply) => {
          this.set({
            deadline: reply.deadline,
            closesAt: reply.closesAt,
            extraMinutes: attempt.extraMinutes + Math.round((reply.deadline - this.initialDeadline) / 60_000),
            notice: reply.notice,
            problem: null,
          });
          if (isFinal(reply.status)) void this.ended(null);
        },
        onNewerElsewhere: () => void this.refresh(),
        onRefused: (err) => this.refused(err),
      },
    );
    this.proctor = new Proctor(
      attempt.rules,
      {
        send: (events, keepalive) => timed(this.clock, () => attemptApi.events(id, events, keepalive)),
        onResult: (result) => {
          this.set({
            switchCount: result.switchCount,
            warnAt: result.warn ? this.clock.now() : this.state.warnAt,
          });
          if (isFinal(result.status)) void this.ended(null);
        },
        onRefused: (err) => this.refused(err),
        now: () => this.clock.now(),
        onHidden: () => this.sync.flushOnExit(),
      },
      attempt.homework === null,
    );
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): SessionState => this.state;

  private set(patch: Partial<SessionState>): void {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  async begin(): Promise<void> {
    const local = await this.journal.list(this.attempt.id).catch(() => []);
    await this.sync.load(this.attempt.answers, local);
    this.sync.start();
    this.proctor.start();
    const online = () => this.sync.retryNow();
    const offline = () => this.sync.markOffline();
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    this.cleanups.push(() => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    });
    const { cameraSource, snapshotIntervalSeconds } = this.attempt.rules;
    if (cameraSource !== null) {
      this.camera = new Camera(cameraSource, snapshotIntervalSeconds, {
        upload: async (image) => {
          const file = await attemptApi.uploadSnapshot(this.attempt.id, image, `snapshot-${this.attempt.id}.jpg`);
          this.proctor.report({ type: 2, at: Math.round(this.clock.now()), detail: '', fileId: file.id });
        },
        onState: (camera) => this.set({ camera }),
        beforePrompt: () => this.proctor.quietFor(30_000),
        // The focus comes back a moment after the prompt closes.
        afterPrompt: () => this.proctor.quietFor(500),
      });
      void this.camera.start();
    }
    this.ticker = setInterval(() => this.tick(), 250);
  }

  retryCamera(): void {
    void this.camera?.start();
  }

  get cameraStream(): MediaStream | null {
    return this.camera?.mediaStream ?? null;
  }

  timeLeft(): number {
    return this.state.deadline - this.clock.now();
  }

  private tick(): void {
    if (this.state.ended || this.state.timeUp !== 'no') return;
    if (this.timeLeft() <= 0) void this.handIn('timeUp');
  }

  // Hands the paper in; on 'timeUp' it keeps trying until the server answers (the server collects
  // the last acknowledged answers at deadline + grace in any case).
  async handIn(reason: 'manual' | 'timeUp'): Promise<AttemptSubmitResult> {
    if (reason === 'timeUp') this.set({ timeUp: 'submitting' });
    try {
      const result = await this.sync.submit(reason);
      await this.journal.clear(this.attempt.id).catch(() => undefined);
      this.finish({ status: result.status, endedAt: result.endedAt, answered: result.answered, total: result.total });
      return result;
    } catch (err) {
      const e = err as ApiError;
      // A question checked on another device meanwhile: its (final) answer replaces ours, and the
      // next hand-in goes through (the retry at time up, or the student's next click).
      if (e.detail?.key === 'answerChecked') await this.refresh();
      if (e.code === 500 && e.detail?.key === 'attemptEnded') {
        await this.ended(null);
      } else if (e.loggedOut) this.set({ loggedOut: true });
      else if (reason === 'timeUp') {
        this.set({ timeUp: 'retrying' });
        setTimeout(() => void this.handIn('timeUp'), TIME_UP_RETRY_MS);
      }
      throw err;
    }
  }

  // Saves every answer now ("save and finish later"): true once the server holds them all.
  saveNow(): Promise<boolean> {
    return this.sync.saveAll();
  }

  // Homework's immediate feedback: the answer is saved first (the server scores what it holds),
  // then scored, and final from then on (the server refuses later saves of it). Checked already
  // (on another device): the stored result is fetched with the attempt.
  async check(questionId: number): Promise<CheckAnswerResult> {
    if (!(await this.sync.saveAll())) throw new ApiError(0, 'not saved');
    try {
      const result = await taskApi.check(this.attempt.id, questionId);
      this.set({ checked: new Map(this.state.checked).set(questionId, result) });
      return result;
    } catch (err) {
      if (!(err instanceof ApiError) || err.detail?.key !== 'alreadyChecked') throw err;
      await this.refresh();
      const known = this.state.checked.get(questionId);
      if (!known) throw err;
      return known;
    }
  }

  // The server's answers again (another tab or device saved newer ones), merged by revision.
  async refresh(): Promise<void> {
    try {
      const again = await timed(this.clock, () => attemptApi.start(this.attempt.examId));
      await this.sync.mergeServer(again.answers);
      this.set({
        deadline: again.deadline,
        closesAt: again.closesAt,
        notice: again.notice,
        ...(again.homework ? { checked: checkedOf(again.homework) } : {}),
      });
    } catch (err) {
      this.refused(err as ApiError);
    }
  }

  private refused(err: ApiError): void {
    if (err.unreachable) return;
    if (err.loggedOut) {
      this.set({ loggedOut: true });
      return;
    }
    if (err.detail?.key === 'attemptEnded' || err.detail?.key === 'attemptClosed') {
      void this.ended(null);
      return;
    }
    if (err.detail?.key === 'answerChecked') {
      // Checked on another device: the server's answer is final; take it and save the rest.
      void this.refresh().then(() => this.sync.retryNow());
      return;
    }
    this.set({ problem: err.message });
    setTimeout(() => this.sync.retryNow(), PROBLEM_RETRY_MS);
  }

  // The server says the attempt ended (collected, handed in elsewhere, ended by the invigilator).
  private async ended(known: Ending | null): Promise<void> {
    if (this.state.ended) return;
    this.stopAll();
    const ending = known ?? (await endingOf(this.attempt.id));
    this.finish(ending);
  }

  private finish(ending: Ending): void {
    this.stopAll();
    this.set({ ended: ending, timeUp: 'no' });
  }

  private stopAll(): void {
    this.sync.stop();
    this.proctor.stop();
    this.camera?.stop();
    if (this.ticker !== null) clearInterval(this.ticker);
    this.ticker = null;
    for (const c of this.cleanups.splice(0)) c();
  }

  dispose(): void {
    this.stopAll();
  }
}
