import { type EndpointRef, endpointPath, PUSH_SILENCE_MS, type PushEvents, ResultCode } from '@lyceum/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useSyncExternalStore } from 'react';
import { parseEvents, type SseEvent } from './push-wire';
import { baseHeaders, type Query, withQuery } from './request';

// Live updates: a page listens on a stream of server-sent events (a streamEndpoint of the contract)
// and reads again what an event names, instead of asking every few seconds. The stream is read
// with fetch, so it carries the token header like every call (an EventSource could send only the
// cookie, and could not read a refusal). Components that listen on the same address share one
// connection. While the stream is not live (opening, refused, dropped, or silent for a minute: a
// proxy that holds the answer back), `live` is false and the page polls as it did before; the
// stream is tried again with backoff. A stream opens once the page's first reads are done, and a
// page hidden for a while closes it (a browser keeps only a few connections per server, and a stream
// holds one for good), opening it again when shown.

export type PushMode = 'connecting' | 'live' | 'polling';

// Hidden this long, a page lets its streams go; shown again, it opens them and reads again.
const HIDDEN_CLOSE_MS = 10_000;
const BACKOFF_FIRST_MS = 1_000;
const BACKOFF_MAX_MS = 60_000;
// A refusal (too many streams, the exam is no longer one the caller may watch): poll, try later.
const REFUSED_RETRY_MS = 120_000;
// The page's own first reads go first: a new stream opens once no query has been fetching for this
// long (a browser has few connections per server and a stream holds one), or after SETTLE_MAX_MS.
const SETTLE_QUIET_MS = 1_000;
const SETTLE_MAX_MS = 10_000;

type Listener = (event: string, data: unknown) => void;

// ---- one connection per address ----

class Connection {
  mode: PushMode = 'connecting';
  readonly listeners = new Set<Listener>();
  readonly watchers = new Set<() => void>();
  private controller: AbortController | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private silence: ReturnType<typeof setTimeout> | null = null;
  private hiddenSince: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private stopped = false;

  constructor(
    private readonly url: string,
    busy: () => boolean,
  ) {
    document.addEventListener('visibilitychange', this.onVisibility);
    void this.start(busy);
  }

  private async start(busy: () => boolean) {
    const until = Date.now() + SETTLE_MAX_MS;
    let quietSince = Date.now();
    while (Date.now() < until && Date.now() - quietSince < SETTLE_QUIET_MS) {
      await new Promise((r) => setTimeout(r, 100));
      if (busy() || document.readyState !== 'complete') quietSince = Date.now();
    }
    if (this.stopped || this.controller) return;
    if (document.hidden) this.setMode('polling');
    else void this.open();
  }

  stop() {
    this.stopped = true;
    document.removeEventListener('visibilitychange', this.onVisibility);
    this.close();
    if (this.hiddenSince) clearTimeout(this.hiddenSince);
  }

  private readonly onVisibility = () => {
    if (document.hidden) {
      this.hiddenSince ??= setTimeout(() => {
        this.close();
        this.setMode('polling');
      }, HIDDEN_CLOSE_MS);
      return;
    }
    if (this.hiddenSince) clearTimeout(this.hiddenSince);
    this.hiddenSince = null;
    if (!this.controller && !this.stopped) {
      this.failures = 0;
      if (this.retry) clearTimeout(this.retry);
      void this.open();
    }
  };

  private setMode(mode: PushMode) {
    if (mode === this.mode) return;
    this.mode = mode;
    for (const w of this.watchers) w();
  }

  private emit(event: string, data: unknown) {
    for (const l of this.listeners) l(event, data);
  }

  private close() {
    this.controller?.abort();
    this.controller = null;
    if (this.retry) clearTimeout(this.retry);
    if (this.silence) clearTimeout(this.silence);
    this.retry = null;
    this.silence = null;
  }

  private later(ms: number) {
    if (this.stopped || document.hidden) return;
    this.retry = setTimeout(() => void this.open(), ms * (0.75 + Math.random() * 0.5));
  }

  // Nothing heard for a minute: the stream is not getting through. Poll, and try again later.
  private heard(controller: AbortController) {
    if (this.silence) clearTimeout(this.silence);
    this.silence = setTimeout(() => controller.abort(), PUSH_SILENCE_MS);
  }

  private async open() {
    this.close();
    const controller = new AbortController();
    this.controller = controller;
    if (this.mode === 'live') this.setMode('polling');
    this.heard(controller);
    let next = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** this.failures);
    try {
      const res = await fetch(this.url, {
        headers: { ...baseHeaders(), Accept: 'text/event-stream' },
        credentials: 'include',
        cache: 'no-store',
        signal: controller.signal,
      });
      if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream') || !res.body) {
        // The envelope of a refusal. Signed out: the page's own calls take the reader to the login.
        const refusal = (await res.json().catch(() => null)) as { code?: number } | null;
        const code = refusal?.code;
        if (code === ResultCode.NotLoggedIn || code === ResultCode.SessionInvalid) this.stopped = true;
        next = REFUSED_RETRY_MS;
        return;
      }
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let text = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        this.heard(controller);
        const parsed = parseEvents(text + value);
        text = parsed.rest;
        for (const e of parsed.events) next = this.handle(e, next);
      }
    } catch {
      // A dropped connection, or our own abort (hidden, stopped, silent): handled below.
    } finally {
      if (this.controller === controller) {
        this.controller = null;
        if (this.silence) clearTimeout(this.silence);
        if (this.mode === 'live') this.failures = 0;
        else this.failures++;
        this.setMode('polling');
        this.later(next);
      }
    }
  }

  // One event: its listeners hear it; returns when to open the stream again should it end now.
  private handle(e: SseEvent, next: number): number {
    let data: unknown = null;
    try {
      data = JSON.parse(e.data);
    } catch {
      return next;
    }
    if (e.event === 'ready') this.setMode('live');
    this.emit(e.event, data);
    if (e.event !== 'bye') return next;
    // Open long enough: again at once. The session changed: again soon (a whole school's at once is
    // spread over a second). The server stops: spread over a few seconds.
    const reason = (data as PushEvents['bye']).reason;
    if (reason === 'shutdown') return 1_000 + Math.random() * 4_000;
    return reason === 'session' ? Math.random() * 1_000 : 0;
  }
}

const connections = new Map<string, Connection>();

// Joins the connection of this address (opened by its first listener, closed with its last).
function join(url: string, listener: Listener, watcher: () => void, busy: () => boolean): () => void {
  const connection = connections.get(url) ?? new Connection(url, busy);
  connections.set(url, connection);
  connection.listeners.add(listener);
  connection.watchers.add(watcher);
  return () => {
    connection.listeners.delete(listener);
    connection.watchers.delete(watcher);
    if (connection.listeners.size) return;
    connection.stop();
    connections.delete(url);
  };
}

type Handlers<E extends PushEvents> = { [K in keyof E]?: (data: E[K]) => void };

// Listens on a stream of the contract while `enabled`; `on` names what to do with each event (it
// may change from render to render). `live` says whether events arrive: poll while it is false.
export function usePush<E extends PushEvents>(
  ref: EndpointRef,
  input: { params?: Record<string, unknown>; query?: Query },
  on: Handlers<E>,
  enabled = true,
): { live: boolean; mode: PushMode } {
  const { params, query } = input;
  const url = enabled ? withQuery(endpointPath(ref.path, params), query) : null;
  const handlers = useRef(on);
  handlers.current = on;
  const client = useQueryClient();
  const subscribe = useCallback(
    (notify: () => void) =>
      url
        ? join(
            url,
            (event, data) => (handlers.current[event as keyof E] as ((d: unknown) => void) | undefined)?.(data),
            notify,
            () => client.isFetching() > 0,
          )
        : () => {},
    [url, client],
  );
  const mode = useSyncExternalStore(subscribe, () => (url ? (connections.get(url)?.mode ?? 'connecting') : 'polling'));
  return { live: mode === 'live', mode };
}
