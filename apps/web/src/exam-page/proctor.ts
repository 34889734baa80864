import type { AttemptEvent, AttemptEventsResult, AttemptRules } from '@lyceum/contract';
import { ExamLogType } from '@lyceum/contract';
import type { ApiError } from './api';

// Proctoring on the page: screen switches and leaving the app are reported as events (batched, with
// retries); the replies carry the server's count, the warning and, past the exam's limit, the
// collection (status 6), which the page shows.
//
// Which event: on a desktop (a fine pointer) leaving the exam window, by switching tabs or windows
// (blur, or the page hidden) or by leaving full screen, is an abnormal screen switch (7). On a phone
// or tablet (a coarse pointer) the page being hidden or put away (visibilitychange, pagehide) means
// the student left the app (9), the spec's mobile event; a blur alone there is not reported (the
// keyboard and system sheets blur the page). One absence is one event, however many of blur, hidden
// and full-screen exit it fires.
export interface ProctorHooks {
  send(events: AttemptEvent[], keepalive: boolean): Promise<AttemptEventsResult>;
  onResult(result: AttemptEventsResult): void;
  onRefused(err: ApiError): void;
  // The server's clock: events are stamped with it, so the timeline is right whatever the device says.
  now(): number;
  // The page is going away or to the background: save what is unsaved.
  onHidden(): void;
}

const SEND_DELAY_MS = 500;
const RETRY_MS = [2000, 5000, 10_000, 30_000];

export function isMobileDevice(): boolean {
  return window.matchMedia?.('(pointer: coarse)').matches ?? false;
}

export class Proctor {
  private queue: AttemptEvent[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private sending = false;
  private failures = 0;
  private away = false;
  // While the page itself asks for something that takes focus (the camera permission prompt).
  private quietUntil = 0;
  private readonly mobile = isMobileDevice();
  private readonly cleanups: (() => void)[] = [];

  constructor(
    private readonly rules: AttemptRules,
    private readonly hooks: ProctorHooks,
    // False for homework: nothing is reported, the page is only saved when it goes away.
    private readonly watching = true,
  ) {}

  start(): void {
    const on = <K extends keyof WindowEventMap>(type: K, fn: (e: WindowEventMap[K]) => void) => {
      window.addEventListener(type, fn);
      this.cleanups.push(() => window.removeEventListener(type, fn));
    };
    const onDoc = <K extends keyof DocumentEventMap>(type: K, fn: (e: DocumentEventMap[K]) => void) => {
      document.addEventListener(type, fn);
      this.cleanups.push(() => document.removeEventListener(type, fn));
    };
    onDoc('visibilitychange', () => {
      if (document.visibilityState === 'hidden') {
        this.hooks.onHidden();
        this.leave(this.mobile ? ExamLogType.LeftApp : ExamLogType.ScreenSwitch, 'hidden');
        // A page put away may never run again: send what is queued now.
        void this.sendNow(true);
      } else this.back();
    });
    on('pagehide', () => {
      this.hooks.onHidden();
      if (this.mobile) this.leave(ExamLogType.LeftApp, 'pagehide');
      void this.sendNow(true);
    });
    on('blur', () => {
      if (!this.mobile) this.leave(ExamLogType.ScreenSwitch, 'blur');
    });
    on('focus', () => this.back());
    if (this.rules.fullscreen) {
      onDoc('fullscreenchange', () => {
        if (!document.fullscreenElement) this.leave(ExamLogType.ScreenSwitch, 'fullscreenExit');
        else this.back();
      });
    }
  }

  stop(): void {
    for (const c of this.cleanups.splice(0)) c();
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  quietFor(ms: number): void {
    this.quietUntil = performance.now() + ms;
  }

  private leave(type: ExamLogType, detail: string): void {
    if (!this.watching || this.away || performance.now() < this.quietUntil) return;
    this.away = true;
    this.report({ type: type as AttemptEvent['type'], at: Math.round(this.hooks.now()), detail });
  }

  // Back on the exam: visible, focused, and in full screen when the exam asks for it.
  private back(): void {
    const fullscreenOk = !this.rules.fullscreen || !document.fullscreenEnabled || Boolean(document.fullscreenElement);
    if (document.visibilityState === 'visible' && document.hasFocus() && fullscreenOk) this.away = false;
  }

  report(event: AttemptEvent): void {
    this.queue.push(event);
    this.later(SEND_DELAY_MS);
  }

  private later(ms: number): void {
    if (this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.sendNow(false);
    }, ms);
  }

  private async sendNow(keepalive: boolean): Promise<void> {
    if (this.sending || this.queue.length === 0) return;
    this.sending = true;
    const batch = this.queue.slice(0, 100);
    try {
      const result = await this.hooks.send(batch, keepalive);
      // A repeated event is stored once (same type and time), so a retried batch is harmless.
      this.queue.splice(0, batch.length);
      this.failures = 0;
      this.hooks.onResult(result);
    } catch (err) {
      const e = err as ApiError;
      if (e.unreachable) {
        if (!keepalive) this.later(RETRY_MS[Math.min(this.failures++, RETRY_MS.length - 1)]);
      } else {
        this.queue.splice(0, batch.length);
        this.hooks.onRefused(e);
      }
    } finally {
      this.sending = false;
    }
    if (this.queue.length > 0 && this.failures === 0) this.later(SEND_DELAY_MS);
  }
}
