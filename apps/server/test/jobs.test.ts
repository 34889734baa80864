import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/modules/job/job.table';
import type { Database } from '../src/platform/db';
import { enqueue, findJob, type JobContext, JobFailed, JobRunner, type RunnerOptions } from '../src/platform/jobs';
import { anotherProcess, createTestApp, type TestApp } from './harness';

// The job queue on a real database (PGlite, and PostgreSQL with DATABASE_URL). "Another process" is
// another runner; on PostgreSQL it has its own pool (its own Db), as a second server would.

let t: TestApp;
let other: Database | null = null;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let seq = 0;
const kindName = (name: string) => `test.${name}.${++seq}`;

beforeAll(async () => {
  t = await createTestApp({ students: 0 });
  other = await anotherProcess(t);
});
afterAll(async () => {
  await other?.close();
  await t.close();
});

const fast: RunnerOptions = { pollMs: 20, leaseMs: 400, backoffMs: () => 30, onError: () => {} };
function runner(opts: RunnerOptions = {}, db = t.database.db) {
  return new JobRunner(db, { ...fast, ...opts });
}
const otherDb = () => other?.db ?? t.database.db;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

// What a lease running out looks like to the queue: `locked_until` in the past by the database's clock.
async function leaseRunsOut(id: number) {
  await t.database.db.update(jobs).set({ lockedUntil: sql`now() - interval '1 millisecond'` }).where(eq(jobs.id, id));
}

async function secondsUntilDue(id: number): Promise<number> {
  const [row] = await t.database.db
    .select({ s: sql<number>`extract(epoch from ${jobs.runAt} - now())::float8` })
    .from(jobs)
    .where(eq(jobs.id, id));
  return Number(row.s);
}

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting; last value ${JSON.stringify(v)}`);
    await sleep(20);
  }
}

describe('job queue', () => {
  it('runs an enqueued job once and stores its result', async () => {
    const kind = kindName('echo');
    const r = runner();
    const seen: JobContext[] = [];
    r.register(kind, {
      run: async (job) => {
        seen.push(job);
        return { doubled: Number(job.payload.n) * 2 };
      },
    });
    const { id, created } = await enqueue(t.database.db, { kind, orgId: t.ids.demo.orgId, payload: { n: 21 } });
    expect(created).toBe(true);
    await r.runUntilIdle();
    const job = await findJob(t.database.db, id);
    expect(job).toMatchObject({ status: 'done', attempt: 1, progress: 1, result: { doubled: 42 }, lockedBy: null });
    expect(seen.map((j) => [j.id, j.attempt, j.orgId])).toEqual([[id, 1, t.ids.demo.orgId]]);
  });

  it('accepts a dedupe key once: enqueued twice, run once', async () => {
    const kind = kindName('dedupe');
    const r = runner();
    let runs = 0;
    r.register(kind, { run: async () => ++runs });
    const a = await enqueue(t.database.db, { kind, orgId: null, dedupeKey: 'nightly-1' });
    const b = await enqueue(t.database.db, { kind, orgId: null, dedupeKey: 'nightly-1' });
    expect(b).toEqual({ id: a.id, created: false });
    await r.runUntilIdle();
    await enqueue(t.database.db, { kind, orgId: null, dedupeKey: 'nightly-1' });
    await r.runUntilIdle();
    expect(runs).toBe(1);
    expect(await t.database.db.select().from(jobs).where(eq(jobs.kind, kind))).toHaveLength(1);
  });

  it('commits a job with its transaction, and rolls it back with it', async () => {
    const kind = kindName('tx');
    await expect(
      t.database.db.transaction(async (tx) => {
        await enqueue(tx, { kind, orgId: null, payload: { x: 1 } });
        throw new Error('the record failed');
      }),
    ).rejects.toThrow('the record failed');
    expect(await t.database.db.select().from(jobs).where(eq(jobs.kind, kind))).toHaveLength(0);
    await t.database.db.transaction(async (tx) => {
      await enqueue(tx, { kind, orgId: null });
    });
    expect(await t.database.db.select().from(jobs).where(eq(jobs.kind, kind))).toHaveLength(1);
  });

  it('runs a daily job once a day across two runners (two processes on PostgreSQL), catching up when late', async () => {
    const kind = kindName('daily');
    let ran = 0;
    const make = (db: typeof t.database.db) => {
      const r = runner({ concurrency: 2, leaseMs: 30_000 }, db);
      r.register(kind, {
        run: async () => {
          ran++;
        },
      });
      // 00:00 UTC has always passed today: each runner finds the day's run due at its start.
      r.daily(kind, { hour: 0, minute: 0 });
      return r;
    };
    const a = make(t.database.db);
    const b = make(otherDb());
    a.start();
    b.start();
    await until(
      () => t.database.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.kind, kind)),
      (rows) => rows.length > 0 && rows.every((r) => r.status === 'done'),
    );
    await Promise.all([a.stop(), b.stop()]);
    const rows = await t.database.db.select({ key: jobs.dedupeKey }).from(jobs).where(eq(jobs.kind, kind));
    expect(rows).toEqual([{ key: `daily:${new Date().toISOString().slice(0, 10)}` }]);
    expect(ran).toBe(1);
    expect(() => runner({}, t.database.db).daily(kind, { hour: 24, minute: 0 })).toThrow();
  });

  it('never runs a job twice when two runners (two processes on PostgreSQL) share the queue', async () => {
    const kind = kindName('shared');
    const runs = new Map<number, string[]>();
    const make = (name: string, db: typeof t.database.db) => {
      // A lease long enough that only the claim can keep a job to one runner: with the fast 400 ms
      // lease, a starved process's renewal came late and the other runner rightly took the job again
      // (lease expiry has its own test below).
      const r = runner({ concurrency: 3, leaseMs: 30_000 }, db);
      r.register(kind, {
        run: async (job) => {
          runs.set(job.id, [...(runs.get(job.id) ?? []), name]);
          await sleep(20);
        },
      });
      return r;
    };
    const a = make('a', t.database.db);
    const b = make('b', otherDb());
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) ids.push((await enqueue(t.database.db, { kind, orgId: null, payload: { i } })).id);
    a.start();
    b.start();
    await until(
      () => t.database.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.kind, kind)),
      (rows) => rows.every((r) => r.status === 'done'),
    );
    await Promise.all([a.stop(), b.stop()]);
    expect([...runs.keys()].sort((x, y) => x - y)).toEqual(ids);
    for (const [id, by] of runs) expect(by, `job ${id}`).toHaveLength(1);
    // Both took part (on PostgreSQL they run side by side; PGlite interleaves them on one connection).
    expect(new Set([...runs.values()].flat()).size).toBe(2);
  });

  it('keeps a long job to its runner by renewing the lease', async () => {
    const kind = kindName('long');
    let runs = 0;
    // The lease is renewed every third of one. The job runs on for half a second after the lease it
    // was claimed with ran out by the database's clock, time enough for the other runner (polling
    // every 20 ms) to take it were it not renewed; a renewal may come a second late (a loaded
    // machine starved the process for more than the 1/3 s a 500 ms lease allowed).
    const a = runner({ leaseMs: 1500 });
    a.register(kind, {
      run: async (job) => {
        runs++;
        const [{ until: claimed }] = await t.database.db
          .select({ until: jobs.lockedUntil })
          .from(jobs)
          .where(eq(jobs.id, job.id));
        await until(
          async () =>
            (await rows<{ over: boolean }>(sql`select now() > ${claimed}::timestamptz + interval '500 ms' as over`))[0]
              .over,
          (over) => over,
        );
      },
    });
    const b = runner({ leaseMs: 1500 }, otherDb());
    b.register(kind, { run: async () => runs++ });
    const { id } = await enqueue(t.database.db, { kind, orgId: null });
    a.start();
    await until(
      () => findJob(t.database.db, id),
      (j) => j?.status === 'running',
    );
    b.start();
    await until(
      () => findJob(t.database.db, id),
      (j) => j?.status === 'done',
    );
    await Promise.all([a.stop(), b.stop()]);
    expect(runs).toBe(1);
    expect((await findJob(t.database.db, id))?.attempt).toBe(1);
  });

  it('resumes a job whose process died (lease ran out) in another runner, with the attempt and checkpoint', async () => {
    const kind = kindName('resume');
    const dead = runner({ leaseMs: 60_000 });
    dead.register(kind, { run: async () => {} });
    const { id } = await enqueue(t.database.db, { kind, orgId: null, payload: { rows: 10 } });
    // The "dead process" claims the job, keeps how far it got, and never beats again.
    const [claimed] = await dead.claim(1);
    expect(claimed).toMatchObject({ id, status: 'running', attempt: 1 });
    await t.database.db
      .update(jobs)
      .set({ checkpoint: { done: 4 } })
      .where(eq(jobs.id, id));

    const seen: { attempt: number; checkpoint: unknown }[] = [];
    const b = runner({ leaseMs: 60_000 }, otherDb());
    b.register(kind, {
      run: async (job) => {
        seen.push({ attempt: job.attempt, checkpoint: job.checkpoint });
        return { resumedFrom: (job.checkpoint as { done: number }).done };
      },
    });
    // Within the lease nobody else takes it.
    await b.runUntilIdle();
    expect(seen).toEqual([]);
    // The lease runs out (the database's clock is what leases are read against).
    await leaseRunsOut(id);
    await b.runUntilIdle();
    expect(seen).toEqual([{ attempt: 2, checkpoint: { done: 4 } }]);
    expect(await findJob(t.database.db, id)).toMatchObject({ status: 'done', result: { resumedFrom: 4 } });
  });

  it('retries with backoff, then fails with the error and tells the handler once', async () => {
    const kind = kindName('flaky');
    // Each failure puts the job back a minute (attempt × 60 s): the test checks the delay, then
    // makes the retry due instead of waiting for it.
    const r = runner({ backoffMs: (attempt) => attempt * 60_000 });
    const attempts: number[] = [];
    const failed: string[] = [];
    r.register(kind, {
      run: async (job) => {
        attempts.push(job.attempt);
        throw new Error(`broken on attempt ${job.attempt}`);
      },
      onFailed: async (_job, error) => {
        failed.push(error);
      },
    });
    const { id } = await enqueue(t.database.db, { kind, orgId: null, maxAttempts: 3 });
    for (const attempt of [1, 2]) {
      await r.runUntilIdle();
      expect(await findJob(t.database.db, id)).toMatchObject({ status: 'queued', attempt });
      // Not due before its backoff: another pass leaves it alone.
      expect(await secondsUntilDue(id)).toBeGreaterThan(attempt * 60 - 10);
      await r.runUntilIdle();
      expect(attempts).toHaveLength(attempt);
      await t.database.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.id, id));
    }
    await r.runUntilIdle();
    const job = await findJob(t.database.db, id);
    expect(attempts).toEqual([1, 2, 3]);
    expect(job).toMatchObject({ attempt: 3, error: 'broken on attempt 3' });
    expect(failed).toEqual(['broken on attempt 3']);
  });

  it('fails at once on JobFailed, without retrying', async () => {
    const kind = kindName('refused');
    const r = runner();
    let runs = 0;
    r.register(kind, {
      run: async () => {
        runs++;
        throw new JobFailed('not allowed any more');
      },
    });
    const { id } = await enqueue(t.database.db, { kind, orgId: null });
    await r.runUntilIdle();
    expect(runs).toBe(1);
    expect(await findJob(t.database.db, id)).toMatchObject({ status: 'failed', error: 'not allowed any more' });
  });

  it('shows progress while the job runs', async () => {
    const kind = kindName('progress');
    const r = runner();
    let release = () => {};
    const gate = new Promise<void>((res) => (release = res));
    r.register(kind, {
      run: async (job) => {
        await job.progress(0.4, '400 / 1000');
        await gate;
      },
    });
    const { id } = await enqueue(t.database.db, { kind, orgId: null });
    r.start();
    const running = await until(
      () => findJob(t.database.db, id),
      (j) => (j?.progress ?? 0) > 0,
    );
    expect(running).toMatchObject({ status: 'running', progressMessage: '400 / 1000' });
    expect(running?.progress).toBeCloseTo(0.4);
    release();
    await until(
      () => findJob(t.database.db, id),
      (j) => j?.status === 'done',
    );
    await r.stop();
  });

  it('on shutdown gives a job still running back to the queue, its attempt not counted', async () => {
    const kind = kindName('shutdown');
    const r = runner({ graceMs: 50 });
    let aborted = false;
    r.register(kind, {
      run: (job) =>
        new Promise((_res, rej) => {
          job.signal.addEventListener('abort', () => {
            aborted = true;
            rej(new Error('stopped'));
          });
        }),
    });
    const { id } = await enqueue(t.database.db, { kind, orgId: null });
    r.start();
    await until(
      () => findJob(t.database.db, id),
      (j) => j?.status === 'running',
    );
    await r.stop();
    expect(aborted).toBe(true);
    expect(await findJob(t.database.db, id)).toMatchObject({ status: 'queued', attempt: 0, lockedBy: null });
  });

  it('fails a job whose process died on its last attempt', async () => {
    const kind = kindName('lastgasp');
    const dead = runner({ leaseMs: 60_000 });
    const failed: number[] = [];
    dead.register(kind, { run: async () => {}, onFailed: async (job) => void failed.push(job.id) });
    const { id } = await enqueue(t.database.db, { kind, orgId: null, maxAttempts: 1 });
    await dead.claim(1);
    await dead.runUntilIdle();
    expect(await findJob(t.database.db, id)).toMatchObject({ status: 'running', attempt: 1 });
    await leaseRunsOut(id);
    await dead.runUntilIdle();
    expect(await findJob(t.database.db, id)).toMatchObject({ status: 'failed', attempt: 1 });
    expect(failed).toEqual([id]);
  });
});
