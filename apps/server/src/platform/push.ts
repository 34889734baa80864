import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Endpoint, PUSH_HEARTBEAT_MS, type PushEvents, type zStreamAnswer } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { type BusPayload, bus } from './bus';
import type { RequestContext } from './context';
import type { DbOrTx } from './db';
import { businessError, invalidParams, notLoggedIn } from './errors';
import { type Access, defineEndpoint } from './route';

// Live updates: server-sent events instead of pages asking every few seconds.
//
// A page opens a stream (a streamEndpoint of the contract, a GET with Accept: text/event-stream)
// on one key: an exam's board, a user's bell. The route checks the caller like every route (the
// token header, or the session cookie: a GET needs no ajax header) and what the key needs (may they
// watch that exam?); then this process's hub holds the answer open. Events come from the change
// bus: `channel.announce(tx, ...)` inside the writing transaction, so every process hears it when
// the change commits and hands it to the streams it holds on that key (this process hears it at
// once too, before the commit: pages read again a moment later, and again on the copy the listener
// brings after the commit). An event names what changed; the page reads it through its usual call.
//
// Bounded: a few streams per session and per user, a ceiling per process; a stream whose reader
// stopped reading is closed once a little is queued for it. A comment line every 25 s keeps proxies
// from closing it; a stream ends after about a quarter of an hour (the page opens another, which
// checks the session again) and when the server stops. Headers tell proxies not to buffer
// (X-Accel-Buffering: no) or transform it; a page that hears nothing within a minute polls instead.

const TOPIC = 'push';
// Characters of one bus message's ids and data: well inside what NOTIFY carries (bus.ts).
const MESSAGE_CHARS = 6_000;
const MAX_DATA_CHARS = 2_000;
// How long a browser's EventSource waits before it opens a closed stream again.
const RETRY_MS = 3_000;

export interface PushLimits {
  perSession: number;
  perUser: number;
  perProcess: number;
  heartbeatMs: number;
  // Each stream ends after this long, give or take a tenth (so reconnections spread out).
  maxAgeMs: number;
  // Bytes queued for a stream its reader does not take: past this, the stream is closed.
  maxQueuedBytes: number;
}

function processLimit(): number {
  const n = Number(process.env.PUSH_MAX_STREAMS ?? 10_000);
  return Number.isInteger(n) && n > 0 ? n : 10_000;
}

const defaults = (): PushLimits => ({
  perSession: 6,
  perUser: 12,
  // Each stream holds a socket: a file descriptor (check `ulimit -n`) and about 10-20 KB of memory.
  perProcess: processLimit(),
  heartbeatMs: PUSH_HEARTBEAT_MS,
  maxAgeMs: 15 * 60_000,
  maxQueuedBytes: 64 * 1024,
});

type Names<E extends PushEvents> = Exclude<keyof E, keyof PushEvents> & string;

// The events of one kind of stream, keyed by organisation and an id (an exam, a user).
export interface PushChannel<E extends PushEvents> {
  key(orgId: number, id: number): string;
  // Tells the streams of these ids an event, from any process: pass the writing transaction.
  announce<K extends Names<E>>(db: DbOrTx, orgId: number, ids: readonly number[], event: K, data: E[K]): Promise<void>;
}

export function pushChannel<E extends PushEvents>(name: string): PushChannel<E> {
  return {
    key: (orgId, id) => `${name}:${orgId}:${id}`,
    async announce(db, orgId, ids, event, data) {
      const d = JSON.stringify(data);
      if (d.length > MAX_DATA_CHARS) throw new Error(`push event "${event}" carries too much`);
      // Many ids (a message to the whole school) go out in several bus messages.
      let batch: string[] = [];
      let chars = 0;
      const flush = async () => {
        if (batch.length) await bus.publish(db, TOPIC, { c: name, o: orgId, i: batch.join(','), e: event, d });
        batch = [];
        chars = 0;
      };
      for (const id of new Set(ids)) {
        const text = String(id);
        if (chars + text.length + d.length > MESSAGE_CHARS) await flush();
        batch.push(text);
        chars += text.length + 1;
      }
      await flush();
    },
  };
}

interface Stream {
  key: string;
  session: string;
  user: string;
  res: ServerResponse;
  closesAt: number;
}

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

const bump = (counts: Map<string, number>, key: string, by: number) => {
  const n = (counts.get(key) ?? 0) + by;
  if (n > 0) counts.set(key, n);
  else counts.delete(key);
};

// Every hub of this process (one per app; tests build several).
const liveHubs = new Set<PushHub>();

// Ends the streams of sessions that ended or changed (auth/session-cache.ts hears of it on the change
// bus): a stream was checked when it opened, so it must not outlive a logout, a disabled account or
// a role taken away. The page opens another, which is checked again.
export function endStreams(which: { orgId: number; userIds: ReadonlySet<number> | null; tokenHash: string | null }) {
  for (const hub of liveHubs) hub.endWhere(which);
}

// The streams one process holds.
export class PushHub {
  readonly limits = defaults();
  private readonly all = new Set<Stream>();
  private readonly byKey = new Map<string, Set<Stream>>();
  private readonly bySession = new Map<string, number>();
  private readonly byUser = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private readonly unsubscribe: (() => void)[];

  constructor() {
    liveHubs.add(this);
    this.unsubscribe = [
      bus.subscribe(TOPIC, (p) => this.deliver(p)),
      // The listener lost its connection: what was announced meanwhile is gone, pages read again.
      bus.onReset(() => {
        for (const s of this.all) this.write(s, frame('resync', {}));
      }),
    ];
  }

  get size(): number {
    return this.all.size;
  }

  // Tests and operators: other limits from now on (streams already open keep going).
  configure(patch: Partial<PushLimits>): void {
    Object.assign(this.limits, patch);
    if (this.timer) {
      clearInterval(this.timer);
      this.timer = null;
      this.tick();
    }
  }

  // Refuses a stream past any limit, before anything is written.
  admit(ctx: RequestContext): void {
    const { perProcess, perSession, perUser } = this.limits;
    if (this.all.size >= perProcess) throw businessError('tooManyStreams', { max: perProcess });
    if ((this.bySession.get(ctx.tokenHash) ?? 0) >= perSession)
      throw businessError('tooManyStreams', { max: perSession });
    if ((this.byUser.get(`${ctx.orgId}:${ctx.userId}`) ?? 0) >= perUser)
      throw businessError('tooManyStreams', { max: perUser });
  }

  open(key: string, ctx: RequestContext, req: IncomingMessage, res: ServerResponse): void {
    const { maxAgeMs, heartbeatMs } = this.limits;
    const stream: Stream = {
      key,
      session: ctx.tokenHash,
      user: `${ctx.orgId}:${ctx.userId}`,
      res,
      closesAt: Date.now() + maxAgeMs * (0.9 + Math.random() * 0.2),
    };
    this.all.add(stream);
    const set = this.byKey.get(key) ?? new Set();
    this.byKey.set(key, set);
    set.add(stream);
    bump(this.bySession, stream.session, 1);
    bump(this.byUser, stream.user, 1);
    res.on('close', () => this.remove(stream));
    req.socket.setNoDelay(true);
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      // no-transform: a proxy must not compress it either (that buffers).
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    this.write(stream, `retry: ${RETRY_MS}\n\n${frame('ready', { heartbeatMs })}`);
    // Gone while the route checked the caller: its close came before anyone listened for it.
    if (req.socket.destroyed || res.destroyed) this.remove(stream);
    this.tick();
  }

  endWhere(which: { orgId: number; userIds: ReadonlySet<number> | null; tokenHash: string | null }): void {
    for (const s of this.all) {
      const [org, user] = s.user.split(':').map(Number);
      const hit = which.tokenHash
        ? s.session === which.tokenHash
        : org === which.orgId && (!which.userIds || which.userIds.has(user!));
      if (hit) this.end(s, 'session');
    }
  }

  // Ends every stream (the server stops): pages open them again on another process.
  stop(): void {
    liveHubs.delete(this);
    for (const s of this.all) this.end(s, 'shutdown');
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const off of this.unsubscribe) off();
  }

  private deliver(p: BusPayload): void {
    if (!this.all.size) return;
    const { c, o, i, e, d } = p;
    if (typeof c !== 'string' || typeof i !== 'string' || typeof e !== 'string' || typeof d !== 'string') return;
    const text = `event: ${e}\ndata: ${d}\n\n`;
    for (const id of i.split(',')) {
      const set = this.byKey.get(`${c}:${o}:${id}`);
      if (set) for (const s of set) this.write(s, text);
    }
  }

  // One timer for all streams: the heartbeat, and the end of those open long enough.
  private tick(): void {
    if (this.timer || !this.all.size) return;
    this.timer = setInterval(() => {
      if (!this.all.size) {
        if (this.timer) clearInterval(this.timer);
        this.timer = null;
        return;
      }
      const now = Date.now();
      for (const s of this.all) {
        if (now >= s.closesAt) this.end(s, 'maxAge');
        else this.write(s, ': heartbeat\n\n');
      }
    }, this.limits.heartbeatMs);
    this.timer.unref();
  }

  private write(s: Stream, text: string): void {
    if (s.res.writableEnded || s.res.destroyed) return;
    s.res.write(text);
    // A reader that stopped reading would have everything queued in this process: cut it off.
    if (s.res.writableLength > this.limits.maxQueuedBytes) s.res.destroy();
  }

  private end(s: Stream, reason: PushEvents['bye']['reason']): void {
    this.write(s, frame('bye', { reason }));
    s.res.end();
    this.remove(s);
  }

  private remove(s: Stream): void {
    if (!this.all.delete(s)) return;
    const set = this.byKey.get(s.key);
    set?.delete(s);
    if (set?.size === 0) this.byKey.delete(s.key);
    bump(this.bySession, s.session, -1);
    bump(this.byUser, s.user, -1);
  }
}

const hubs = new WeakMap<FastifyInstance, PushHub>();

// The app's hub, made with its first stream route; it ends its streams before the app closes.
export function pushHub(app: FastifyInstance): PushHub {
  let hub = hubs.get(app);
  if (!hub) {
    const made = new PushHub();
    hub = made;
    hubs.set(app, made);
    app.addHook('preClose', async () => made.stop());
  }
  return hub;
}

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
type ZodOpt = z.ZodType | undefined;

const wantsEvents = (accept: string | undefined) => /(^|,)\s*text\/event-stream\s*(;|,|$)/i.test(accept ?? '');

// Registers a contract stream endpoint (streamEndpoint): `keyOf` checks what the caller asks for
// and names the key its stream listens on; refusals answer the envelope as every route does.
export function defineStreamEndpoint<P extends ZodOpt, Q extends ZodOpt, A extends Exclude<Access, 'public'>>(
  app: FastifyInstance,
  ep: Endpoint<undefined, P, Q, typeof zStreamAnswer, A>,
  keyOf: (input: { ctx: RequestContext; params: Out<P>; query: Out<Q> }) => Promise<string>,
): void {
  const hub = pushHub(app);
  defineEndpoint(app, ep, async ({ ctx, params, query, req, reply }) => {
    const caller: RequestContext | null = ctx;
    if (!caller) throw notLoggedIn();
    // Anything else (a plain fetch, a crawler) would hold a connection it cannot read.
    if (!wantsEvents(req.headers.accept)) {
      throw invalidParams('accept', 'missingHeader', { header: 'Accept', value: 'text/event-stream' });
    }
    const key = await keyOf({ ctx: caller, params, query });
    hub.admit(caller);
    // From here the answer is the stream, written by the hub (no envelope, no compression).
    reply.hijack();
    hub.open(key, caller, req.raw, reply.raw);
    return undefined as never;
  });
}
