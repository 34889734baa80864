import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DbOrTx } from './db';

// The change bus: how one server process tells the others that something they keep in memory
// changed (a role's permissions), or that there is work (the job queue's wake-ups).
//
// publish() sends a NOTIFY through the caller's connection. Called inside the writing transaction,
// PostgreSQL delivers it only when that transaction commits, so no process hears of a change it
// cannot see yet, and a rolled-back change is never announced. Every process, the sender included,
// LISTENs on one dedicated connection and hands each message to the topic's subscribers.
// The sender also delivers at once, in process, so its own next request never waits for the round
// trip; subscribers must therefore be idempotent (a cache drop, a wake-up): they may hear a
// message twice, once before the commit and once after.
//
// Without a listener (the embedded PGlite, which is one process by construction, and API tests
// that build one app) the in-process delivery is all there is, and all that is needed.
//
// Notifications sent while the listener is disconnected are lost. So while it is down, caches must
// not be trusted (`trustCaches()` is false), and when it comes back every `onReset` handler runs
// (drop everything, rescan the queue).
//
// Cross-process wake-ups (the job queue): publish(tx, 'jobs', { queue }) in the transaction that
// enqueues; each process subscribes with subscribe('jobs', wake) and onReset(rescan), and still
// polls now and then, since a wake-up is a hint, not a delivery guarantee.

export const BUS_CHANNEL = 'lyceum_bus';
// PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; messages name what changed, not the data.
const MAX_PAYLOAD = 7_900;

export type BusPayload = Record<string, string | number | boolean | null>;
type Handler = (payload: BusPayload) => void;
type ListenerState = 'none' | 'connecting' | 'listening' | 'down';

interface Message {
  t: string;
  p: BusPayload;
}

const handlers = new Map<string, Set<Handler>>();
const resetHandlers = new Set<() => void>();
let state: ListenerState = 'none';

function deliver(topic: string, payload: BusPayload) {
  for (const fn of handlers.get(topic) ?? []) {
    try {
      fn(payload);
    } catch (err) {
      console.error(`bus subscriber of "${topic}" failed: ${(err as Error).message}`);
    }
  }
}

function resetAll() {
  for (const fn of resetHandlers) fn();
}

export const bus = {
  // Announces a change. Pass the transaction that makes it, so others hear of it on commit.
  async publish(db: DbOrTx, topic: string, payload: BusPayload = {}): Promise<void> {
    const text = JSON.stringify({ t: topic, p: payload } satisfies Message);
    if (Buffer.byteLength(text) > MAX_PAYLOAD) throw new Error(`bus message on "${topic}" is too large`);
    await db.execute(sql`select pg_notify(${BUS_CHANNEL}, ${text})`);
    deliver(topic, payload);
  },

  // Runs fn for every message on the topic, from any process. Returns the unsubscribe function.
  subscribe(topic: string, fn: Handler): () => void {
    const set = handlers.get(topic) ?? new Set();
    handlers.set(topic, set);
    set.add(fn);
    return () => set.delete(fn);
  },

  // Runs fn whenever messages may have been missed: the listener lost its connection.
  onReset(fn: () => void): () => void {
    resetHandlers.add(fn);
    return () => resetHandlers.delete(fn);
  },

  // Runs every onReset handler now, as a reconnected listener does: what processes keep is dropped.
  // The server never calls it; an API test does when it builds an app, so each app starts as cold
  // as a new process would although test files share one process.
  reset(): void {
    resetAll();
  },

  // Whether what a process cached can be trusted: alone (no listener), or listening right now.
  trustCaches(): boolean {
    return state === 'none' || state === 'listening';
  },

  state(): ListenerState {
    return state;
  },
};

export interface BusListener {
  close(): Promise<void>;
}

const BACKOFF_FIRST_MS = 100;
const BACKOFF_MAX_MS = 5_000;

// One dedicated connection per process that LISTENs and reconnects with backoff when it drops.
// `applicationName` shows in pg_stat_activity (operators, and the test that cuts the connection).
export async function startBusListener(
  url: string,
  opts: { applicationName?: string; log?: (message: string) => void } = {},
): Promise<BusListener> {
  const log = opts.log ?? ((m: string) => console.error(m));
  const applicationName = opts.applicationName ?? `lyceum-bus ${process.pid} ${randomUUID().slice(0, 8)}`;
  let client: pg.Client | null = null;
  let closed = false;
  let delay = BACKOFF_FIRST_MS;
  let timer: NodeJS.Timeout | null = null;
  state = 'connecting';

  const lost = (c: pg.Client, reason: string) => {
    if (client !== c) return;
    client = null;
    c.removeAllListeners('notification');
    c.end().catch(() => {});
    if (closed) return;
    // Until LISTEN is back, nothing cached can be trusted; drop it now, not only on reconnect.
    state = 'down';
    resetAll();
    log(`change bus: connection lost (${reason}); reconnecting in ${delay} ms`);
    schedule();
  };

  const schedule = () => {
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, delay);
    timer.unref();
    delay = Math.min(delay * 2, BACKOFF_MAX_MS);
  };

  const connect = async (): Promise<boolean> => {
    const c = new pg.Client({ connectionString: url, application_name: applicationName, keepAlive: true });
    c.on('error', (err) => lost(c, err.message));
    c.on('end', () => lost(c, 'connection ended'));
    c.on('notification', (msg) => {
      if (msg.channel !== BUS_CHANNEL || !msg.payload) return;
      try {
        const { t, p } = JSON.parse(msg.payload) as Message;
        deliver(t, p);
      } catch {
        log('change bus: ignored a malformed message');
      }
    });
    client = c;
    try {
      await c.connect();
      await c.query(`listen ${BUS_CHANNEL}`);
    } catch (err) {
      if (client === c) lost(c, (err as Error).message);
      return false;
    }
    if (closed || client !== c) {
      await c.end().catch(() => {});
      return false;
    }
    const wasDown = state === 'down';
    state = 'listening';
    delay = BACKOFF_FIRST_MS;
    // Messages sent while we were away are gone: start from the database again.
    resetAll();
    if (wasDown) log('change bus: listening again');
    return true;
  };

  await connect();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      state = 'none';
      if (c) await c.end().catch(() => {});
    },
  };
}
