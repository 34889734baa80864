import type { AttemptSaveResult, AttemptSubmitResult, SaveItem, StoredAnswer, StudentAnswer } from '@lyceum/contract';
import type { ApiError } from './api';
import type { Journal, JournalEntry } from './journal';

// One question's answer on this page: its revision (the client's counter, raised with every change)
// and the highest revision the server acknowledged holding. revision > acked: not saved yet.
export interface AnswerEntry {
  answer: StudentAnswer;
  revision: number;
  acked: number;
  // When the server acknowledged it, on the server's clock.
  savedAt: number | null;
}

export interface SyncState {
  entries: ReadonlyMap<number, AnswerEntry>;
  // The last call reached the server (and the browser says it is online).
  online: boolean;
  // How many answers are not acknowledged yet.
  unsaved: number;
  lastSavedAt: number | null;
}

export type SaveState = { kind: 'none' } | { kind: 'saved'; at: number } | { kind: 'saving' } | { kind: 'offline' };

export function saveStateOf(entry: AnswerEntry | undefined, online: boolean): SaveState {
  if (!entry) return { kind: 'none' };
  if (entry.revision > entry.acked) return online ? { kind: 'saving' } : { kind: 'offline' };
  return entry.savedAt === null ? { kind: 'none' } : { kind: 'saved', at: entry.savedAt };
}

export interface SyncTransport {
  save(items: SaveItem[], keepalive?: boolean): Promise<AttemptSaveResult>;
  submit(items: SaveItem[], reason: 'manual' | 'timeUp'): Promise<AttemptSubmitResult>;
}

export interface SyncHooks {
  // Every save reply: the clock, the deadline, the invigilator's notice, the attempt's status.
  onReply(reply: AttemptSaveResult): void;
  // The server holds a newer answer than this page sent (another tab or device): fetch its answers.
  onNewerElsewhere(): void;
  // A refusal (the attempt ended, the session expired, ...).
  onRefused(err: ApiError): void;
}

export interface SyncTiming {
  // A change is sent this long after it (later changes ride along).
  batchMs: number;
  // With nothing to send, a heartbeat this often (the monitor's "last seen", and the clock).
  heartbeatMs: number;
  // Waits after failed calls, the last one repeated.
  backoffMs: readonly number[];
}

export const DEFAULT_TIMING: SyncTiming = {
  batchMs: 1500,
  heartbeatMs: 10_000,
  backoffMs: [1000, 2000, 5000, 10_000, 20_000, 30_000],
};

// The protocol's batch limit (zAttemptSaveRequest).
const MAX_ITEMS = 300;

// Keeps every answer: written to the journal first, then sent in small batches; acknowledgements
// move `acked`; a failure keeps everything and retries with backoff; the server's answers are merged
// by revision (the higher wins). React reads it through subscribe/getState.
export class AnswerSync {
  private entries = new Map<number, AnswerEntry>();
  private online = true;
  private lastSavedAt: number | null = null;
  private state: SyncState;
  private listeners = new Set<() => void>();
  private writes = new Map<number, { seq: number; done: Promise<void> }>();
  private writeSeq = 0;
  private inFlight: Promise<void> | null = null;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private due = Number.POSITIVE_INFINITY;
  private failures = 0;
  private stopped = false;

  constructor(
    private readonly attemptId: number,
    private readonly journal: Journal,
    private readonly transport: SyncTransport,
    private readonly hooks: SyncHooks,
    private readonly timing: SyncTiming = DEFAULT_TIMING,
  ) {
    this.state = this.snapshot();
  }

  // ---- reading ----

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): SyncState => this.state;

  private snapshot(): SyncState {
    let unsaved = 0;
    for (const e of this.entries.values()) if (e.revision > e.acked) unsaved++;
    return { entries: new Map(this.entries), online: this.online, unsaved, lastSavedAt: this.lastSavedAt };
  }

  private emit(): void {
    this.state = this.snapshot();
    for (const l of this.listeners) l();
  }

  hasUnsaved(): boolean {
    return this.state.unsaved > 0 || this.writes.size > 0;
  }

  // ---- merging ----

  // On start: the journal and the server's stored answers, by revision (the higher wins; a tie is the
  // same answer). A journal entry the server lacks, or holds at a lower revision, is sent again.
  async load(server: readonly StoredAnswer[], local: readonly JournalEntry[]): Promise<void> {
    for (const l of local) {
      this.entries.set(l.questionId, { answer: l.answer, revision: l.revision, acked: 0, savedAt: l.savedAt });
    }
    const taken: JournalEntry[] = [];
    for (const s of server) {
      const mine = this.entries.get(s.questionId);
      if (!mine || s.revision >= mine.revision) {
        this.entries.set(s.questionId, {
          answer: s.answer,
          revision: s.revision,
          acked: s.revision,
          savedAt: s.savedAt,
        });
        taken.push({ attemptId: this.attemptId, ...s, acked: s.revision });
      } else {
        // What the server holds now is what counts as acknowledged, whatever the journal remembers.
        mine.acked = s.revision;
      }
      if (this.lastSavedAt === null || s.savedAt > this.lastSavedAt) this.lastSavedAt = s.savedAt;
    }
    await Promise.all(taken.map((e) => this.journal.put(e).catch(() => undefined)));
    this.emit();
    if (this.state.unsaved > 0) this.schedule(0);
  }

  // The server's answers fetched again (another tab or device saved newer ones): newer ones replace
  // ours, in the journal too.
  async mergeServer(server: readonly StoredAnswer[]): Promise<void> {
    const writes: Promise<void>[] = [];
    for (const s of server) {
      const mine = this.entries.get(s.questionId);
      if (!mine || s.revision > mine.revision) {
        this.entries.set(s.questionId, {
          answer: s.answer,
          revision: s.revision,
          acked: s.revision,
          savedAt: s.savedAt,
        });
        writes.push(
          this.journal.put({
            attemptId: this.attemptId,
            questionId: s.questionId,
            answer: s.answer,
            revision: s.revision,
            acked: s.revision,
            savedAt: s.savedAt,
          }),
        );
      } else if (s.revision > mine.acked) {
        mine.acked = s.revision;
        mine.savedAt = s.savedAt;
      }
    }
    await Promise.all(writes);
    this.emit();
  }

  // ---- changing ----

  change(questionId: number, answer: StudentAnswer): void {
    const prev = this.entries.get(questionId);
    // Above both what this page had and what the server holds (set on start).
    const provisional = Math.max(prev?.revision ?? 0, prev?.acked ?? 0) + 1;
    const entry: AnswerEntry = {
      answer,
      revision: provisional,
      acked: prev?.acked ?? 0,
      savedAt: prev?.savedAt ?? null,
    };
    this.entries.set(questionId, entry);
    const seq = ++this.writeSeq;
    const done = this.journal
      .record(this.attemptId, questionId, answer, provisional)
      .then((revision) => {
        // Another tab of this browser may have used the provisional revision: the journal gave a higher one.
        if (this.writes.get(questionId)?.seq === seq) entry.revision = revision;
      })
      .catch(() => {
        // The journal refused (storage full): the answer still goes to the server from memory.
      })
      .finally(() => {
        if (this.writes.get(questionId)?.seq === seq) this.writes.delete(questionId);
      });
    this.writes.set(questionId, { seq, done });
    this.emit();
    // While calls fail, the backoff decides when to try again; a change does not hurry it.
    if (this.failures === 0) this.schedule(this.timing.batchMs);
  }

  pendingItems(limit = MAX_ITEMS): SaveItem[] {
    const items: SaveItem[] = [];
    for (const [questionId, e] of this.entries) {
      if (e.revision > e.acked) items.push({ questionId, answer: e.answer ?? null, revision: e.revision });
      if (items.length >= limit) break;
    }
    return items;
  }

  // ---- sending ----

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    const due = performance.now() + delayMs;
    if (this.timer !== null && due >= this.due) return;
    if (this.timer !== null) clearTimeout(this.timer);
    this.due = due;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.due = Number.POSITIVE_INFINITY;
      void this.flush();
    }, delayMs);
  }

  // Sends what is not acknowledged (or a heartbeat); one call at a time.
  flush(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.inFlight) {
      this.again = true;
      return this.inFlight;
    }
    this.inFlight = this.sendOnce().finally(() => {
      this.inFlight = null;
      if (this.again) {
        this.again = false;
        void this.flush();
      }
    });
    return this.inFlight;
  }

  private async settleWrites(): Promise<void> {
    await Promise.all([...this.writes.values()].map((w) => w.done));
  }

  private async sendOnce(): Promise<void> {
    await this.settleWrites();
    const items = this.pendingItems();
    try {
      const reply = await this.transport.save(items);
      this.failures = 0;
      this.setOnline(true);
      this.applyAcks(items, reply.acked, reply.serverNow);
      this.hooks.onReply(reply);
      const more = this.pendingItems(1).length > 0;
      this.schedule(more ? this.timing.batchMs : this.timing.heartbeatMs);
    } catch (err) {
      this.failed(err as ApiError);
    }
  }

  private failed(err: ApiError): void {
    if (err.unreachable) {
      this.setOnline(false);
      const wait = this.timing.backoffMs[Math.min(this.failures, this.timing.backoffMs.length - 1)];
      this.failures++;
      this.schedule(wait);
      return;
    }
    // A refusal: retrying the same batch would be refused again; the page decides what follows.
    this.failures++;
    this.hooks.onRefused(err);
  }

  private applyAcks(
    sent: SaveItem[],
    acked: readonly { questionId: number; revision: number; theirs?: boolean }[],
    at: number,
  ): void {
    const sentRevision = new Map(sent.map((i) => [i.questionId, i.revision]));
    let newer = false;
    const writes: Promise<void>[] = [];
    for (const ack of acked) {
      const entry = this.entries.get(ack.questionId);
      if (!entry) continue;
      if (ack.revision > entry.acked) {
        entry.acked = ack.revision;
        entry.savedAt = at;
        writes.push(this.journal.ack(this.attemptId, ack.questionId, ack.revision, at).catch(() => undefined));
      }
      const mine = sentRevision.get(ack.questionId);
      // A newer answer elsewhere, or another device's answer at this very revision: read the attempt
      // again, where the server's answer wins (a tie goes to the server).
      if (mine !== undefined && (ack.revision > mine || ack.theirs)) newer = true;
    }
    if (sent.length > 0) this.lastSavedAt = at;
    this.emit();
    if (newer) this.hooks.onNewerElsewhere();
  }

  private setOnline(online: boolean): void {
    const next = online && (typeof navigator === 'undefined' || navigator.onLine !== false);
    if (next === this.online) return;
    this.online = next;
    this.emit();
  }

  // The browser is back online: try at once, whatever the backoff said.
  retryNow(): void {
    this.failures = 0;
    this.schedule(0);
  }

  // The browser says it is offline: show it now rather than at the next failed call.
  markOffline(): void {
    this.setOnline(false);
  }

  // Saves everything now and says whether the server holds every answer (before a homework answer
  // is checked, and for "finish later"). Gives up at the first unreachable call: the backoff retries.
  async saveAll(): Promise<boolean> {
    for (let round = 0; round < 3 && !this.stopped; round++) {
      await this.settleWrites();
      if (this.inFlight) await this.inFlight;
      if (this.pendingItems(1).length === 0) return true;
      await this.flush();
      if (!this.online) break;
    }
    return this.pendingItems(1).length === 0 && this.writes.size === 0;
  }

  // The page is going away (closed, reloaded, sent to the background on a phone): one last save
  // that outlives the page. Whatever it does not carry is still in the journal.
  flushOnExit(): void {
    const items = this.pendingItems();
    if (items.length > 0) void this.transport.save(items, true).catch(() => undefined);
  }

  // Hands in: the unsaved answers go with it (saved first by the server, under the same rules).
  async submit(reason: 'manual' | 'timeUp'): Promise<AttemptSubmitResult> {
    await this.settleWrites();
    if (this.inFlight) await this.inFlight;
    const items = this.pendingItems();
    const result = await this.transport.submit(items, reason);
    this.applyAcks(items, result.acked, result.serverNow);
    this.stop();
    return result;
  }

  start(): void {
    this.stopped = false;
    this.schedule(this.state.unsaved > 0 ? 0 : this.timing.heartbeatMs);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.due = Number.POSITIVE_INFINITY;
  }
}
