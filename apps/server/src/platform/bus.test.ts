import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BusPayload, bus, startBusListener } from './bus';
import { type Database, openDatabase } from './db';

const waitFor = async (check: () => boolean, ms = 3_000) => {
  const start = Date.now();
  while (!check() && Date.now() - start < ms) await new Promise((r) => setTimeout(r, 10));
};

describe('change bus in one process (embedded database)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ url: null, dataDir: null });
  });
  afterAll(() => database.close());

  it('hands a message to the subscribers of its topic only, until they unsubscribe', async () => {
    const seen: BusPayload[] = [];
    const other: BusPayload[] = [];
    const off = bus.subscribe('test-a', (p) => seen.push(p));
    const offOther = bus.subscribe('test-b', (p) => other.push(p));
    await bus.publish(database.db, 'test-a', { orgId: 7 });
    expect(seen).toEqual([{ orgId: 7 }]);
    expect(other).toEqual([]);
    off();
    offOther();
    await bus.publish(database.db, 'test-a', { orgId: 8 });
    expect(seen).toHaveLength(1);
    // Alone, a process may trust what it cached.
    expect(bus.trustCaches()).toBe(true);
  });

  it('refuses a message PostgreSQL could not carry', async () => {
    await expect(bus.publish(database.db, 'test-a', { text: 'x'.repeat(8_000) })).rejects.toThrow(/too large/);
  });
});

// The listener against a PostgreSQL server: a message published in a transaction reaches it when the
// transaction commits, and never when it rolls back.
describe.skipIf(!process.env.DATABASE_URL)('change bus over PostgreSQL (needs DATABASE_URL)', () => {
  const url = process.env.DATABASE_URL ?? '';
  let database: Database;
  let listener: Awaited<ReturnType<typeof startBusListener>>;
  beforeAll(async () => {
    database = await openDatabase({ url, dataDir: null });
    listener = await startBusListener(url, { log: () => {} });
  });
  afterAll(async () => {
    await listener.close();
    await database.close();
  });

  it('is heard after the commit, and a rolled-back change is never announced through the listener', async () => {
    expect(bus.state()).toBe('listening');
    const heard: BusPayload[] = [];
    const off = bus.subscribe('test-tx', (p) => heard.push(p));
    // The publisher hears its own message at once (in process) and again from the listener on commit.
    await database.db
      .transaction(async (tx) => {
        await bus.publish(tx, 'test-tx', { n: 1 });
        await tx.execute(sql`select 1`);
        throw new Error('roll back');
      })
      .catch(() => {});
    await database.db.transaction(async (tx) => {
      await bus.publish(tx, 'test-tx', { n: 2 });
    });
    await waitFor(() => heard.filter((p) => p.n === 2).length === 2);
    off();
    expect(heard.filter((p) => p.n === 2)).toHaveLength(2);
    expect(heard.filter((p) => p.n === 1)).toHaveLength(1);
  });
});
