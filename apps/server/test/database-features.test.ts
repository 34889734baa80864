import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db, DbOrTx } from '../src/platform/db';
import { describeDbError, pgErrorCode } from '../src/platform/db-errors';
import { enqueue, JobRunner } from '../src/platform/jobs';
import { anotherProcess, createTestApp, type TestApp } from './harness';

// One test per PostgreSQL feature the product relies on, on each database it runs on (the embedded
// PGlite and a PostgreSQL server): if an upgrade or a missing extension takes one away, this file
// names it. On PostgreSQL a second pool stands for another server process; PGlite is one connection
// (one process by construction), so the cross-session halves run on PostgreSQL only.

let t: TestApp;
let other: Database | null = null;

beforeAll(async () => {
  t = await createTestApp({ students: 0 });
  other = await anotherProcess(t);
});
afterAll(async () => {
  await other?.close();
  await t.close();
});

const rows = async <T>(db: DbOrTx, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

// Whether `promise` settles within `ms`: used to show that a session waits (it is still pending).
const settledWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

// A door one side opens and the other waits at: "the lock is taken", "commit now".
function latch() {
  let open = () => {};
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
}

describe('database features', () => {
  it('pg_trgm: "contains" keyword filters are served by the trigram indexes', async () => {
    const db = t.database.db;
    // Every trigram index the schema declares exists, as a GIN index over gin_trgm_ops.
    const indexes = await rows<{ name: string }>(
      db,
      sql`select indexname as name from pg_indexes where indexdef like '%USING gin%gin_trgm_ops%' order by 1`,
    );
    expect(indexes.map((i) => i.name)).toEqual(
      expect.arrayContaining([
        'users_real_name_trgm',
        'users_user_name_trgm',
        'questions_stem_trgm',
        'exams_name_trgm',
      ]),
    );
    expect(
      Number((await rows<{ s: number }>(db, sql`select similarity('Mathematics', 'Mathematic') as s`))[0].s),
    ).toBeGreaterThan(0.5);
    // With sequential scans priced out, an ilike '%…%' is planned on the trigram index.
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return rows<{ 'QUERY PLAN': string }>(tx, sql`explain select id from users where real_name ilike '%Teach%'`);
    });
    expect(plan.map((p) => p['QUERY PLAN']).join('\n')).toContain('users_real_name_trgm');
    const found = await rows<{ name: string }>(
      db,
      sql`select real_name as name from users where real_name ilike '%Teach%'`,
    );
    expect(found.map((f) => f.name)).toContain('Tom Teacher');
  });

  it('advisory locks: a transaction lock is held to the end of its transaction, and excludes other sessions', async () => {
    const db = t.database.db;
    const held = () =>
      rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = 4242 and granted`,
      );
    // The privilege ceiling's last-administrator check and the catalogue sync lock this way.
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(7399, 4242)`);
      const inside = await rows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = 4242 and granted`,
      );
      expect(inside[0].n).toBe(1);
    });
    expect((await held())[0].n).toBe(0);
    // `exclusively` (start-up: migrate, sync, seed) runs its function and hands back its value.
    expect(await t.database.exclusively(async () => 'done')).toBe('done');
    if (!other) return;

    // Another session waits for a transaction lock until the holder commits.
    const locked = latch();
    const commit = latch();
    const holder = db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(7399, 4242)`);
      locked.open();
      await commit.opened;
    });
    await locked.opened;
    const tried = await rows<{ ok: boolean }>(other.db, sql`select pg_try_advisory_xact_lock(7399, 4242) as ok`);
    expect(tried[0].ok).toBe(false);
    const waiter = other.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(7399, 4242)`);
    });
    expect(await settledWithin(waiter, 300)).toBe(false);
    commit.open();
    await holder;
    await waiter;

    // `exclusively` on PostgreSQL: two processes' start-ups run one after the other, never overlapping.
    const spans: string[] = [];
    const startUp = (d: Database, name: string) =>
      d.exclusively(async () => {
        spans.push(`${name} in`);
        await new Promise((r) => setTimeout(r, 100));
        spans.push(`${name} out`);
      });
    await Promise.all([startUp(t.database, 'a'), startUp(other, 'b')]);
    expect(['a in,a out,b in,b out', 'b in,b out,a in,a out']).toContain(spans.join());
  });

  it('FOR UPDATE SKIP LOCKED: two runners claiming at once take different jobs, and a held row is skipped, not waited for', async () => {
    const db = t.database.db;
    const kind = 'test.features.claim';
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push((await enqueue(db, { kind, orgId: null, payload: { i } })).id);
    const runner = (d: Db) => {
      const r = new JobRunner(d, { onError: () => {} });
      r.register(kind, { run: async () => {} });
      return r;
    };
    const [a, b] = await Promise.all([runner(db).claim(3), runner(other?.db ?? db).claim(3)]);
    const taken = [...a, ...b].map((j) => j.id).sort((x, y) => x - y);
    expect(taken).toEqual(ids);
    if (!other) return;

    // The raw feature across sessions: rows one transaction holds are passed over by the other at once.
    await db.execute(sql`create table feature_queue (id int primary key)`);
    await db.execute(sql`insert into feature_queue select generate_series(1, 4)`);
    const next2 = async (d: DbOrTx) =>
      (await rows<{ id: number }>(d, sql`select id from feature_queue order by id limit 2 for update skip locked`)).map(
        (r) => r.id,
      );
    const locked = latch();
    const commit = latch();
    let first: number[] = [];
    const holder = db.transaction(async (tx) => {
      first = await next2(tx);
      locked.open();
      await commit.opened;
    });
    await locked.opened;
    const second = await other.db.transaction((tx) => next2(tx));
    commit.open();
    await holder;
    expect(first).toEqual([1, 2]);
    expect(second).toEqual([3, 4]);
  });

  it('exclusion constraints (btree_gist): one room cannot be booked twice at overlapping times', async () => {
    const db = t.database.db;
    await db.execute(sql`create extension if not exists btree_gist`);
    await db.execute(sql`create table feature_bookings (
      room int not null,
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      constraint feature_bookings_room_ex exclude using gist (room with =, tstzrange(starts_at, ends_at) with &&)
    )`);
    const book = (room: number, from: string, to: string, d: DbOrTx = db) =>
      d.execute(sql`insert into feature_bookings values (${room}, ${from}::timestamptz, ${to}::timestamptz)`);
    await book(1, '2035-01-10T08:00Z', '2035-01-10T10:00Z');
    const clash = await book(1, '2035-01-10T09:00Z', '2035-01-10T11:00Z').then(
      () => null,
      (err: unknown) => err,
    );
    expect(pgErrorCode(clash)).toBe('23P01');
    // The engine answers 501 naming the field the constraint is for, and when the row in the way is taken.
    expect(describeDbError(clash)).toEqual({
      code: 501,
      detail: {
        key: 'clashesWith',
        field: 'room',
        params: {
          from: expect.stringMatching(/^2035-01-10 08:00:00/),
          to: expect.stringMatching(/^2035-01-10 10:00:00/),
        },
      },
    });
    // Ranges are half-open: the next booking may start when the last one ends; another room is free.
    await book(1, '2035-01-10T10:00Z', '2035-01-10T12:00Z');
    await book(2, '2035-01-10T09:00Z', '2035-01-10T11:00Z');
    if (!other) return;

    // Two processes booking one slot at once: exactly one commits.
    const booked = latch();
    const commit = latch();
    const first = db.transaction(async (tx) => {
      await book(3, '2035-01-11T08:00Z', '2035-01-11T09:00Z', tx);
      booked.open();
      await commit.opened;
    });
    await booked.opened;
    const second = book(3, '2035-01-11T08:30Z', '2035-01-11T09:30Z', other.db).then(
      () => null,
      (err: unknown) => pgErrorCode(err),
    );
    // The second waits for the first to decide, then is refused.
    expect(await settledWithin(second, 300)).toBe(false);
    commit.open();
    await first;
    expect(await second).toBe('23P01');
  });
});
