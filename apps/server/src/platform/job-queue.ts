import { and, eq, sql } from 'drizzle-orm';
import { bus } from './bus';
import type { Db, DbOrTx } from './db';
import { jobs } from './jobs.table';

// The job queue's side that any code uses: enqueue a job (on the caller's transaction), find one,
// wake the runners. The runner itself is jobs.ts.
//
// Background jobs on the database (decision 24). The same code runs on PGlite (one connection, in
// process) and PostgreSQL (several processes): a job is claimed by one UPDATE over a
// `FOR UPDATE SKIP LOCKED` select, so two runners never take the same row; the claim sets a lease
// (`locked_until`) that the runner renews while the handler works; a job whose lease ran out (its
// process died) is claimed again by anyone, with the next attempt number and the checkpoint the
// last attempt kept. Every write a runner makes to a job names itself (`locked_by`), so a runner
// that lost its lease can no longer finish or fail the job.

export type Job = typeof jobs.$inferSelect;

// Runners poll every second (jobs.ts); a job due within this is worth a wake-up.
const WAKE_WITHIN_MS = 2_000;

export interface JobSpec {
  kind: string;
  // null for platform maintenance.
  orgId: number | null;
  payload?: Record<string, unknown>;
  // The same (kind, dedupeKey) is enqueued once; later calls return the first job.
  dedupeKey?: string;
  runAt?: Date;
  maxAttempts?: number;
}

export interface JobContext {
  id: number;
  orgId: number | null;
  kind: string;
  payload: Record<string, unknown>;
  // 1 on the first run; more after a failure or after the process running it died.
  attempt: number;
  maxAttempts: number;
  // What an earlier attempt kept with `keep`, or null.
  checkpoint: unknown;
  // Aborted when the runner shuts down or lost the lease: stop soon, the job will be run again.
  signal: AbortSignal;
  db: Db;
  progress(fraction: number, message?: string): Promise<void>;
  keep(checkpoint: unknown): Promise<void>;
}

export interface JobKind {
  run(job: JobContext): Promise<unknown>;
  // Called once when the job fails for good (after its last attempt, or with a JobFailed error).
  onFailed?(job: Job, error: string): Promise<void>;
}

// A failure that retrying cannot cure (the user lost the right, the record is gone): no more attempts.
export class JobFailed extends Error {}

// The runners started in this process (jobs.ts adds and removes them).
export const runnersHere = new Set<{ wake(): void }>();

// Wakes every runner of this process (after an enqueue; the change bus brings enqueues made by
// other processes, and a listener that lost its connection asks for a look too).
export function wake(): void {
  for (const r of runnersHere) r.wake();
}
bus.subscribe('jobs', wake);
bus.onReset(wake);

// Adds a job, on the caller's transaction when given one, so a record and its job commit (or roll
// back) together. Returns the job's id, the existing job's when the dedupe key was taken.
export async function enqueue(db: DbOrTx, spec: JobSpec): Promise<{ id: number; created: boolean }> {
  const [row] = await db
    .insert(jobs)
    .values({
      kind: spec.kind,
      organizationId: spec.orgId,
      payload: spec.payload ?? {},
      dedupeKey: spec.dedupeKey ?? null,
      maxAttempts: spec.maxAttempts ?? 5,
      ...(spec.runAt ? { runAt: spec.runAt } : {}),
    })
    .onConflictDoNothing({ target: [jobs.kind, jobs.dedupeKey], where: sql`dedupe_key is not null` })
    .returning({ id: jobs.id });
  // Inside a transaction the job is seen once it commits, and so is the notice to the other
  // processes; the poll after the wake-up (or the next regular one) picks it up. A job due later
  // than the runners' next regular poll (a sitting's collection, hours away) wakes nobody: the
  // synchronised start of an exam enqueues one per student.
  if (!spec.runAt || spec.runAt.getTime() - Date.now() < WAKE_WITHIN_MS) {
    await bus.publish(db, 'jobs', { kind: spec.kind });
    setTimeout(wake, 20).unref();
  }
  if (row) return { id: row.id, created: true };
  const [existing] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, spec.kind), eq(jobs.dedupeKey, spec.dedupeKey ?? '')));
  if (!existing) throw new Error(`job ${spec.kind}/${spec.dedupeKey} vanished while being enqueued`);
  return { id: existing.id, created: false };
}

// Jobs written by a statement of the caller's own (several at once, in one insert): tell the
// runners here and in the other processes, as enqueue does.
export async function announceJobs(db: DbOrTx, kind: string): Promise<void> {
  await bus.publish(db, 'jobs', { kind });
  setTimeout(wake, 20).unref();
}

export async function findJob(db: DbOrTx, id: number): Promise<Job | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}
