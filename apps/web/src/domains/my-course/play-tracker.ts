// What the video player actually played, as ranges of media time (seconds), each at one speed and
// either in view or hidden. The server counts a range only as fast as real time allows and not
// while the page was hidden, so a range never spans a seek, a change of speed or of visibility:
// each of those closes the range so far and starts the next one.
export interface PlayedRange {
  from: number;
  to: number;
  rate: number;
  hidden: boolean;
}

// Ranges shorter than this are noise (a pause right after play); they are dropped.
const MIN_RANGE = 0.05;
// Slack on top of what the wall clock allows between two time updates before a step counts as a jump.
const STEP_SLACK = 1;

export class PlayTracker {
  // Where the open range began, null while the player is not playing.
  private from: number | null = null;
  // The furthest point reached in the open range, and when (ms, the caller's clock).
  private to = 0;
  private seenAt = 0;
  private rate: number;
  private hidden: boolean;
  private closed: PlayedRange[] = [];

  constructor(opts: { rate?: number; hidden?: boolean } = {}) {
    this.rate = opts.rate ?? 1;
    this.hidden = opts.hidden ?? false;
  }

  get playing(): boolean {
    return this.from !== null;
  }

  // The player started (or went on) playing at media time `at`.
  play(at: number, now: number): void {
    if (this.from !== null) {
      this.time(at, now);
      return;
    }
    this.open(at, now);
  }

  // The media clock reads `at` while playing (timeupdate). A step backwards, or further ahead than
  // the wall clock allows at this speed, is a jump the player did not announce as a seek: it starts
  // a new range rather than claiming what lies between.
  time(at: number, now: number): void {
    if (this.from === null) return;
    const allowed = (Math.max(0, now - this.seenAt) / 1000) * this.rate + STEP_SLACK;
    if (at < this.to - MIN_RANGE || at - this.to > allowed) {
      this.close();
      this.open(at, now);
      return;
    }
    if (at > this.to) this.to = at;
    this.seenAt = now;
  }

  // Paused or ended (at media time `at` when known): the range so far is closed.
  stop(at: number | null, now: number): void {
    if (this.from === null) return;
    if (at !== null) this.time(at, now);
    this.close();
    this.from = null;
  }

  // The person moved the playhead to `to`: the range so far ends where it was, the next starts there.
  seek(to: number, now: number): void {
    if (this.from === null) return;
    this.close();
    this.open(to, now);
  }

  setRate(rate: number, at: number | null, now: number): void {
    if (rate === this.rate) return;
    this.split(at, now, () => {
      this.rate = rate;
    });
  }

  setHidden(hidden: boolean, at: number | null, now: number): void {
    if (hidden === this.hidden) return;
    this.split(at, now, () => {
      this.hidden = hidden;
    });
  }

  // Everything played so far, oldest first; the open range is cut here and goes on from its end.
  take(at: number | null, now: number): PlayedRange[] {
    if (this.from !== null) {
      if (at !== null) this.time(at, now);
      const end = this.to;
      this.close();
      this.open(end, now);
    }
    const out = this.closed;
    this.closed = [];
    return out;
  }

  private split(at: number | null, now: number, change: () => void): void {
    if (this.from === null) {
      change();
      return;
    }
    if (at !== null) this.time(at, now);
    const end = this.to;
    this.close();
    change();
    this.open(end, now);
  }

  private open(at: number, now: number): void {
    this.from = at;
    this.to = at;
    this.seenAt = now;
  }

  private close(): void {
    if (this.from === null) return;
    if (this.to - this.from >= MIN_RANGE) {
      this.closed.push({ from: round(this.from), to: round(this.to), rate: this.rate, hidden: this.hidden });
    }
    this.from = this.to;
  }
}

// Media times to the millisecond: the server merges ranges and compares them with the duration.
const round = (s: number) => Math.round(s * 1000) / 1000;
