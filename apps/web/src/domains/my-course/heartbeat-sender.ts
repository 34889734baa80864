import type { Heartbeat, HeartbeatResult } from '@lyceum/contract';
import type { PlayedRange } from './play-tracker';

// One report as the player makes it: a played range, or (from = to) just where the player stands.
export type Report = Omit<Heartbeat, 'lessonId' | 'nonce'>;
// The transport: `keepalive` when the page is going away (the answer may never be read).
export type SendHeartbeat = (body: Heartbeat, keepalive: boolean) => Promise<HeartbeatResult>;

export type SenderEvent =
  | { kind: 'answer'; result: HeartbeatResult }
  // The lesson was opened again elsewhere: this page's nonce is spent; nothing more is sent.
  | { kind: 'stale' }
  // Refused for another reason (too fast, past the end): that report is dropped, the nonce kept.
  | { kind: 'refused'; error: unknown };

// The refusal that says the nonce is no longer this page's.
export type IsStale = (error: unknown) => boolean;

// Sends a lesson's reports one at a time, each with the nonce the previous answer gave (the server
// spends a nonce once). Reports made while one is on its way wait for its answer.
export class HeartbeatSender {
  private nonce: string;
  private queue: { report: Report; leaving: boolean }[] = [];
  private busy = false;
  private stale = false;

  constructor(
    private readonly lessonId: number,
    nonce: string,
    private readonly send: SendHeartbeat,
    private readonly isStale: IsStale,
    private readonly on: (event: SenderEvent) => void,
  ) {
    this.nonce = nonce;
  }

  get isSpent(): boolean {
    return this.stale;
  }

  get pending(): number {
    return this.queue.length + (this.busy ? 1 : 0);
  }

  // Played ranges; `position` (where the player stands now) rides on the last one when it differs.
  // `leaving`: the page is going away, so the requests must outlive it (fetch keepalive).
  push(ranges: PlayedRange[], position?: number, leaving = false): void {
    if (this.stale) return;
    ranges.forEach((r, i) => {
      const last = i === ranges.length - 1;
      const report: Report = { from: r.from, to: r.to, rate: r.rate, hidden: r.hidden };
      if (last && position !== undefined && Math.abs(position - r.to) > 0.5) report.position = position;
      this.queue.push({ report, leaving });
    });
    void this.pump();
  }

  // Nothing played, but the player stands elsewhere now (a seek while paused): saved for resuming.
  pushPosition(position: number, rate: number, hidden: boolean, leaving = false): void {
    if (this.stale) return;
    this.queue.push({ report: { from: position, to: position, rate, hidden, position }, leaving });
    void this.pump();
  }

  private async pump(): Promise<void> {
    if (this.busy || this.stale) return;
    const next = this.queue.shift();
    if (!next) return;
    this.busy = true;
    try {
      const body = { lessonId: this.lessonId, nonce: this.nonce, ...next.report };
      const result = await this.send(body, next.leaving);
      this.nonce = result.nonce;
      this.on({ kind: 'answer', result });
    } catch (error) {
      if (this.isStale(error)) {
        this.stale = true;
        this.queue = [];
        this.on({ kind: 'stale' });
      } else this.on({ kind: 'refused', error });
    } finally {
      this.busy = false;
    }
    void this.pump();
  }
}
