import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from './db';
import { enqueue, type Job, type JobContext, JobFailed, type JobKind, runnersHere } from './job-queue';
import { jobs } from './jobs.table';

// The job runner: claims due jobs, runs them under a lease, retries with backoff, gives jobs back
// on shutdown (the queue's model is described in job-queue.ts). Most callers import the queue's
// functions from here too.
export {
  announceJobs,
  enqueue,
  findJob,
  type Job,
  type JobContext,
  JobFailed,
  type JobKind,
  type JobSpec,
  wake,
} from './job-queue';

export interface RunnerOptions {
  pollMs?: number;
  leaseMs?: number;
  concurrency?: number;
  // How long stop() lets running handlers finish before it aborts them and gives their jobs back.
  graceMs?: number;
  backoffMs?: (attempt: number) => number;
  onError?: (err: unknown, job?: Job) => void;
}

const defaultBackoff = (attempt: number) => Math.min(2 ** attempt * 1000, 10 * 60_000);
const DONE_KEPT = "interval '7 days'";

const ms = (n: number) => sql`now() + ${n} * interval '1 millisecond'`;

export class JobRunner {
  readonly id = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly kinds = new Map<string, JobKind>();
  private readonly periodic: { kind: string; everyMs: number; timer?: NodeJS.Timeout }[] = [];
  private readonly dailies: { kind: string; hour: number; minute: number; timer?: NodeJS.Timeout }[] = [];
  private readonly running = new Map<number, { done: Promise<void>; abort: AbortController }>();
  private readonly opts: Required<RunnerOptions>;
  private timer: NodeJS.Timeout | null = null;
  private started = false;
  private polling: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly db: Db,
    opts: RunnerOptions = {},
  ) {
    this.opts = {
      pollMs: opts.pollMs ?? 1000,
      leaseMs: opts.leaseMs ?? 30_000,
      concurrency: opts.concurrency ?? 2,
      graceMs: opts.graceMs ?? 5000,
      backoffMs: opts.backoffMs ?? defaultBackoff,
      onError: opts.onError ?? ((err) => console.error(err)),
    };
  }

  register(kind: string, handler: JobKind): void {
    if (this.kinds.has(kind)) throw new Error(`job kind ${kind} registered twice`);
    this.kinds.set(kind, handler);
  }

  // A platform job enqueued once per period by whichever process gets there first (the period is
  // its dedupe key), so a cluster runs it once per period.
  every(kind: string, everyMs: number): void {
    this.periodic.push({ kind, everyMs });
  }

  // A platform job once a day at hour:minute (UTC): a daily roll-up, reminders, expiring orders.
  // Each process looks every minute; the first to find today's time passed enqueues it under the
  // day as its dedupe key, so a cluster runs it once a day, and a process started late catches up.
  daily(kind: string, at: { hour: number; minute: number }): void {
    if (!(at.hour >= 0 && at.hour < 24 && at.minute >= 0 && at.minute < 60)) throw new Error(`daily ${kind} at ${at}`);
    this.dailies.push({ kind, ...at });
  }

  private enqueueDaily(kind: string, hour: number, minute: number) {
    const now = new Date();
    const due = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour, minute);
    if (now.getTime() < due) return Promise.resolve();
    const day = new Date(due).toISOString().slice(0, 10);
    return enqueue(this.db, { kind, orgId: null, dedupeKey: `daily:${day}`, maxAttempts: 3 }).catch((err) =>
      this.opts.onError(err),
    );
  }

  private enqueuePeriodic(kind: string, everyMs: number) {
    const slot = Math.floor(Date.now() / everyMs);
    return enqueue(this.db, { kind, orgId: null, dedupeKey: `${slot}`, maxAttempts: 3 }).catch((err) =>
      this.opts.onError(err),
    );
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    runnersHere.add(this);
    for (const p of this.periodic) {
      void this.enqueuePeriodic(p.kind, p.everyMs);
      p.timer = setInterval(() => void this.enqueuePeriodic(p.kind, p.everyMs), Math.min(p.everyMs, 60_000));
      p.timer.unref();
    }
    for (const d of this.dailies) {
      void this.enqueueDaily(d.kind, d.hour, d.minute);
      d.timer = setInterval(() => void this.enqueueDaily(d.kind, d.hour, d.minute), 60_000);
      d.timer.unref();
    }
    this.schedule(0);
  }

  wake(): void {
    if (this.started) this.schedule(0);
  }

  private schedule(delay: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.poll();
    }, delay);
    this.timer.unref();
  }

  private async poll(): Promise<void> {
    if (this.polling) {
      this.again = true;
      return this.polling;
    }
    this.polling = (async () => {
      try {
        do {
          this.again = false;
          await this.fillSlots();
        } while (this.again && this.started);
      } catch (err) {
        this.opts.onError(err);
      } finally {
        this.polling = null;
        if (this.started) this.schedule(this.opts.pollMs);
      }
    })();
    return this.polling;
  }

  private async fillSlots(): Promise<number> {
    const free = this.opts.concurrency - this.running.size;
    if (free <= 0) return 0;
    const claimed = await this.claim(free);
    for (const job of claimed) this.launch(job);
    return claimed.length;
  }

  // Takes up to `n` jobs this runner can run: queued ones that are due, and running ones whose
  // lease ran out. Public so tests can act as a process that claims and then dies.
  async claim(n: number): Promise<Job[]> {
    const kinds = [...this.kinds.keys()];
    if (!kinds.length || n <= 0) return [];
    await this.failAbandoned(kinds);
    const due = this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.kind, kinds),
          or(
            and(eq(jobs.status, 'queued'), lte(jobs.runAt, sql`now()`)),
            and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, sql`now()`), lt(jobs.attempt, jobs.maxAttempts)),
          ),
        ),
      )
      .orderBy(asc(jobs.runAt), asc(jobs.id))
      .limit(n)
      .for('update', { skipLocked: true });
    return this.db
      .update(jobs)
      .set({
        status: 'running',
        attempt: sql`${jobs.attempt} + 1`,
        lockedBy: this.id,
        lockedUntil: ms(this.opts.leaseMs),
        startTime: sql`coalesce(${jobs.startTime}, now())`,
      })
      .where(inArray(jobs.id, due))
      .returning();
  }

  // A job whose process died on its last attempt is not tried again.
  private async failAbandoned(kinds: string[]) {
    const failed = await this.db
      .update(jobs)
      .set({
        status: 'failed',
        error: 'The process running it stopped, and no attempts are left',
        lockedBy: null,
        lockedUntil: null,
        finishTime: sql`now()`,
      })
      .where(
        and(
          inArray(jobs.kind, kinds),
          eq(jobs.status, 'running'),
          lt(jobs.lockedUntil, sql`now()`),
          sql`${jobs.attempt} >= ${jobs.maxAttempts}`,
        ),
      )
      .returning();
    for (const job of failed) await this.notifyFailed(job, job.error ?? '');
  }

  private launch(job: Job) {
    const abort = new AbortController();
    const done = this.execute(job, abort).finally(() => {
      this.running.delete(job.id);
      if (this.started) this.schedule(0);
    });
    this.running.set(job.id, { done, abort });
  }

  private mine(id: number) {
    return and(eq(jobs.id, id), eq(jobs.lockedBy, this.id), eq(jobs.status, 'running'));
  }

  private async execute(job: Job, abort: AbortController): Promise<void> {
    const handler = this.kinds.get(job.kind);
    if (!handler) return;
    const beat = setInterval(() => void this.heartbeat(job.id, abort), Math.max(50, this.opts.leaseMs / 3));
    beat.unref();
    const ctx: JobContext = {
      id: job.id,
      orgId: job.organizationId,
      kind: job.kind,
      payload: job.payload as Record<string, unknown>,
      attempt: job.attempt,
      maxAttempts: job.maxAttempts,
      checkpoint: job.checkpoint,
      signal: abort.signal,
      db: this.db,
      progress: async (fraction, message) => {
        const p = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0));
        await this.touch(job.id, abort, { progress: p, progressMessage: message?.slice(0, 200) ?? null });
      },
      keep: (checkpoint) => this.touch(job.id, abort, { checkpoint }),
    };
    try {
      const result = await handler.run(ctx);
      clearInterval(beat);
      await this.db
        .update(jobs)
        .set({
          status: 'done',
          result: result ?? null,
          progress: 1,
          error: null,
          lockedBy: null,
          lockedUntil: null,
          finishTime: sql`now()`,
        })
        .where(this.mine(job.id));
    } catch (err) {
      clearInterval(beat);
      // Stopped by shutdown or a lost lease: the job is given back (or already someone else's).
      if (abort.signal.aborted) return;
      await this.fail(job, err, handler);
    }
  }

  private async fail(job: Job, err: unknown, handler: JobKind) {
    const error = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
    const final = err instanceof JobFailed || job.attempt >= job.maxAttempts;
    if (!(err instanceof JobFailed)) this.opts.onError(err, job);
    const [row] = await this.db
      .update(jobs)
      .set(
        final
          ? { status: 'failed', error, lockedBy: null, lockedUntil: null, finishTime: sql`now()` }
          : { status: 'queued', error, lockedBy: null, lockedUntil: null, runAt: ms(this.opts.backoffMs(job.attempt)) },
      )
      .where(this.mine(job.id))
      .returning();
    if (row && final) await this.notifyFailed(row, error, handler);
  }

  private async notifyFailed(job: Job, error: string, handler = this.kinds.get(job.kind)) {
    try {
      await handler?.onFailed?.(job, error);
    } catch (err) {
      this.opts.onError(err, job);
    }
  }

  // Renews the lease; a runner that finds the job no longer its own stops the handler.
  private async heartbeat(id: number, abort: AbortController) {
    await this.touch(id, abort, {}).catch((err) => this.opts.onError(err));
  }

  private async touch(id: number, abort: AbortController, patch: Partial<typeof jobs.$inferInsert>) {
    if (abort.signal.aborted) return;
    const rows = await this.db
      .update(jobs)
      .set({ ...patch, lockedUntil: ms(this.opts.leaseMs) })
      .where(this.mine(id))
      .returning({ id: jobs.id });
    if (!rows.length) abort.abort(new Error('lease lost'));
  }

  // Runs every job that is due now (and those they enqueue) to the end; for tests and the CLI.
  async runUntilIdle(timeoutMs = 60_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const n = await this.fillSlots();
      if (n === 0 && this.running.size === 0) return;
      if (this.running.size) await Promise.race([...this.running.values()].map((r) => r.done));
    }
    throw new Error('jobs still running after the timeout');
  }

  // Graceful shutdown: claim nothing more, let running jobs finish for a while, then stop them and
  // give their jobs back (queued again at once, the attempt not counted) for another process.
  async stop(): Promise<void> {
    this.started = false;
    runnersHere.delete(this);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const p of this.periodic) if (p.timer) clearInterval(p.timer);
    for (const d of this.dailies) if (d.timer) clearInterval(d.timer);
    await this.polling;
    const all = () => Promise.all([...this.running.values()].map((r) => r.done));
    let grace: NodeJS.Timeout | undefined;
    await Promise.race([all(), new Promise((r) => (grace = setTimeout(r, this.opts.graceMs)))]);
    clearTimeout(grace);
    const left = [...this.running.keys()];
    if (!left.length) return;
    await this.db
      .update(jobs)
      .set({
        status: 'queued',
        attempt: sql`greatest(${jobs.attempt} - 1, 0)`,
        lockedBy: null,
        lockedUntil: null,
        runAt: sql`now()`,
      })
      .where(and(inArray(jobs.id, left), eq(jobs.lockedBy, this.id)));
    for (const r of this.running.values()) r.abort.abort(new Error('shutting down'));
    await Promise.race([all(), new Promise((r) => setTimeout(r, 1000).unref())]);
  }

  // Removes finished jobs a week old (registered as a periodic platform job).
  static async purgeFinished(db: Db): Promise<number> {
    const gone = await db
      .delete(jobs)
      .where(and(inArray(jobs.status, ['done', 'failed']), lt(jobs.finishTime, sql`now() - ${sql.raw(DONE_KEPT)}`)))
      .returning({ id: jobs.id });
    return gone.length;
  }
}
